import { z } from 'zod';
import { moneySchema, timestampSchema } from './api-types';
import { ORDER_STATUSES } from './constants';
import { uuidField } from './ids';

// Payments that confirm themselves, as the API returns them.

/** 'ambiguous': a bank statement line that could pay more than one order (the statement adapter). */
export const PAYMENT_TASK_KINDS = [
  'late',
  'amount_mismatch',
  'second_payment',
  'unknown_reference',
  'ambiguous',
] as const;
export type PaymentTaskKind = (typeof PAYMENT_TASK_KINDS)[number];
/**
 * How a task of late or wrong money was resolved: refunded through the provider, refunded
 * by hand (the admin's bank reference recorded), the order revived, or dismissed with a note.
 */
export const PAYMENT_TASK_RESOLUTIONS = ['refunded', 'refund_recorded', 'revived', 'dismissed'] as const;
export type PaymentTaskAction = 'refund' | 'revive' | 'dismiss';

/**
 * Which actions a task offers (the server refuses the rest with PAYMENT_TASK_ACTION_INVALID):
 * every task may be refunded or dismissed; reviving is for money that was meant to pay an order
 * still unpaid, so never for a second payment (the order is paid) or an unknown reference (no
 * order). Whether every book is still free is checked when the admin revives.
 */
export function paymentTaskActions(task: {
  kind: PaymentTaskKind;
  orderId: string | null;
  orderStatus: string | null;
  orderPaid: boolean;
}): PaymentTaskAction[] {
  const revivable =
    (task.kind === 'late' || task.kind === 'amount_mismatch') &&
    task.orderId !== null &&
    !task.orderPaid &&
    (task.orderStatus === 'Cancelled' || task.orderStatus === 'Waiting for Payment');
  return revivable ? ['refund', 'revive', 'dismiss'] : ['refund', 'dismiss'];
}

/** What the borrower can pay an order with through the gateway; null where it does not apply. */
const gatewayPaymentSchema = z.object({
  /** The fake gateway: the page offers "Simulate payment", marked as test mode. */
  testMode: z.boolean(),
  amount: moneySchema,
  deadline: timestampSchema,
  /** The QRIS code drawn by the server (a PNG data URL) and its payload. */
  qris: z.object({ image: z.string(), payload: z.string() }).nullable(),
  virtualAccounts: z.array(z.object({ bank: z.string(), accountNumber: z.string() })),
});

export const orderGatewaySchema = z.object({ gateway: gatewayPaymentSchema.nullable() });
export type OrderGateway = z.infer<typeof orderGatewaySchema>;

/** The bank statement layouts an admin may upload (the statement adapter), found by their header row. */
export const STATEMENT_LAYOUTS = ['bca', 'mandiri', 'bni', 'bri', 'generic'] as const;
/**
 * What became of a credit line: it paid its order (matched), could pay more than one
 * (ambiguous), pays none (unmatched), came after its order was cancelled (late) or paid (second
 * payment): each of the last four is a payment task until resolved. A line stored by an
 * earlier upload changes nothing (already_imported).
 */
export const STATEMENT_LINE_OUTCOMES = [
  'matched',
  'ambiguous',
  'unmatched',
  'late',
  'second_payment',
  'already_imported',
] as const;
export type StatementLineOutcome = (typeof STATEMENT_LINE_OUTCOMES)[number];

export const statementImportSchema = z.object({
  layout: z.enum(STATEMENT_LAYOUTS),
  /** The statement's credit lines (money in), in file order; debits are not read. */
  lines: z.array(
    z.object({
      /** The line of the file (1-based). */
      line: z.number().int(),
      bookedOn: z.string(),
      description: z.string(),
      amount: moneySchema,
      outcome: z.enum(STATEMENT_LINE_OUTCOMES),
      /** The order it paid or came late for, or every order an ambiguous line could pay. */
      orders: z.array(z.object({ id: uuidField(), number: z.string(), status: z.enum(ORDER_STATUSES) })),
    }),
  ),
});
export type StatementImport = z.infer<typeof statementImportSchema>;

/** One task of late or wrong money on the admin's Payment tasks tab. */
export const paymentTaskSchema = z.object({
  id: uuidField(),
  kind: z.enum(PAYMENT_TASK_KINDS),
  /** When the money arrived (the notice was processed). */
  createdAt: timestampSchema,
  /** Whole rupiah received. */
  amountReceived: moneySchema,
  /** What the order asked for; null for an unknown reference. */
  amountDue: moneySchema.nullable(),
  /** The provider's id of the money (what a refund names). */
  providerPaymentRef: z.string(),
  /** How it was paid: 'qris' or 'va' with its bank, when the payment is ours. */
  method: z.enum(['qris', 'va', 'transfer']).nullable(),
  channel: z.string(),
  order: z
    .object({
      id: uuidField(),
      number: z.string(),
      status: z.enum(ORDER_STATUSES),
      borrowerName: z.string(),
      borrowerEmail: z.string(),
    })
    .nullable(),
  /** The actions valid now; empty once resolved. */
  actions: z.array(z.enum(['refund', 'revive', 'dismiss'])),
  /** Refund goes through the provider's API (QRIS); otherwise an admin refunds by hand. */
  refundThroughProvider: z.boolean(),
  resolution: z.enum(PAYMENT_TASK_RESOLUTIONS).nullable(),
  /** The provider's refund id, or the bank reference of a refund made by hand. */
  refundRef: z.string().nullable(),
  note: z.string().nullable(),
  resolvedAt: timestampSchema.nullable(),
  resolvedByName: z.string().nullable(),
});
export type PaymentTaskView = z.infer<typeof paymentTaskSchema>;

/** A month's money as the platform counts it (the admin's Finance tab), whole rupiah. */
export const financeFiguresSchema = z.object({
  /** The month, YYYY-MM, in the operator's time zone. */
  month: z.string(),
  /** Orders whose payment was recorded in the month and that were not cancelled since. */
  paidOrders: z.number().int(),
  /** What borrowers paid for those orders: the books' rent plus shipping. */
  received: moneySchema,
  /** The books' rent (items total). */
  itemsTotal: moneySchema,
  shipping: moneySchema,
  /** The owners' shares of the rent: the gateway's fee never touches them. */
  ownerShares: moneySchema,
  /** The platform's service fee on the rent, before the gateway's fees. */
  serviceFees: moneySchema,
  /** The gateway's fees on every payment received in the month (late and wrong money too). */
  gatewayFees: moneySchema,
  /** Service fees minus gateway fees; negative when fees exceed the platform's share. */
  platformNet: z.string().regex(/^-?\d+(\.\d{1,2})?$/),
  /** Payments received through the gateway in the month. */
  gatewayPayments: z.number().int(),
});
export type FinanceFigures = z.infer<typeof financeFiguresSchema>;
