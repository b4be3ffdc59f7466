import { createHash } from 'node:crypto';
import { CsvError, parse } from 'csv-parse/sync';
import type { STATEMENT_LAYOUTS } from '@domain/gateway-types';
import { AppError } from '@server/lib/errors';

// Reading a bank statement an admin uploads (D42's statement adapter). A file is found to be one
// of the layouts below by its header row (the row naming the columns; BCA puts account details
// above it); every row under it must then read, or the whole file is refused naming its line
// (STATEMENT_*), so a half-read statement never confirms anything. Only credit lines (money in)
// come out. The layouts are the internet banking exports as operators download them (the
// column names, not their order, are what is matched; docs/decisions/0006-payment-providers.md):
//
//   BCA (KlikBCA, "Mutasi Rekening"): a few lines of account details including
//     "Periode : 01/11/2026 - 27/11/2026", then
//     Tanggal Transaksi, Keterangan, Cabang, Jumlah, <CR|DB>, Saldo
//     with dates as '27/11 (the year is the period's), 'PEND for a transfer not yet booked
//     (skipped: it comes back dated in a later statement), amounts as 150,000.00, and the
//     direction in the column after Jumlah (or as a suffix: 150,000.00 CR); totals
//     (Saldo Awal, Mutasi Kredit, Mutasi Debet, Saldo Akhir) close the file.
//   Mandiri (Livin'/Mandiri Online): Tgl., Tgl. Val., Rincian Transaksi, No. Referensi, Debit,
//     Kredit, Saldo; amounts as 1.234.567,00.
//   BNI (BNI Direct / internet banking): Posting Date, Effective Date, Branch, Journal,
//     Transaction Description, Amount, DB/CR, Balance; DB/CR is D or C (or DB, CR, K).
//   BRI (BRImo / internet banking): Tanggal Transaksi, Uraian Transaksi, Teller, Debet, Kredit,
//     Saldo.
//   Generic: date, description, amount (a negative amount is money out), or date,
//     description, credit[, debit], for any other bank, filled in by hand or a spreadsheet.
//
// Dates read as DD/MM/YYYY, DD/MM/YY, DD-MM-YYYY, YYYY-MM-DD or "27 Nov 2026" (English or
// Indonesian month names), a time after them ignored; amounts with "." or "," as thousands or
// decimal separator (the last one followed by one or two digits is the decimal one), with an
// optional "Rp"/"IDR" and sign. Cells may be separated by commas, semicolons or tabs.

type StatementLayout = (typeof STATEMENT_LAYOUTS)[number];

/** One credit line of a statement. */
export interface StatementCredit {
  /** The line in the file (1-based), as the admin sees it in a text editor. */
  line: number;
  /** YYYY-MM-DD. */
  bookedOn: string;
  description: string;
  /** Minor units (a bank may credit fractions of a rupiah, such as interest). */
  amountMinor: number;
  /**
   * What identifies the line across uploads: a hash of its normalised content (date,
   * description, amount) and how many identical lines came before it in the file.
   */
  key: string;
}

interface ReadStatement {
  layout: StatementLayout;
  credits: StatementCredit[];
}

type Direction =
  | { kind: 'split'; debit: readonly string[]; credit: readonly string[] }
  | { kind: 'flagged'; amount: readonly string[]; flag: readonly string[] | 'next' }
  | { kind: 'signed'; amount: readonly string[] };

interface LayoutSpec {
  name: StatementLayout;
  date: readonly string[];
  description: readonly string[];
  money: Direction;
}

/** Column names as compared: lower case, letters and digits only ("Tgl. Val." -> "tglval"). */
const headerKey = (cell: string) => cell.toLowerCase().replace(/[^a-z0-9]/g, '');

// Most specific first: a BRI header would also read as a generic one with a credit column.
const LAYOUTS: readonly LayoutSpec[] = [
  {
    name: 'bca',
    date: ['tanggaltransaksi'],
    description: ['keterangan'],
    money: { kind: 'flagged', amount: ['jumlah'], flag: 'next' },
  },
  {
    name: 'bri',
    date: ['tanggaltransaksi', 'tgltran', 'tanggal'],
    description: ['uraiantransaksi', 'desktran', 'uraian'],
    money: { kind: 'split', debit: ['debet', 'mutasidebet'], credit: ['kredit', 'mutasikredit'] },
  },
  {
    name: 'mandiri',
    date: ['tgl', 'tanggal', 'postingdate'],
    description: ['rinciantransaksi', 'remark', 'keterangan'],
    money: { kind: 'split', debit: ['debit'], credit: ['kredit', 'credit'] },
  },
  {
    name: 'bni',
    date: ['postingdate', 'tanggal'],
    description: ['transactiondescription', 'description', 'keterangan'],
    money: { kind: 'flagged', amount: ['amount', 'jumlah'], flag: ['dbcr', 'dk'] },
  },
  {
    name: 'generic',
    date: ['date', 'tanggal'],
    description: ['description', 'keterangan'],
    money: { kind: 'split', debit: ['debit'], credit: ['credit'] },
  },
  {
    name: 'generic',
    date: ['date', 'tanggal'],
    description: ['description', 'keterangan'],
    money: { kind: 'signed', amount: ['amount', 'jumlah'] },
  },
];

interface Columns {
  spec: LayoutSpec;
  date: number;
  description: number;
  /** Amount (flagged, signed) or credit (split). */
  amount: number;
  /** Debit (split) or the direction flag (flagged); -1 when absent. */
  other: number;
}

function columnsOf(cells: readonly string[]): Columns | null {
  const keys = cells.map(headerKey);
  const find = (names: readonly string[]) => {
    for (const name of names) {
      const at = keys.indexOf(name);
      if (at >= 0) return at;
    }
    return -1;
  };
  for (const spec of LAYOUTS) {
    const date = find(spec.date);
    const description = find(spec.description);
    if (date < 0 || description < 0) continue;
    const { money } = spec;
    if (money.kind === 'split') {
      const credit = find(money.credit);
      if (credit >= 0) return { spec, date, description, amount: credit, other: find(money.debit) };
    } else if (money.kind === 'flagged') {
      const amount = find(money.amount);
      if (amount < 0) continue;
      const other = money.flag === 'next' ? amount + 1 : find(money.flag);
      if (other >= 0) return { spec, date, description, amount, other };
    } else {
      const amount = find(money.amount);
      if (amount >= 0) return { spec, date, description, amount, other: -1 };
    }
  }
  return null;
}

const MONTHS: Record<string, number> = {
  jan: 1,
  januari: 1,
  january: 1,
  feb: 2,
  februari: 2,
  february: 2,
  peb: 2,
  mar: 3,
  maret: 3,
  march: 3,
  apr: 4,
  april: 4,
  mei: 5,
  may: 5,
  jun: 6,
  juni: 6,
  june: 6,
  jul: 7,
  juli: 7,
  july: 7,
  agu: 8,
  agt: 8,
  agus: 8,
  agustus: 8,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  okt: 10,
  oct: 10,
  oktober: 10,
  october: 10,
  nov: 11,
  nop: 11,
  november: 11,
  nopember: 11,
  des: 12,
  dec: 12,
  desember: 12,
  december: 12,
};

const pad = (n: number) => String(n).padStart(2, '0');

function isoDate(year: number, month: number, day: number): string | null {
  if (year < 100) year += 2000;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** A statement date as YYYY-MM-DD; `year` completes BCA's DD/MM. Null when it does not read. */
export function readStatementDate(text: string, year: number | null): string | null {
  // A leading apostrophe keeps a spreadsheet from reading the cell; a time after it is dropped.
  const cell = text
    .trim()
    .replace(/^'/, '')
    .split(/\s+\d{1,2}[:.]\d{2}/)[0]!
    .trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(cell);
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(cell);
  if (m) return isoDate(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2})[\s/-]+([A-Za-z]+)[\s/-]+(\d{2}|\d{4})$/.exec(cell);
  if (m) {
    const month = MONTHS[m[2]!.toLowerCase()];
    return month ? isoDate(Number(m[3]), month, Number(m[1])) : null;
  }
  m = /^(\d{1,2})\/(\d{1,2})$/.exec(cell);
  if (m && year !== null) return isoDate(year, Number(m[2]), Number(m[1]));
  return null;
}

/**
 * An amount in minor units, signed; 0 for an empty cell, null when it does not read. "CR"/"DB"
 * after it (BCA) are left to the caller, which strips them first.
 */
export function readStatementAmount(text: string): number | null {
  let cell = text
    .trim()
    .replace(/^'/, '')
    .replace(/^(rp\.?|idr)\s*/i, '')
    .replace(/\s+/g, '');
  if (cell === '' || cell === '-') return 0;
  let negative = false;
  if (/^\(.*\)$/.test(cell)) {
    negative = true;
    cell = cell.slice(1, -1);
  }
  if (cell.startsWith('-')) {
    negative = !negative;
    cell = cell.slice(1);
  } else if (cell.startsWith('+')) {
    cell = cell.slice(1);
  }
  cell = cell.replace(/^(rp\.?|idr)/i, '');
  if (!/^\d[\d.,]*$/.test(cell)) return null;
  // The last separator followed by one or two digits is the decimal one; every other is thousands.
  const decimal = /[.,](\d{1,2})$/.exec(cell);
  let whole = cell;
  let fraction = '';
  if (decimal) {
    whole = cell.slice(0, decimal.index);
    fraction = decimal[1]!;
  }
  // Thousands separators sit between groups of three digits.
  if (!/^\d{1,3}([.,]\d{3})*$|^\d+$/.test(whole)) return null;
  const minor = Number(whole.replace(/[.,]/g, '')) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(minor)) return null;
  return negative ? -minor : minor;
}

/** BCA's "Periode : 01/11/2026 - 27/11/2026": the year of its DD/MM dates (the period's end). */
function periodYear(cells: readonly string[]): number | null {
  const joined = cells.join(' ');
  if (!/periode|period/i.test(joined)) return null;
  const years = [...joined.matchAll(/\d{1,2}\/\d{1,2}\/(\d{4})/g)].map((m) => Number(m[1]));
  return years.at(-1) ?? null;
}

/** BCA's closing totals, and a blank row, end the lines. */
const FOOTER =
  /^(saldo ?awal|mutasi ?kredit|mutasi ?debet|mutasi ?debit|saldo ?akhir|opening balance|closing balance|total)/i;

function rowsOf(text: string, delimiter: string): string[][] {
  return parse(text, {
    delimiter,
    bom: true,
    relax_column_count: true,
    skip_empty_lines: false,
    trim: true,
  }) as string[][];
}

/** The delimiter whose rows hold a known header: commas, else semicolons, else tabs. */
function splitRows(text: string): { rows: string[][]; columns: Columns; headerAt: number } {
  let firstError: CsvError | null = null;
  for (const delimiter of [',', ';', '\t']) {
    let rows: string[][];
    try {
      rows = rowsOf(text, delimiter);
    } catch (error) {
      if (!(error instanceof CsvError)) throw error;
      firstError ??= error;
      continue;
    }
    for (let at = 0; at < Math.min(rows.length, 40); at++) {
      const columns = columnsOf(rows[at]!);
      if (columns) return { rows, columns, headerAt: at };
    }
  }
  if (firstError) {
    const line = (firstError as CsvError & { lines?: number }).lines ?? 1;
    throw new AppError('STATEMENT_UNREADABLE', { params: { line: String(line) } });
  }
  throw new AppError('STATEMENT_NOT_RECOGNISED');
}

const CREDIT_FLAGS = new Set(['cr', 'c', 'k', 'kredit', 'credit']);
const DEBIT_FLAGS = new Set(['db', 'd', 'debet', 'debit', 'dr']);

/** Normalised for the key: upper case, single spaces (exports differ in padding, not words). */
const normalised = (description: string) => description.toUpperCase().replace(/\s+/g, ' ').trim();

/**
 * Reads a statement's credit lines. Throws AppError STATEMENT_* naming the line of the first
 * row that does not read; rows are the file's lines (a quoted cell spanning lines is rare in
 * bank exports and counted from its first line).
 */
export function readStatement(text: string): ReadStatement {
  const { rows, columns, headerAt } = splitRows(text);
  const year =
    rows
      .slice(0, headerAt)
      .map(periodYear)
      .find((y) => y !== null) ?? null;
  const credits: Omit<StatementCredit, 'key'>[] = [];
  for (let at = headerAt + 1; at < rows.length; at++) {
    const cells = rows[at]!;
    const line = at + 1;
    if (cells.every((cell) => cell === '')) continue;
    const dateCell = cells[columns.date] ?? '';
    if (FOOTER.test(cells[0] ?? '')) break;
    // BCA: a transfer not yet booked has no date; it comes back dated in a later statement.
    if (/^'?pend$/i.test(dateCell)) continue;
    const bookedOn = readStatementDate(dateCell, year);
    if (!bookedOn)
      throw new AppError('STATEMENT_BAD_DATE', { params: { line: String(line), value: dateCell } });
    const amount = creditOf(cells, columns, line);
    if (amount === null) continue;
    credits.push({ line, bookedOn, description: cells[columns.description] ?? '', amountMinor: amount });
  }
  const seen = new Map<string, number>();
  return {
    layout: columns.spec.name,
    credits: credits.map((credit) => {
      const content = `${credit.bookedOn}|${normalised(credit.description)}|${credit.amountMinor}`;
      const occurrence = seen.get(content) ?? 0;
      seen.set(content, occurrence + 1);
      const key = createHash('sha256').update(`${content}#${occurrence}`).digest('hex');
      return { ...credit, key };
    }),
  };
}

/** The credit of a row in minor units, or null for money out (or a zero line). */
function creditOf(cells: readonly string[], columns: Columns, line: number): number | null {
  const { money } = columns.spec;
  const bad = (value: string) =>
    new AppError('STATEMENT_BAD_AMOUNT', { params: { line: String(line), value } });
  const amountCell = cells[columns.amount] ?? '';
  if (money.kind === 'split') {
    const credit = readStatementAmount(amountCell);
    if (credit === null) throw bad(amountCell);
    if (columns.other >= 0 && readStatementAmount(cells[columns.other] ?? '') === null) {
      throw bad(cells[columns.other] ?? '');
    }
    return credit > 0 ? credit : null;
  }
  if (money.kind === 'signed') {
    const amount = readStatementAmount(amountCell);
    if (amount === null) throw bad(amountCell);
    return amount > 0 ? amount : null;
  }
  // Flagged: the direction in its own column, or (BCA) as a suffix of the amount.
  const suffix = /\s*(CR|DB)$/i.exec(amountCell);
  const flag = (suffix?.[1] ?? cells[columns.other] ?? '').trim().toLowerCase();
  const amount = readStatementAmount(suffix ? amountCell.slice(0, suffix.index) : amountCell);
  if (amount === null) throw bad(amountCell);
  if (CREDIT_FLAGS.has(flag)) return amount > 0 ? amount : null;
  if (DEBIT_FLAGS.has(flag)) return null;
  throw bad(`${amountCell} ${cells[columns.other] ?? ''}`.trim());
}
