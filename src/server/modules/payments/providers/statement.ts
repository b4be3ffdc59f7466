import type { PaymentProvider } from './provider';
import { createManualProvider } from './manual';

// The `statement` adapter's slot (D42, D43): a transfer to a unique amount, matched from an
// imported bank statement instead of a notice. Until its matching lands it pays like `manual`
// (transfer, claim, an admin's Confirm Payment), so choosing it loses nothing.
export function createStatementProvider(): PaymentProvider {
  return createManualProvider('statement');
}
