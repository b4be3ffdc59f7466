import { z } from 'zod';
import { bookSummarySchema, meSchema, moneySchema, timestampSchema } from './api-types';
import { ORDER_STATUSES } from './constants';
import { ERROR_CODES, type ErrorCode } from './error-codes';
import { PAYMENT_TASK_KINDS } from './gateway-types';
import { orderSummarySchema } from './order-types';

// What the admin dashboard's API returns, declared as zod schemas (the route declarations and
// the OpenAPI document use them; the web reads the inferred types). Money is a decimal string.

export const adminStatsSchema = z.object({
  totalOrders: z.number().int(),
  totalBooks: z.number().int(),
  totalUsers: z.number().int(),
  pendingEmails: z.number().int(),
  /** Orders waiting for admin review (the spec's 'pending orders'). */
  draftOrders: z.number().int(),
  /** Delivered orders past their due date. */
  overdueOrders: z.number().int(),
  /** Orders waiting for the borrower's transfer, counted apart from those awaiting review. */
  awaitingPaymentOrders: z.number().int(),
  /** Delivery orders priced after their 24 hours this week (Monday to Sunday, operator's zone). */
  pricedLateThisWeek: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const adminOrderRowSchema = orderSummarySchema.extend({
  userEmail: z.string(),
  /** The owner's contact for the admin (spec section 6); null once the owner's account is gone. */
  ownerContact: z
    .object({
      email: z.string(),
      phone: z.string().nullable(),
      address: z.string().nullable(),
      location: z.string().nullable(),
    })
    .nullable(),
  itemTitles: z.array(z.string()),
  paymentClaimedAt: z.string().nullable(),
  /** The borrower's receipt photo, private to the borrower and the admins. */
  receiptUrl: z.string().nullable(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

export const adminBookRowSchema = bookSummarySchema.extend({
  ownerName: z.string().nullable(),
  ownerEmail: z.string().nullable(),
  /** True while the book is in an open order: it cannot be deleted. */
  inOpenOrder: z.boolean(),
});
export type AdminBookRow = z.infer<typeof adminBookRowSchema>;

export const adminUserRowSchema = meSchema
  .pick({ id: true, name: true, email: true, role: true, phone: true, location: true, createdAt: true })
  .extend({
    emailVerified: z.boolean(),
    bookCount: z.number().int(),
    /** Orders not yet Completed or Cancelled, as borrower or owner (deletion is refused while > 0). */
    openOrderCount: z.number().int(),
  });
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminEmailRowSchema = z.object({
  id: z.string(),
  recipientEmail: z.string(),
  recipientType: z.string(),
  emailType: z.string(),
  subject: z.string(),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** Every retry of the long window failed: it waits for an admin's retry. */
  failedAt: z.string().nullable(),
});
export type AdminEmailRow = z.infer<typeof adminEmailRowSchema>;

/** PATCH /api/admin/users/:id: the user's new role. */
export const adminRoleChangeSchema = z.object({ id: z.string(), role: z.string() });

/** POST /api/admin/emails/process: one of these three answers. */
export const processEmailsResultSchema = z.union([
  z.object({
    success: z.literal(true),
    sent: z.number().int(),
    failed: z.number().int(),
    message: z.string(),
  }),
  z.object({ success: z.literal(false), error: z.string() }),
  z.object({ configuration_required: z.literal(true), message: z.string() }),
]);

/** POST /api/admin/emails/:id/retry and /api/admin/emails/retry-failed: how many were made due. */
export const retryEmailsResultSchema = z.object({ retried: z.number().int() });

/**
 * What a bulk status change did, order by order (each in its own transaction): the orders that
 * moved with their new status, and the ones refused with the code the single-order button
 * would have answered (ORDER_ACTION_NOT_NOW with the status it is in, ORDER_NOT_FOUND...).
 */
export const adminBulkStatusResultSchema = z.object({
  moved: z.array(z.object({ id: z.string(), number: z.string(), status: z.enum(ORDER_STATUSES) })),
  refused: z.array(
    z.object({
      id: z.string(),
      number: z.string(),
      code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    }),
  ),
});
export type AdminBulkStatusResult = z.infer<typeof adminBulkStatusResultSchema>;
// ---------------------------------------------------------------- Needs you now

/** What puts a row in the admin's "Needs you now" queue, one kind per source of work. */
export const QUEUE_KINDS = [
  'shipping_cost',
  'payment_claim',
  'payment_task',
  'overdue_return',
  'failed_email',
] as const;
export type QueueKind = (typeof QUEUE_KINDS)[number];

const queueRowBase = {
  /** The order's, task's or email's id (unique within its kind). */
  id: z.string(),
  /**
   * The queue's order, soonest first: the end of the 24 hours of an unpriced delivery order,
   * the due date of an overdue loan, and for a claim, a task or a failed email the
   * moment it arrived (each needs a person from then on).
   */
  dueAt: timestampSchema,
  /** Past a promise made to a member: an unpriced order after its 24 hours, a loan past due. */
  late: z.boolean(),
};

export const queueRowSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('shipping_cost'),
    ...queueRowBase,
    number: z.string(),
    userName: z.string(),
    ownerName: z.string(),
    /** The route no delivery price covered: the owner's and the borrower's areas. */
    ownerArea: z.string().nullable(),
    borrowerArea: z.string().nullable(),
    subtotal: moneySchema,
    deliveryMethod: z.literal('delivery'),
  }),
  z.object({
    kind: z.literal('payment_claim'),
    ...queueRowBase,
    number: z.string(),
    userName: z.string(),
    total: moneySchema.nullable(),
    receiptUrl: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('payment_task'),
    ...queueRowBase,
    taskKind: z.enum(PAYMENT_TASK_KINDS),
    amount: moneySchema,
    orderNumber: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('overdue_return'),
    ...queueRowBase,
    number: z.string(),
    userName: z.string(),
    ownerName: z.string(),
  }),
  z.object({
    kind: z.literal('failed_email'),
    ...queueRowBase,
    recipientEmail: z.string(),
    subject: z.string(),
    orderNumber: z.string().nullable(),
  }),
]);
export type QueueRow = z.infer<typeof queueRowSchema>;
