import { z } from 'zod';
import { FIELD_MESSAGES, type FieldMessageKey } from './error-codes';
import { bookSummarySchema, moneySchema, timestampSchema } from './api-types';
import { BORROW_DURATIONS } from './constants';
import { oneOf } from './literals';

// The cart as the API returns it (GET /api/cart). Money is a decimal string, totals come
// from the one pricing function.

const borrowDurationValueSchema = oneOf(BORROW_DURATIONS);

const cartItemViewSchema = z.object({
  id: z.string(),
  book: bookSummarySchema,
  quantity: z.literal(1),
  borrowDuration: borrowDurationValueSchema,
  itemTotal: moneySchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type CartItemView = z.infer<typeof cartItemViewSchema>;

/** One owner's part of the cart (spec section 3, 'Owner group'). */
const ownerGroupSchema = z.object({
  /** '' for books whose owner's account is gone (their books can no longer be borrowed). */
  ownerId: z.string(),
  /** 'Unknown Owner' when the owner has no name on record. */
  ownerName: z.string(),
  ownerLocation: z.string().nullable(),
  items: z.array(cartItemViewSchema),
  totalBooks: z.number().int(),
  borrowDuration: borrowDurationValueSchema,
  totalAmount: moneySchema,
});
export type OwnerGroup = z.infer<typeof ownerGroupSchema>;

export const cartViewSchema = z.object({
  groups: z.array(ownerGroupSchema),
  count: z.number().int(),
  subtotal: moneySchema,
});
export type CartView = z.infer<typeof cartViewSchema>;

export const cartValidationSchema = z.object({
  ok: z.boolean(),
  /** Each problem in English as the spec words it, e.g. '"Matilda" is no longer available'. */
  problems: z.array(z.string()),
  /** The same problems as message keys with their parameters, for the web to translate. */
  problemCodes: z.array(
    z.object({
      code: z.enum(Object.keys(FIELD_MESSAGES) as [FieldMessageKey, ...FieldMessageKey[]]),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    }),
  ),
});
export type CartValidation = z.infer<typeof cartValidationSchema>;
