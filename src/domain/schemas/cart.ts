import { z } from 'zod';
import { BORROW_DURATIONS } from '@domain/constants';
import { FIELD_MSG } from '@domain/error-codes';

// Request bodies of the cart API (docs/api.md, Cart).

export const addToCartSchema = z.object({
  bookId: z.string({ error: FIELD_MSG.bookNotFound }).min(1, { error: FIELD_MSG.bookNotFound }).max(100),
});

/** Quantity is always 1 in the cart (spec section 9); 0 or less removes the item. */
export const updateCartItemSchema = z.object({
  quantity: z.number().int().min(-1000).max(1000),
});

export const borrowDurationSchema = z.object({
  borrowDuration: z.union(
    BORROW_DURATIONS.map((weeks) => z.literal(weeks)) as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<4>],
  ),
});
