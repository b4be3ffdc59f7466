import { z } from 'zod';
import { moneySchema, timestampSchema } from './api-types';
import { DELIVERY_METHODS, ORDER_STATUSES } from './constants';
import { pageSchema } from './cursor-page';
import { DUE_STATES, EXTENSION_REFUSALS, EXTENSION_WEEKS } from './loan';
import { oneOf } from './literals';
import { ORDER_ROLES, type OrderActionType } from './order-actions';

// Orders as the API returns them. An order belongs to one borrower and one owner; its
// items are snapshots taken at checkout. Money is a decimal string.

const orderStatusSchema = z.enum(ORDER_STATUSES);

const deliveryAddressSchema = z.object({
  fullName: z.string(),
  phone: z.string(),
  address: z.string(),
});
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

const pickupLocationSnapshotSchema = z.object({
  name: z.string(),
  location: z.string(),
  address: z.string(),
});
export type PickupLocationSnapshot = z.infer<typeof pickupLocationSnapshotSchema>;

const orderItemViewSchema = z.object({
  id: z.string(),
  bookId: z.string().nullable(),
  title: z.string(),
  author: z.string(),
  coverUrl: z.string(),
  ownerId: z.string().nullable(),
  ownerName: z.string(),
  quantity: z.number().int(),
  borrowDuration: z.number().int(),
  weeklyPrice: moneySchema,
  monthlyPrice: moneySchema.nullable(),
  itemTotal: moneySchema,
});
export type OrderItemView = z.infer<typeof orderItemViewSchema>;

/** While Delivered: the due date and day count, computed by the server's clock and zone (loan.ts). */
const loanClockSchema = z.object({
  /** The due instant: the end of the due date in the operator's time zone. */
  dueAt: timestampSchema,
  /** The due date in the operator's time zone, YYYY-MM-DD. */
  dueDate: z.string(),
  /** Due date minus today (both local): 0 due today, negative overdue. */
  daysLeft: z.number().int(),
  state: z.enum(DUE_STATES),
  /** An overdue reminder has gone to the borrower for this due date. */
  borrowerReminded: z.boolean(),
});

export const orderSummarySchema = z.object({
  id: z.string(),
  /** Last 8 characters of the id, upper case. */
  number: z.string(),
  status: orderStatusSchema,
  userId: z.string().nullable(),
  userName: z.string(),
  ownerId: z.string().nullable(),
  ownerName: z.string(),
  deliveryMethod: z.enum(DELIVERY_METHODS),
  deliveryAddress: deliveryAddressSchema.nullable(),
  pickupLocation: pickupLocationSnapshotSchema.nullable(),
  borrowDuration: z.number().int(),
  subtotal: moneySchema,
  shippingCost: moneySchema.nullable(),
  total: moneySchema.nullable(),
  itemCount: z.number().int(),
  /** The owner's share, on the owner's list only ("Orders for my books"); null elsewhere. */
  ownerShare: moneySchema.nullable(),
  /** The first book of the order (its snapshot), for list rows: "Matilda +2 more". */
  firstItem: z.object({ title: z.string(), coverUrl: z.string() }).nullable(),
  createdAt: timestampSchema,
  /** When the loan started (the order became Delivered) and when it is due. */
  deliveredAt: timestampSchema.nullable(),
  dueAt: timestampSchema.nullable(),
  /** The payment deadline while Waiting for Payment, else null. */
  paymentDueAt: timestampSchema.nullable(),
  /** While Delivered: the due date and day count, computed by the server's clock and zone. */
  loan: loanClockSchema.nullable(),
  /** The borrower pressed "I have paid" and the order still waits for payment. */
  paymentClaimed: z.boolean(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** An extension of the loan: a charge on the order the admin marks paid. */
const orderExtensionViewSchema = z.object({
  id: z.string(),
  weeks: z.number().int(),
  amount: moneySchema,
  previousDueAt: timestampSchema,
  newDueAt: timestampSchema,
  paid: z.boolean(),
  paidAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
});
export type OrderExtensionView = z.infer<typeof orderExtensionViewSchema>;

/** What the borrower may extend now, at which price and to which date; or why not. */
const extensionOfferSchema = z.object({
  refusal: z.object({ code: z.enum(EXTENSION_REFUSALS), message: z.string() }).nullable(),
  options: z.array(
    z.object({
      weeks: oneOf(EXTENSION_WEEKS),
      amount: moneySchema,
      newDueAt: timestampSchema,
      newDueDate: z.string(),
    }),
  ),
});
export type ExtensionOffer = z.infer<typeof extensionOfferSchema>;

/** What an event recorded beyond the status change. */
const orderEventDetailsSchema = z.object({
  amountReceived: moneySchema.optional(),
  bankReference: z.string().optional(),
  receipt: z.boolean().optional(),
  /** Why an admin rejected a payment claim. */
  reason: z.string().optional(),
});
export type OrderEventDetails = z.infer<typeof orderEventDetailsSchema>;

const orderEventViewSchema = z.object({
  id: z.string(),
  fromStatus: orderStatusSchema.nullable(),
  toStatus: orderStatusSchema,
  action: z.string(),
  actorName: z.string(),
  actorRole: z.string(),
  details: orderEventDetailsSchema.nullable(),
  createdAt: timestampSchema,
});
export type OrderEventView = z.infer<typeof orderEventViewSchema>;

/** The payment panel's facts: for the borrower and the admins only. */
const orderPaymentSchema = z.object({
  /** The amount to transfer; null until the shipping cost is set. */
  amount: moneySchema.nullable(),
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  /** The order number, used as the transfer reference. */
  reference: z.string(),
  /** The payment deadline while Waiting for Payment, else null. */
  deadline: timestampSchema.nullable(),
  claimedAt: timestampSchema.nullable(),
  receiptUrl: z.string().nullable(),
  confirmedAt: timestampSchema.nullable(),
  amountReceived: moneySchema.nullable(),
  bankReference: z.string().nullable(),
  /** The latest rejected claim and its reason (the deadline is then the new window's). */
  claimRejectedAt: timestampSchema.nullable(),
  claimRejectionReason: z.string().nullable(),
  /** Cancelled after the borrower paid or said so: the team owes a refund (admins only). */
  refundOwedAt: timestampSchema.nullable(),
  /**
   * Under the statement adapter, while Waiting for Payment: the exact amount to transfer (the total
   * minus `code`, 1-999 rupiah), unique among open orders; null under other providers.
   */
  transfer: z.object({ amount: moneySchema, code: moneySchema }).nullable(),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

/** The owner's share of an order: for the owner and the admins only. */
const orderShareSchema = z.object({
  itemsTotal: moneySchema,
  serviceFee: moneySchema,
  ownerShare: moneySchema,
  /** pending until Completed, then payable (paid out from the owner's balance). */
  state: z.enum(['pending', 'payable', 'cancelled']),
});
export type OrderShare = z.infer<typeof orderShareSchema>;

/** Every action type once: the object's type makes tsc fail when OrderAction gains one. */
const ACTION_TYPES: { [T in OrderActionType]: T } = {
  set_shipping_cost: 'set_shipping_cost',
  confirm_payment: 'confirm_payment',
  mark_shipped: 'mark_shipped',
  mark_delivered: 'mark_delivered',
  mark_return_started: 'mark_return_started',
  confirm_return_complete: 'confirm_return_complete',
  confirm_received: 'confirm_received',
  return_books: 'return_books',
  confirm_books_returned: 'confirm_books_returned',
  cancel: 'cancel',
  set_status: 'set_status',
};

export const orderDetailSchema = orderSummarySchema.extend({
  paymentMethod: z.string(),
  notes: z.string().nullable(),
  items: z.array(orderItemViewSchema),
  events: z.array(orderEventViewSchema),
  /** The viewer's roles on this order (one person may hold several). */
  viewerRoles: z.array(z.enum(ORDER_ROLES)),
  /** The actions the viewer may take now: the web shows exactly these buttons. */
  allowedActions: z.array(z.enum(ACTION_TYPES)),
  /** Admin only (spec: the admin-only owner address block); null for everyone else. */
  ownerContact: z
    .object({
      name: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
      address: z.string().nullable(),
    })
    .nullable(),
  extensions: z.array(orderExtensionViewSchema),
  /** Borrower only, while Delivered; null for everyone else. */
  extensionOffer: extensionOfferSchema.nullable(),
  /** Members waiting for each of the order's books while it is open; others left out. */
  waitingByBook: z.record(z.string(), z.number().int()),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** GET /api/orders/{id}/money: the payment panel and the owner's share, each for whom it concerns. */
export const orderMoneySchema = z.object({
  payment: orderPaymentSchema.nullable(),
  share: orderShareSchema.nullable(),
});
export type OrderMoney = z.infer<typeof orderMoneySchema>;

/**
 * A page of My orders or of Orders for my books (docs/architecture.md, "Lists at scale"). The
 * first page also carries the orders that need attention now (overdue, payment due, due soon:
 * byUrgency's order, at most ORDER_ATTENTION_LIMIT of constants.ts), shown above the rest;
 * `items` pages through every order newest first by an unchanging key, so no order is skipped
 * or repeated.
 */
export const orderListPageSchema = pageSchema(orderSummarySchema, { attention: z.array(orderSummarySchema) });
export type OrderListPage = z.infer<typeof orderListPageSchema>;
