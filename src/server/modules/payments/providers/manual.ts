import { AppError } from '@server/lib/errors';
import type { PaymentProvider, ProviderName } from './provider';

// D33's transfer and claim, kept whole: the borrower transfers to the operator's account and
// says "I have paid"; an admin confirms with the amount and the bank's reference. No provider
// is asked for anything and none sends notices, so there is nothing to read back or refund
// through it: an admin refunds by hand and records it.
export function createManualProvider(name: ProviderName = 'manual'): PaymentProvider {
  return {
    name,
    offers: [],
    createPayment: () => Promise.reject(new Error(`${name} payments are made by transfer`)),
    parseNotice: () => {
      throw new AppError('UNAUTHORIZED');
    },
    fetchPayment: () => Promise.reject(new Error(`${name} payments are not read back`)),
    refund: () => Promise.resolve(null),
  };
}
