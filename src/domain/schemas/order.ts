import { z } from 'zod';
import { cursorParam } from '@domain/cursor-page';
import { FIELD_MSG } from '@domain/error-codes';
import { ORDER_STATUSES } from '@domain/constants';
import { AMOUNT_MAX, amountMessage, rupiahField, SHIPPING_COST_MAX } from './amount';

export const BANK_REFERENCE_MAX = 100;

// Request bodies and queries of the orders API. The state machine (order-machine.ts) decides
// whether an action is allowed; these only check the shape.

/**
 * The admin's shipping cost in whole rupiah (D32), bounded so the order total fits its column;
 * the minimum per delivery method is checked by shippingCostProblem.
 */
const shippingCost = rupiahField({
  invalid: FIELD_MSG.invalidShippingCost,
  min: 0,
  minMessage: FIELD_MSG.invalidShippingCost,
  max: SHIPPING_COST_MAX,
  maxMessage: amountMessage('shippingCostMax', 'max', SHIPPING_COST_MAX),
});

export const orderActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('set_shipping_cost'), shippingCost }),
  // D33: the admin records what arrived and the bank's reference for it.
  z.object({
    type: z.literal('confirm_payment'),
    amountReceived: rupiahField({
      invalid: FIELD_MSG.amountReceivedRequired,
      min: 1,
      minMessage: FIELD_MSG.amountReceivedRequired,
      max: AMOUNT_MAX,
      maxMessage: amountMessage('amountReceivedMax', 'max', AMOUNT_MAX),
    }),
    bankReference: z
      .string({ error: FIELD_MSG.bankReferenceRequired })
      .trim()
      .min(1, FIELD_MSG.bankReferenceRequired)
      .max(BANK_REFERENCE_MAX, FIELD_MSG.bankReferenceMax),
  }),
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

/** My orders pages of 20 (keyset: docs/architecture.md, "Lists at scale"). */
const ORDER_PAGE_SIZE = 20;

export const orderListQuerySchema = z.object({
  as: z.enum(['borrower', 'owner']).default('borrower'),
  cursor: cursorParam,
  pageSize: z.coerce.number().int().min(1).max(100).default(ORDER_PAGE_SIZE),
});
export type OrderListQuery = z.output<typeof orderListQuerySchema>;
