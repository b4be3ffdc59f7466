import { AppError } from '@server/lib/errors';
import type { PaymentProvider } from './provider';

// D42's transfer to a unique amount, matched from a bank statement an admin uploads
// (docs/decisions/0006-payment-providers.md). It fits the four calls with nothing to ask a
// provider: the "code" is the amount itself (the order's total minus 1-999 rupiah), chosen
// in our database under a lock (payments/statement-service.ts) rather than created remotely; the
// "notice" is a statement line, which needs no token because only an admin can upload it, and no
// read-back because it is the bank's own record; a refund is the admin's own transfer, recorded
// by hand. So every call here refuses or answers null, and the matching lives in
// payments/statement-import-service.ts, recording money through recordPaymentReceived.
export function createStatementProvider(): PaymentProvider {
  return {
    name: 'statement',
    // The order page shows the bank account and the unique amount (OrderPayment.transfer), not
    // gateway codes.
    offers: [],
    createPayment: () => Promise.reject(new Error('statement amounts are chosen in the database')),
    parseNotice: () => {
      throw new AppError('UNAUTHORIZED');
    },
    fetchPayment: () => Promise.reject(new Error('statement lines are the bank’s own record')),
    refund: () => Promise.resolve(null),
  };
}
