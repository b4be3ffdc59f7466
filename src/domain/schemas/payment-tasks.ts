import { z } from 'zod';
import { cursorParam } from '@domain/cursor-page';
import { FIELD_MSG } from '@domain/error-codes';

// The admin's Payment tasks (D44) and Finance (D43) tabs: their queries and the actions' bodies.

const BANK_REFERENCE_MAX = 100;
const NOTE_MAX = 300;

export const paymentTasksQuerySchema = z.object({
  /** Open tasks (the default) or resolved ones. */
  state: z.enum(['open', 'resolved']).default('open'),
  cursor: cursorParam,
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type PaymentTasksQuery = z.infer<typeof paymentTasksQuerySchema>;

/**
 * Refund: without a bank reference through the provider (where it can refund); with one,
 * recorded as refunded by hand under the reference of the admin's own transfer.
 */
export const refundTaskSchema = z.object({
  bankReference: z
    .string({ error: FIELD_MSG.bankReferenceRequired })
    .trim()
    .max(BANK_REFERENCE_MAX, FIELD_MSG.bankReferenceMax)
    .optional()
    .transform((v) => (v === undefined || v === '' ? null : v)),
});

export const dismissTaskSchema = z.object({
  note: z
    .string({ error: FIELD_MSG.dismissNoteRequired })
    .trim()
    .min(1, FIELD_MSG.dismissNoteRequired)
    .max(NOTE_MAX, FIELD_MSG.dismissNoteMax),
});

export const financeQuerySchema = z.object({
  /** YYYY-MM in the operator's time zone; the current month when absent. */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, FIELD_MSG.invalidValue)
    .optional(),
});
