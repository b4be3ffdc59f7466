import { z } from 'zod';
import { FIELD_MSG } from '@domain/error-codes';
import { AMOUNT_MAX, amountMessage, rupiahField } from './amount';

// Payout details on the profile and the admin's "Record payout" (D34).

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => (v === undefined || v === '' ? null : v));

export const payoutDetailsSchema = z.object({
  bankName: optionalText(100, FIELD_MSG.bankNameMax),
  accountName: optionalText(100, FIELD_MSG.accountNameMax),
  accountNumber: optionalText(40, FIELD_MSG.accountNumberFormat).refine(
    (v) => v === null || /^[0-9][0-9 -]{3,32}[0-9]$/.test(v),
    FIELD_MSG.accountNumberFormat,
  ),
});
export type PayoutDetailsInput = z.input<typeof payoutDetailsSchema>;
export type PayoutDetails = z.output<typeof payoutDetailsSchema>;

const PAYOUT_REFERENCE_MAX = 100;

export const recordPayoutSchema = z.object({
  ownerId: z.string({ error: FIELD_MSG.invalidValue }).trim().min(1).max(100),
  amount: rupiahField({
    invalid: FIELD_MSG.payoutAmountRequired,
    min: 1,
    minMessage: FIELD_MSG.payoutAmountRequired,
    max: AMOUNT_MAX,
    maxMessage: amountMessage('payoutMax', 'max', AMOUNT_MAX),
  }),
  paidOn: z.iso.date({ error: FIELD_MSG.payoutDateRequired }),
  reference: z
    .string({ error: FIELD_MSG.payoutReferenceRequired })
    .trim()
    .min(1, FIELD_MSG.payoutReferenceRequired)
    .max(PAYOUT_REFERENCE_MAX, FIELD_MSG.bankReferenceMax),
});
export type RecordPayoutInput = z.input<typeof recordPayoutSchema>;
export type RecordPayout = z.output<typeof recordPayoutSchema>;

/** D36: the admin's reason for rejecting a payment claim, shown to the borrower. */
export const rejectClaimSchema = z.object({
  reason: z
    .string({ error: FIELD_MSG.rejectReasonRequired })
    .trim()
    .min(1, FIELD_MSG.rejectReasonRequired)
    .max(300, FIELD_MSG.rejectReasonMax),
});

/** "Mark batch paid": the day the bank sent the transfers. */
export const markBatchPaidSchema = z.object({
  paidOn: z.iso.date({ error: FIELD_MSG.payoutDateRequired }),
});
export type MarkBatchPaid = z.output<typeof markBatchPaidSchema>;
