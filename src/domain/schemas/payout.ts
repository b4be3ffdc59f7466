import { z } from 'zod';
import { PAYMENT_MSG } from '@domain/payment-messages';
import { AMOUNT_MAX, AMOUNT_MSG, rupiahField } from './amount';

// Payout details on the profile and the admin's "Record payout" (D34).

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => (v === undefined || v === '' ? null : v));

export const payoutDetailsSchema = z.object({
  bankName: optionalText(100, PAYMENT_MSG.bankNameMax),
  accountName: optionalText(100, PAYMENT_MSG.accountNameMax),
  accountNumber: optionalText(40, PAYMENT_MSG.accountNumberFormat).refine(
    (v) => v === null || /^[0-9][0-9 -]{3,32}[0-9]$/.test(v),
    PAYMENT_MSG.accountNumberFormat,
  ),
});
export type PayoutDetailsInput = z.input<typeof payoutDetailsSchema>;
export type PayoutDetails = z.output<typeof payoutDetailsSchema>;

export const PAYOUT_REFERENCE_MAX = 100;

export const recordPayoutSchema = z.object({
  ownerId: z.string({ error: PAYMENT_MSG.payoutOwnerNotFound }).trim().min(1).max(100),
  amount: rupiahField({
    invalid: PAYMENT_MSG.payoutAmountRequired,
    min: 1,
    minMessage: PAYMENT_MSG.payoutAmountRequired,
    max: AMOUNT_MAX,
    maxMessage: AMOUNT_MSG.atMost('A payout', AMOUNT_MAX),
  }),
  paidOn: z.iso.date({ error: PAYMENT_MSG.payoutDateRequired }),
  reference: z
    .string({ error: PAYMENT_MSG.payoutReferenceRequired })
    .trim()
    .min(1, PAYMENT_MSG.payoutReferenceRequired)
    .max(PAYOUT_REFERENCE_MAX, PAYMENT_MSG.bankReferenceMax),
});
export type RecordPayoutInput = z.input<typeof recordPayoutSchema>;
export type RecordPayout = z.output<typeof recordPayoutSchema>;

/** D36: the admin's reason for rejecting a payment claim, shown to the borrower. */
export const rejectClaimSchema = z.object({
  reason: z
    .string({ error: PAYMENT_MSG.rejectReasonRequired })
    .trim()
    .min(1, PAYMENT_MSG.rejectReasonRequired)
    .max(300, PAYMENT_MSG.rejectReasonMax),
});
export type RejectClaim = z.infer<typeof rejectClaimSchema>;
