import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  AdminBookRow,
  AdminEmailRow,
  AdminOrderRow,
  AdminStats,
  AdminUserRow,
  Page,
} from '@domain/admin-types';
import { type BookStatus, ORDER_NUMBER_LENGTH, type Role } from '@domain/constants';
import { addDays, DUE_SOON_DAYS, endOfLocalDay, localDate } from '@domain/loan';
import type { AdminLoanFilter } from '@domain/schemas/admin';
import type { AppDeps } from '@server/app-env';
import type { DbOrTx } from '@server/db/client';
import { transactionWithRetry } from '@server/db/retry';
import {
  books,
  cartItems,
  emailNotifications,
  orderItems,
  orders,
  ownerPickupLocations,
  session,
  user,
} from '@server/db/schema';
import { now, operatorTimeZone } from '@server/lib/clock';
import { AppError } from '@server/lib/errors';
import { translate } from '@server/lib/i18n';
import {
  inOpenOrderConflict,
  inOpenOrdersByHistory,
  loadLiveBook,
  notDeleted,
  openOrder,
} from '@server/modules/books/availability-service';
import { retryFailedEmails } from '@server/outbox/outbox';
import { toBookSummary } from '@server/modules/books/service';
import { changeBookState } from '@server/modules/books/state-service';
import { loanFields } from '@server/modules/loans/view-service';
import { coverUrls } from '@server/modules/covers/service';
import { orderNumber } from '@domain/order-number';

// The admin dashboard's reads and the admin-only writes on books and users. Order status
// changes are not here: they go through the one status service of the orders module (D8).

interface PageQuery {
  q?: string;
  page: number;
  pageSize: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);
const contains = (q: string) => `%${escapeLike(q)}%`;
/** The search box: a row matches when any of these columns contains the text, in any case. */
const anyContains = (q: string, columns: AnyPgColumn[]) => or(...columns.map((c) => ilike(c, contains(q))));
const offsetOf = (query: PageQuery) => (query.page - 1) * query.pageSize;
const pageOf = <T>(items: T[], total: number, query: PageQuery): Page<T> => ({
  items,
  total,
  page: query.page,
  pageSize: query.pageSize,
});

export async function getStats(db: DbOrTx): Promise<AdminStats> {
  const [[o], [b], [u], pendingEmails] = await Promise.all([
    db
      .select({
        total: count(),
        draft: sql<number>`count(*) filter (where ${orders.status} = 'Draft')::int`,
        overdue: sql<number>`count(*) filter (where ${overdueLoan()})::int`,
        awaitingPayment: sql<number>`count(*) filter (where ${orders.status} = 'Waiting for Payment')::int`,
      })
      .from(orders),
    db.select({ total: count() }).from(books).where(notDeleted()),
    db.select({ total: count() }).from(user),
    countPendingEmails(db),
  ]);
  return {
    totalOrders: o.total,
    totalBooks: b.total,
    totalUsers: u.total,
    pendingEmails,
    draftOrders: o.draft,
    overdueOrders: o.overdue,
    awaitingPaymentOrders: o.awaitingPayment,
  };
}

export async function countPendingEmails(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(emailNotifications)
    .where(isNull(emailNotifications.sentAt));
  return row.total;
}

// ---------------------------------------------------------------- orders

/** D21: a Delivered order whose due date (the end of a local day) has passed on the clock. */
const overdueLoan = () => and(eq(orders.status, 'Delivered'), lt(orders.dueAt, now()))!;

/** D21: due today, tomorrow or the day after, in the operator's zone. */
const loanDueSoon = () =>
  and(
    eq(orders.status, 'Delivered'),
    gte(orders.dueAt, now()),
    lte(
      orders.dueAt,
      endOfLocalDay(addDays(localDate(now(), operatorTimeZone()), DUE_SOON_DAYS), operatorTimeZone()),
    ),
  )!;

export async function listOrders(
  db: DbOrTx,
  query: PageQuery & { status?: AdminOrderRow['status'] | AdminLoanFilter },
): Promise<Page<AdminOrderRow>> {
  const filters: SQL[] = [];
  if (query.status === 'overdue') filters.push(overdueLoan());
  else if (query.status === 'due_soon') filters.push(loanDueSoon());
  else if (query.status) filters.push(eq(orders.status, query.status));
  if (query.q) {
    filters.push(
      or(
        anyContains(query.q, [orders.userName, orders.userEmail, orders.ownerName]),
        // The short order number people quote is the id's tail (D5).
        sql`upper(right(${orders.id}::text, ${ORDER_NUMBER_LENGTH})) like upper(${contains(query.q.replace(/^#/, ''))})`,
      )!,
    );
  }
  const where = and(...filters);
  const owner = alias(user, 'owner_user');
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        order: orders,
        ownerEmail: owner.email,
        ownerPhone: owner.phone,
        ownerAddress: owner.address,
        ownerLocation: owner.location,
        itemTitles: sql<
          string[]
        >`coalesce((select array_agg(${orderItems.title} order by ${orderItems.title}) from ${orderItems} where ${orderItems.orderId} = ${orders.id}), '{}')`,
        first: sql<{
          title: string;
          coverKey: string;
        } | null>`(select json_build_object('title', ${orderItems.title}, 'coverKey', ${orderItems.coverKey}) from ${orderItems} where ${orderItems.orderId} = ${orders.id} order by ${orderItems.createdAt}, ${orderItems.title}, ${orderItems.id} limit 1)`,
      })
      .from(orders)
      .leftJoin(owner, eq(owner.id, orders.ownerId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return pageOf(
    rows.map(({ order, ownerEmail, ownerPhone, ownerAddress, ownerLocation, itemTitles, first }) => ({
      id: order.id,
      number: orderNumber(order.id),
      status: order.status,
      userId: order.userId,
      userName: order.userName,
      userEmail: order.userEmail,
      ownerId: order.ownerId,
      ownerName: order.ownerName,
      ownerContact: ownerEmail
        ? { email: ownerEmail, phone: ownerPhone, address: ownerAddress, location: ownerLocation }
        : null,
      deliveryMethod: order.deliveryMethod,
      deliveryAddress: order.deliveryAddress,
      pickupLocation: order.pickupLocation,
      borrowDuration: order.borrowDuration,
      subtotal: order.subtotal,
      shippingCost: order.shippingCost,
      total: order.total,
      itemCount: itemTitles.length,
      ownerShare: order.ownerShare,
      itemTitles,
      firstItem: first ? { title: first.title, coverUrl: coverUrls(first.coverKey).card } : null,
      ...loanFields(order),
      createdAt: new Date(order.createdAt).toISOString(),
      // D33: the borrower's "I have paid" and receipt, on the admin's order card.
      paymentClaimed: order.status === 'Waiting for Payment' && order.paymentClaimedAt !== null,
      paymentClaimedAt: order.paymentClaimedAt ? new Date(order.paymentClaimedAt).toISOString() : null,
      receiptUrl: order.paymentReceiptKey ? `/api/orders/${order.id}/receipt` : null,
    })),
    total,
    query,
  );
}

// ---------------------------------------------------------------- books

export async function listBooks(
  db: DbOrTx,
  query: PageQuery & { status?: BookStatus },
): Promise<Page<AdminBookRow>> {
  const filters: SQL[] = [notDeleted()];
  if (query.status) filters.push(eq(books.status, query.status));
  if (query.q) filters.push(anyContains(query.q, [books.title, books.author, user.name])!);
  const where = and(...filters);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ book: books, ownerName: user.name, ownerEmail: user.email })
      .from(books)
      .leftJoin(user, eq(user.id, books.ownerId))
      .where(where)
      .orderBy(desc(books.createdAt), desc(books.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(books).leftJoin(user, eq(user.id, books.ownerId)).where(where),
  ]);
  const open = await inOpenOrdersByHistory(
    db,
    rows.map((r) => r.book),
  );
  return pageOf(
    rows.map(({ book, ownerName, ownerEmail }) => ({
      ...toBookSummary(book),
      ownerName,
      ownerEmail,
      inOpenOrder: open.has(book.id),
    })),
    total,
    query,
  );
}

/** The admin may set any book status (spec section 4); order status changes still drive it later (D8). */
export async function setBookStatus(
  { db, config }: Pick<AppDeps, 'db' | 'config'>,
  input: { bookId: string; status: BookStatus },
) {
  return db.transaction(async (tx) => {
    const [row] = await changeBookState(tx, config, {
      type: 'set-status',
      bookIds: [input.bookId],
      status: input.status,
    });
    if (!row) throw new AppError('BOOK_NOT_FOUND');
    return toBookSummary(row);
  });
}

/** Soft delete (D7): the book leaves listings and carts, never order history; refused in an open order. */
export async function deleteBook(
  { db, config }: Pick<AppDeps, 'db' | 'config'>,
  input: { bookId: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const book = await loadLiveBook(tx, input.bookId, { lock: true });
    if ((await inOpenOrdersByHistory(tx, [book])).has(book.id))
      throw inOpenOrderConflict('BOOK_IN_OPEN_ORDER');
    await changeBookState(tx, config, { type: 'delete', bookIds: [book.id] });
  });
}

// ---------------------------------------------------------------- users

// Single-table selects render bare column names, so the correlated subqueries name tables themselves.
const openOrderCount = sql<number>`(select count(*)::int from orders o where (o.user_id = "user".id or o.owner_id = "user".id) and ${openOrder(sql`o.status`)})`;
const bookCount = sql<number>`(select count(*)::int from books b where b.owner_id = "user".id and b.deleted_at is null)`;

export async function listUsers(db: DbOrTx, query: PageQuery & { role?: Role }): Promise<Page<AdminUserRow>> {
  const filters: SQL[] = [];
  if (query.role) filters.push(eq(user.role, query.role));
  if (query.q) filters.push(anyContains(query.q, [user.name, user.email, user.location])!);
  const where = and(...filters);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: user.id,
        name: user.name,
        email: user.email,
        role: user.role,
        phone: user.phone,
        location: user.location,
        emailVerified: user.emailVerified,
        createdAt: user.createdAt,
        bookCount,
        openOrderCount,
      })
      .from(user)
      .where(where)
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(user).where(where),
  ]);
  return pageOf(
    rows.map((r) => ({
      ...r,
      role: r.role === 'admin' ? 'admin' : 'user',
      createdAt: new Date(r.createdAt).toISOString(),
    })),
    total,
    query,
  );
}

/** D12: roles are user or admin, and no admin changes their own (so nobody locks themselves out). */
export async function setUserRole(db: DbOrTx, input: { actorId: string; userId: string; role: Role }) {
  if (input.actorId === input.userId) throw new AppError('OWN_ROLE');
  const [row] = await db
    .update(user)
    .set({ role: input.role, updatedAt: new Date() })
    .where(eq(user.id, input.userId))
    .returning({ id: user.id, role: user.role });
  if (!row) throw new AppError('USER_NOT_FOUND');
  return row;
}

/**
 * D13: refused for admins and while the user has open orders (as borrower or owner). Otherwise
 * their sessions, cart and pickup choices go, their books are soft-deleted (and leave other
 * carts), and their orders stay with the snapshot names (orders.user_id / owner_id set null).
 */
export async function deleteUser(
  { db, config }: Pick<AppDeps, 'db' | 'config'>,
  input: { actorId: string; userId: string },
): Promise<void> {
  await transactionWithRetry(db, async (tx) => {
    // The lock order (docs/architecture.md): their orders, then their books, then the user row.
    // A checkout of one of their books holds the book and then key-shares its owner: taking the
    // books before the user row means the deletion waits for that checkout, never the reverse.
    const [found] = await tx.select({ id: user.id }).from(user).where(eq(user.id, input.userId));
    if (!found) throw new AppError('USER_NOT_FOUND');
    await tx
      .select({ id: orders.id })
      .from(orders)
      .where(or(eq(orders.userId, found.id), eq(orders.ownerId, found.id)))
      .orderBy(asc(orders.id))
      .for('update');
    const ownBooks = await tx
      .select({ id: books.id })
      .from(books)
      .where(and(eq(books.ownerId, found.id), notDeleted()))
      .orderBy(asc(books.id))
      .for('update');
    const [target] = await tx.select().from(user).where(eq(user.id, found.id)).for('update');
    if (!target) throw new AppError('USER_NOT_FOUND');
    if (target.role === 'admin' || target.id === input.actorId) throw new AppError('ADMIN_NOT_DELETABLE');
    const [{ open }] = await tx
      .select({ open: count() })
      .from(orders)
      .where(and(or(eq(orders.userId, target.id), eq(orders.ownerId, target.id)), openOrder()));
    if (open > 0) throw new AppError('USER_HAS_OPEN_ORDERS');

    await tx.delete(cartItems).where(eq(cartItems.userId, target.id));
    await tx.delete(ownerPickupLocations).where(eq(ownerPickupLocations.ownerId, target.id));
    await tx.delete(session).where(eq(session.userId, target.id));
    // Their books leave listings and other members' carts.
    await changeBookState(tx, config, { type: 'delete', bookIds: ownBooks.map((b) => b.id) });
    // account rows cascade; orders, items, events and books keep their snapshots (FKs set null).
    await tx.delete(user).where(eq(user.id, target.id));
  });
}

// ---------------------------------------------------------------- emails

export async function listEmails(
  db: DbOrTx,
  query: PageQuery & { state?: 'pending' | 'failed' | 'sent' },
): Promise<Page<AdminEmailRow>> {
  const filters: SQL[] = [];
  if (query.state === 'pending')
    filters.push(isNull(emailNotifications.sentAt), isNull(emailNotifications.failedAt));
  if (query.state === 'failed') filters.push(isNotNull(emailNotifications.failedAt));
  if (query.state === 'sent') filters.push(isNotNull(emailNotifications.sentAt));
  if (query.q)
    filters.push(
      anyContains(query.q, [
        emailNotifications.recipientEmail,
        emailNotifications.emailType,
        emailNotifications.subject,
      ])!,
    );
  const where = and(...filters);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: emailNotifications.id,
        recipientEmail: emailNotifications.recipientEmail,
        recipientType: emailNotifications.recipientType,
        emailType: emailNotifications.emailType,
        subject: emailNotifications.subject,
        orderId: emailNotifications.orderId,
        createdAt: emailNotifications.createdAt,
        sentAt: emailNotifications.sentAt,
        attempts: emailNotifications.attempts,
        lastError: emailNotifications.lastError,
        failedAt: emailNotifications.failedAt,
      })
      .from(emailNotifications)
      .where(where)
      .orderBy(desc(emailNotifications.createdAt), desc(emailNotifications.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(emailNotifications).where(where),
  ]);
  return pageOf(
    rows.map((r) => ({
      ...r,
      orderNumber: r.orderId ? orderNumber(r.orderId) : null,
      createdAt: new Date(r.createdAt).toISOString(),
      sentAt: r.sentAt ? new Date(r.sentAt).toISOString() : null,
      failedAt: r.failedAt ? new Date(r.failedAt).toISOString() : null,
    })),
    total,
    query,
  );
}

/**
 * The admin's Retry on a failed email: due now with a fresh retry window, sent by the next
 * pass (kicked here). 404 for an unknown id, 409 for a row that is not failed.
 */
export async function retryEmail(deps: Pick<AppDeps, 'db' | 'outbox'>, emailId: string) {
  const retried = await retryFailedEmails(deps.db, { id: emailId });
  if (retried === 0) {
    const [row] = await deps.db
      .select({ id: emailNotifications.id })
      .from(emailNotifications)
      .where(eq(emailNotifications.id, emailId));
    if (!row) throw new AppError('EMAIL_NOT_FOUND');
    throw new AppError('EMAIL_NOT_FAILED');
  }
  deps.outbox.kick();
  return { retried };
}

/** The admin's Retry all failed: every failed email due now; the count may be 0. */
export async function retryAllFailedEmails(deps: Pick<AppDeps, 'db' | 'outbox'>) {
  const retried = await retryFailedEmails(deps.db);
  if (retried > 0) deps.outbox.kick();
  return { retried };
}

/** The admin's 'Process emails' (D14, D15): runs the outbox now. */
export async function processEmails(deps: Pick<AppDeps, 'outbox' | 'log'>) {
  if (deps.outbox.transport.kind === 'none') {
    return { configuration_required: true as const, message: translate('en', 'admin:emails.notConfigured') };
  }
  try {
    const result = await deps.outbox.runOnce();
    return { success: true as const, ...result, message: translate('en', 'admin:emails.processed') };
  } catch (err) {
    deps.log.error({ err }, 'process emails failed');
    const message = err instanceof Error ? err.message : String(err);
    return { success: false as const, error: message };
  }
}
