import { z } from 'zod';
import { ORDER_STATUSES } from '../constants';
import { MSG } from '../messages';

// Request bodies and queries of the orders API. The state machine (order-machine.ts) decides
// whether an action is allowed; these only check the shape.

/** The admin's shipping cost: a number or decimal text, at most 2 decimals (checked again per method). */
const shippingCost = z
  .union([z.string(), z.number()], { error: MSG.invalidShippingCost })
  .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
  .refine((value) => /^\d{1,10}(\.\d{1,2})?$/.test(value), { error: MSG.invalidShippingCost });

export const orderActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('set_shipping_cost'), shippingCost }),
  z.object({ type: z.literal('confirm_payment') }),
  z.object({ type: z.literal('mark_shipped') }),
  z.object({ type: z.literal('mark_delivered') }),
  z.object({ type: z.literal('mark_return_started') }),
  z.object({ type: z.literal('confirm_return_complete') }),
  z.object({ type: z.literal('confirm_received') }),
  z.object({ type: z.literal('return_books') }),
  z.object({ type: z.literal('confirm_books_returned') }),
  z.object({ type: z.literal('cancel') }),
  z.object({ type: z.literal('set_status'), status: z.enum(ORDER_STATUSES) }),
]);
export type OrderActionInput = z.output<typeof orderActionSchema>;

export const orderListQuerySchema = z.object({
  as: z.enum(['borrower', 'owner']).default('borrower'),
});
export type OrderListQuery = z.output<typeof orderListQuerySchema>;
