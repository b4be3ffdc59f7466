import {
  adminBookRowSchema,
  adminBulkStatusResultSchema,
  adminEmailRowSchema,
  adminOrderRowSchema,
  adminRoleChangeSchema,
  adminStatsSchema,
  adminUserRowSchema,
  processEmailsResultSchema,
  queueRowSchema,
  retryEmailsResultSchema,
} from '@domain/admin-types';
import { bookSummarySchema } from '@domain/api-types';
import { countedPageSchema, cursorQuerySchema } from '@domain/cursor-page';
import {
  adminBookStatusSchema,
  adminBooksQuerySchema,
  adminBulkStatusSchema,
  adminEmailsQuerySchema,
  adminOrdersQuerySchema,
  adminUserRoleSchema,
  adminUsersQuerySchema,
} from '@domain/schemas/admin';
import {
  adminRoute,
  describeCodes,
  errorBodySchema,
  jsonAnswer,
  jsonBody,
  router,
  memberIdParam,
  uuidParam,
  z,
} from '@server/lib/openapi';
import { applyBulkStatus } from './bulk-status-service';
import { listQueue } from './queue-service';
import * as admin from './service';

// Every route here is admin-only: guests 401, members 403 with the spec's message.

const tags = ['Admin'];
const bookId = z.object({ id: uuidParam('BOOK_NOT_FOUND') });
const userId = z.object({ id: memberIdParam('USER_NOT_FOUND') });
const error = (description: string) => jsonAnswer(errorBodySchema, description);
const deleted = { description: 'Deleted (no body)' };
const badCursor = error('A cursor this list did not give (INVALID_CURSOR)');

const stats = adminRoute({
  method: 'get',
  path: '/admin/stats',
  tags,
  summary: 'The dashboard’s stat cards',
  responses: { 200: jsonAnswer(adminStatsSchema, 'The counts') },
});

const queue = adminRoute({
  method: 'get',
  path: '/admin/queue',
  tags,
  summary:
    'Needs you now: unpriced delivery orders, payment claims, payment tasks, overdue returns and failed emails, soonest deadline first, keyset pages',
  request: { query: cursorQuerySchema },
  responses: {
    200: jsonAnswer(countedPageSchema(queueRowSchema), 'One page of the queue'),
    400: badCursor,
  },
});

const orders = adminRoute({
  method: 'get',
  path: '/admin/orders',
  tags,
  summary:
    'Every order, newest first: search (number or email start, names), status or loan filter, keyset pages of 20',
  request: { query: adminOrdersQuerySchema },
  responses: {
    200: jsonAnswer(countedPageSchema(adminOrderRowSchema), 'One page of orders'),
    400: badCursor,
  },
});

const bulkStatus = adminRoute({
  method: 'post',
  path: '/admin/orders/bulk-status',
  tags,
  summary:
    'One next-step action (Mark as Shipped, Mark as Delivered, Mark Return Started, Confirm Return Complete) on up to 100 orders: each moves under its own rules in its own transaction, or is refused with its code',
  request: { body: jsonBody(adminBulkStatusSchema) },
  responses: {
    200: jsonAnswer(adminBulkStatusResultSchema, 'The orders moved and the orders refused, with why'),
  },
});

const books = adminRoute({
  method: 'get',
  path: '/admin/books',
  tags,
  summary: 'Every book that is not deleted, newest first: search and status filter',
  request: { query: adminBooksQuerySchema },
  responses: {
    200: jsonAnswer(countedPageSchema(adminBookRowSchema), 'One page of books'),
    400: badCursor,
  },
});

const setBookStatus = adminRoute({
  method: 'patch',
  path: '/admin/books/{id}',
  tags,
  summary: 'Set any book status (spec section 4)',
  request: { params: bookId, body: jsonBody(adminBookStatusSchema) },
  responses: {
    200: jsonAnswer(bookSummarySchema, 'The book with its new status'),
    404: error(describeCodes('BOOK_NOT_FOUND')),
  },
});

const deleteBook = adminRoute({
  method: 'delete',
  path: '/admin/books/{id}',
  tags,
  summary: 'Soft-delete a book: it leaves listings and carts, never order history',
  request: { params: bookId },
  responses: {
    204: deleted,
    404: error(describeCodes('BOOK_NOT_FOUND')),
    409: error(describeCodes('BOOK_IN_OPEN_ORDER')),
  },
});

const users = adminRoute({
  method: 'get',
  path: '/admin/users',
  tags,
  summary: 'Every user, newest first: search and role filter',
  request: { query: adminUsersQuerySchema },
  responses: {
    200: jsonAnswer(countedPageSchema(adminUserRowSchema), 'One page of users'),
    400: badCursor,
  },
});

const setUserRole = adminRoute({
  method: 'patch',
  path: '/admin/users/{id}',
  tags,
  summary: 'Make a user an admin or a member again (never one’s own role)',
  request: { params: userId, body: jsonBody(adminUserRoleSchema) },
  responses: {
    200: jsonAnswer(adminRoleChangeSchema, 'The user’s new role'),
    404: error(describeCodes('USER_NOT_FOUND')),
    409: error(describeCodes('OWN_ROLE')),
  },
});

const deleteUser = adminRoute({
  method: 'delete',
  path: '/admin/users/{id}',
  tags,
  summary: 'Delete a user: never an admin, never while they have open orders',
  request: { params: userId },
  responses: {
    204: deleted,
    404: error(describeCodes('USER_NOT_FOUND')),
    409: error(describeCodes('ADMIN_NOT_DELETABLE', 'USER_HAS_OPEN_ORDERS')),
  },
});

const emails = adminRoute({
  method: 'get',
  path: '/admin/emails',
  tags,
  summary: 'The email outbox, newest first: search and pending/sent filter',
  request: { query: adminEmailsQuerySchema },
  responses: {
    200: jsonAnswer(countedPageSchema(adminEmailRowSchema), 'One page of emails'),
    400: badCursor,
  },
});

const pendingCount = adminRoute({
  method: 'get',
  path: '/admin/emails/pending-count',
  tags,
  summary: 'Unsent notifications (the dashboard polls it every 10 seconds)',
  responses: { 200: jsonAnswer(z.object({ count: z.number().int() }), 'How many wait') },
});

const processEmails = adminRoute({
  method: 'post',
  path: '/admin/emails/process',
  tags,
  summary: 'Run the outbox now: sent and failed counts, an error, or no email service',
  responses: { 200: jsonAnswer(processEmailsResultSchema, 'What the run did') },
});

const emailId = z.object({ id: uuidParam('EMAIL_NOT_FOUND') });

const retryEmail = adminRoute({
  method: 'post',
  path: '/admin/emails/{id}/retry',
  tags,
  summary:
    'Retry a failed email now, with a fresh retry window (only a failed one: never one a worker may be sending)',
  request: { params: emailId },
  responses: {
    200: jsonAnswer(retryEmailsResultSchema, 'Made due: the outbox sends it next'),
    404: error(describeCodes('EMAIL_NOT_FOUND')),
    409: error(describeCodes('EMAIL_NOT_FAILED')),
  },
});

const retryFailedEmails = adminRoute({
  method: 'post',
  path: '/admin/emails/retry-failed',
  tags,
  summary: 'Retry every failed email now, each with a fresh retry window',
  responses: { 200: jsonAnswer(retryEmailsResultSchema, 'How many were made due (0 when none had failed)') },
});

export function adminRoutes() {
  return router()
    .openapi(stats, async (c) => c.json(await admin.getStats(c.get('deps').db), 200))
    .openapi(queue, async (c) => c.json(await listQueue(c.get('deps').db, c.req.valid('query')), 200))
    .openapi(orders, async (c) => c.json(await admin.listOrders(c.get('deps').db, c.req.valid('query')), 200))
    .openapi(bulkStatus, async (c) => {
      const { action, orderIds } = c.req.valid('json');
      return c.json(await applyBulkStatus(c.get('deps'), { actor: c.get('user'), action, orderIds }), 200);
    })
    .openapi(books, async (c) => c.json(await admin.listBooks(c.get('deps').db, c.req.valid('query')), 200))
    .openapi(setBookStatus, async (c) => {
      const { status } = c.req.valid('json');
      const book = await admin.setBookStatus(c.get('deps'), { bookId: c.req.valid('param').id, status });
      return c.json(book, 200);
    })
    .openapi(deleteBook, async (c) => {
      await admin.deleteBook(c.get('deps'), { bookId: c.req.valid('param').id });
      return c.body(null, 204);
    })
    .openapi(users, async (c) => c.json(await admin.listUsers(c.get('deps').db, c.req.valid('query')), 200))
    .openapi(setUserRole, async (c) => {
      const { role } = c.req.valid('json');
      const input = { actorId: c.get('user').id, userId: c.req.valid('param').id, role };
      return c.json(await admin.setUserRole(c.get('deps').db, input), 200);
    })
    .openapi(deleteUser, async (c) => {
      await admin.deleteUser(c.get('deps'), { actorId: c.get('user').id, userId: c.req.valid('param').id });
      return c.body(null, 204);
    })
    .openapi(emails, async (c) => c.json(await admin.listEmails(c.get('deps').db, c.req.valid('query')), 200))
    .openapi(pendingCount, async (c) =>
      c.json({ count: await admin.countPendingEmails(c.get('deps').db) }, 200),
    )
    .openapi(processEmails, async (c) => c.json(await admin.processEmails(c.get('deps')), 200))
    .openapi(retryEmail, async (c) =>
      c.json(await admin.retryEmail(c.get('deps'), c.req.valid('param').id), 200),
    )
    .openapi(retryFailedEmails, async (c) => c.json(await admin.retryAllFailedEmails(c.get('deps')), 200));
}

export type AdminApi = ReturnType<typeof adminRoutes>;
