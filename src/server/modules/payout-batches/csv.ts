import { toMinor } from '@domain/money';
import type { PayoutBatchLine } from '@server/db/schema';

// The bank's bulk-transfer file (the payout batch): one row per owner, the columns every Indonesian
// bank's bulk upload asks for, mapped in its own template. The amount is whole rupiah with no
// separators and the account number digits only, as bulk uploads take them.

const HEADER = ['owner', 'bank', 'account_name', 'account_number', 'amount', 'reference'];

/**
 * One CSV field: quoted when it holds a comma, quote or line break; a leading = + - @ (a
 * spreadsheet formula) is defused with an apostrophe, so a name cannot run in the admin's sheet.
 */
function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function batchCsv(lines: readonly PayoutBatchLine[]): string {
  const rows = lines.map((line) => [
    line.ownerName,
    line.bankName,
    line.accountName,
    line.accountNumber.replace(/\D/g, ''),
    String(Math.round(toMinor(line.amount) / 100)),
    line.reference,
  ]);
  return `${[HEADER, ...rows].map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;
}
