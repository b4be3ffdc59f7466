import { z } from 'zod';
import { moneySchema, timestampSchema } from './api-types';
import { ORDER_STATUSES } from './constants';
import { countedPageSchema, cursorParam, cursorQuerySchema } from './cursor-page';

// Earnings and payouts as the API returns them. Money is a decimal string.

const earningsOrderSchema = z.object({
  orderId: z.string(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  createdAt: timestampSchema,
  completedAt: timestampSchema.nullable(),
  itemsTotal: moneySchema,
  serviceFee: moneySchema,
  ownerShare: moneySchema,
  /** unpaid while the borrower has not paid; pending until Completed; payable once Completed. */
  state: z.enum(['unpaid', 'pending', 'payable']),
});

export const payoutViewSchema = z.object({
  id: z.string(),
  ownerId: z.string().nullable(),
  ownerName: z.string(),
  amount: moneySchema,
  /** The day the money was sent, YYYY-MM-DD. */
  paidOn: z.string(),
  reference: z.string(),
  recordedByName: z.string(),
  createdAt: timestampSchema,
});
export type PayoutView = z.infer<typeof payoutViewSchema>;

const earningsTotalsSchema = z.object({
  /** Shares of open orders, not yet payable. */
  pending: moneySchema,
  /** Shares of Completed orders: everything earned. */
  earned: moneySchema,
  /** Paid out so far. */
  paid: moneySchema,
  /** earned - paid: what the platform owes the owner now. */
  payable: moneySchema,
});
export type EarningsTotals = z.infer<typeof earningsTotalsSchema>;

export const payoutDetailsViewSchema = z.object({
  bankName: z.string().nullable(),
  accountName: z.string().nullable(),
  accountNumber: z.string().nullable(),
});

export const earningsSchema = z.object({
  totals: earningsTotalsSchema,
  serviceFeePercent: z.number(),
  /** Each order's share, newest first, one keyset page at a time. */
  orders: countedPageSchema(earningsOrderSchema),
  /** The payouts received, newest day first, one keyset page at a time (`payoutsCursor`). */
  payouts: countedPageSchema(payoutViewSchema),
  payoutDetails: payoutDetailsViewSchema,
});
export type Earnings = z.infer<typeof earningsSchema>;

const payableOwnerSchema = earningsTotalsSchema.extend({
  ownerId: z.string(),
  name: z.string(),
  email: z.string(),
  payoutDetails: payoutDetailsViewSchema,
});
export type PayableOwner = z.infer<typeof payableOwnerSchema>;

export const adminPayoutsSchema = z.object({
  /** Owners with a payable balance, largest first, one keyset page at a time (`ownersCursor`). */
  owners: countedPageSchema(payableOwnerSchema),
  /** The payouts made, newest first, one keyset page at a time. */
  history: countedPageSchema(payoutViewSchema),
});
export type AdminPayouts = z.infer<typeof adminPayoutsSchema>;

/** The Earnings page's query: `cursor` pages the orders, `payoutsCursor` the payouts. */
export const earningsQuerySchema = cursorQuerySchema.extend({ payoutsCursor: cursorParam });
export type EarningsQuery = z.infer<typeof earningsQuerySchema>;

/** At most this many owners with a payable balance in one answer. */
const PAYABLE_OWNERS_MAX = 50;

/**
 * The admin's Payouts tab: `cursor` and `pageSize` page the payout history; `ownersCursor` and
 * `ownersPageSize` (20 unless asked, at most 50) the owners with a payable balance.
 */
export const adminPayoutsQuerySchema = cursorQuerySchema.extend({
  ownersCursor: cursorParam,
  ownersPageSize: z.coerce.number().int().min(1).max(PAYABLE_OWNERS_MAX).default(20),
});
export type AdminPayoutsQuery = z.infer<typeof adminPayoutsQuerySchema>;
