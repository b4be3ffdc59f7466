// One payment interface (D42; docs/decisions/0006-payment-providers.md): every way money reaches
// Rakbuku is an adapter of these four calls, chosen by PAYMENT_PROVIDER. The order page asks
// createPayment for what the borrower can pay with; a provider's notice is checked by
// parseNotice (token, webhook id) and stored; the worker reads the money back with
// fetchPayment before an order moves; late or wrong money is refunded through refund where the
// provider can. Amounts are whole rupiah.

export type ProviderName = 'manual' | 'statement' | 'fake' | 'xendit';
type PaymentMethod = 'qris' | 'va' | 'transfer';
type RefundReason = 'DUPLICATE' | 'CANCELLATION' | 'OTHERS';

/** What to collect: our payment id is the reference the provider echoes in its notices. */
export interface PaymentRequest {
  reference: string;
  /** What the borrower's app shows beside the amount ("Rakbuku order 1A2B3C4D"). */
  description: string;
  amount: number;
  /** The order's payment deadline; the code or account stops taking money then. */
  expiresAt: Date;
  method: PaymentMethod;
  /** The bank of a virtual account ('BCA'); '' for QRIS and transfers. */
  channel: string;
}

export interface CreatedPayment {
  providerRef: string;
  /** The QRIS payload the page draws as a code (qris). */
  qrString: string | null;
  /** The number to transfer to (va), or the account of a transfer. */
  accountNumber: string | null;
}

/** Money a provider says it received, as its notice states it (not yet believed). */
export interface NoticedPayment {
  /** The provider's id of the money received: what fetchPayment reads and refund names. */
  paymentRef: string;
  /** The provider's id of what we created (CreatedPayment.providerRef). */
  providerRef: string;
  /** Our reference (PaymentRequest.reference), as the provider echoes it. */
  reference: string;
  amount: number;
  currency: string;
  succeeded: boolean;
}

export interface ParsedNotice {
  webhookId: string;
  /** Null for an event that says nothing about money received (stored, then ignored). */
  payment: NoticedPayment | null;
}

/** The provider's own record of a payment, read back before an order moves. */
export interface FetchedPayment extends NoticedPayment {
  /** The provider's fee for it, whole rupiah, borne by the platform's share. */
  fee: number;
}

export interface PaymentProvider {
  name: ProviderName;
  /** Methods and channels the order page offers, in the order shown. */
  offers: ReadonlyArray<{ method: PaymentMethod; channel: string }>;
  createPayment(request: PaymentRequest): Promise<CreatedPayment>;
  /**
   * Checks a notice's credentials (constant time) and reads it. Throws AppError UNAUTHORIZED
   * when it is not the provider's; a malformed body throws VALIDATION_FAILED.
   */
  parseNotice(headers: Headers, rawBody: string): ParsedNotice;
  /** The payment as the provider holds it now, by NoticedPayment.paymentRef. */
  fetchPayment(paymentRef: string): Promise<FetchedPayment>;
  /**
   * Refunds through the provider; null when it cannot (then an admin refunds by hand). The
   * reference names the refund at the provider and is its idempotency key: asked twice with one
   * reference, the provider refunds once and answers the same refund. Throws when the provider
   * refuses or fails the refund (nothing is refunded then).
   */
  refund(input: {
    paymentRef: string;
    reference: string;
    amount: number;
    /** Why, in the provider's words (a second payment is a duplicate). */
    reason: RefundReason;
  }): Promise<{ refundRef: string } | null>;
  /**
   * Test mode: pays a created payment as a customer would (the fake gateway only). Answers
   * false when the gateway does not know the payment (an in-process fake restarted since).
   */
  simulatePayment?: (providerRef: string, amount?: number) => Promise<boolean>;
}
