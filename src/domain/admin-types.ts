import { z } from 'zod';
import { bookSummarySchema, meSchema } from './api-types';
import { ORDER_STATUSES } from './constants';
import { ERROR_CODES, type ErrorCode } from './error-codes';
import { orderSummarySchema } from './order-types';

// What the admin dashboard's API returns, declared as zod schemas (the route declarations and
// the OpenAPI document use them; the web reads the inferred types). Money is a decimal string (D2).

export const adminStatsSchema = z.object({
  totalOrders: z.number().int(),
  totalBooks: z.number().int(),
  totalUsers: z.number().int(),
  pendingEmails: z.number().int(),
  /** Orders waiting for admin review (the spec's 'pending orders'). */
  draftOrders: z.number().int(),
  /** Delivered orders past their due date (D21). */
  overdueOrders: z.number().int(),
  /** Orders waiting for the borrower's transfer, counted apart from those awaiting review. */
  awaitingPaymentOrders: z.number().int(),
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
  /** The borrower's receipt photo (D33), private to the borrower and the admins. */
  receiptUrl: z.string().nullable(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

export const adminBookRowSchema = bookSummarySchema.extend({
  ownerName: z.string().nullable(),
  ownerEmail: z.string().nullable(),
  /** True while the book is in an open order (D6): it cannot be deleted. */
  inOpenOrder: z.boolean(),
});
export type AdminBookRow = z.infer<typeof adminBookRowSchema>;

export const adminUserRowSchema = meSchema
  .pick({ id: true, name: true, email: true, role: true, phone: true, location: true, createdAt: true })
  .extend({
    emailVerified: z.boolean(),
    bookCount: z.number().int(),
    /** Orders not yet Completed or Cancelled, as borrower or owner (D13 refuses deletion while > 0). */
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
