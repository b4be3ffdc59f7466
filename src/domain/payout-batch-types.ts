import { z } from 'zod';
import { moneySchema, timestampSchema } from './api-types';

// Payouts in one batch as the API returns them. Money is a decimal string.

const payoutBatchLineSchema = z.object({
  ownerId: z.string().nullable(),
  ownerName: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  amount: moneySchema,
  /** The transfer's reference on the bank file and on the owner's payout. */
  reference: z.string(),
});

/** At most this many lines travel with a batch; the CSV holds them all. */
export const BATCH_LINES_SHOWN = 50;

export const payoutBatchSchema = z.object({
  id: z.string(),
  reference: z.string(),
  total: moneySchema,
  lineCount: z.number().int(),
  /** The first BATCH_LINES_SHOWN lines, largest first. */
  lines: z.array(payoutBatchLineSchema),
  createdAt: timestampSchema,
  createdByName: z.string(),
  /** The day the bank sent it, YYYY-MM-DD; null while the batch is open. */
  paidOn: z.string().nullable(),
  paidAt: timestampSchema.nullable(),
  paidByName: z.string().nullable(),
});
export type PayoutBatchView = z.infer<typeof payoutBatchSchema>;

export const payoutBatchStateSchema = z.object({
  /** The batch prepared and not yet marked paid, if any (one at a time). */
  open: payoutBatchSchema.nullable(),
  /** The last batch marked paid. */
  lastPaid: payoutBatchSchema.nullable(),
  /** What a batch prepared now would pay. */
  ready: z.object({
    owners: z.number().int(),
    total: moneySchema,
    /** Owners with a payable balance and no complete bank details: left out of a batch. */
    withoutBankDetails: z.number().int(),
  }),
});
export type PayoutBatchState = z.infer<typeof payoutBatchStateSchema>;
