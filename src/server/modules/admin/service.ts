import {
  and,
  asc,
  count,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { alias, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type {
  AdminBookRow,
  AdminEmailRow,
  AdminOrderRow,
  AdminStats,
  AdminUserRow,
} from '@domain/admin-types';
import type { CursorPage } from '@domain/cursor-page';
import { type BookStatus, ORDER_NUMBER_LENGTH, type Role, SEARCH_COUNT_CAP } from '@domain/constants';
import { addDays, DUE_SOON_DAYS, endOfLocalDay, localDate } from '@domain/loan';
import type { AdminLoanFilter } from '@domain/schemas/admin';
import type { AppDeps } from '@server/app-env';
import type { DbOrTx } from '@server/db/client';
import { transactionWithRetry } from '@server/db/retry';
import {
  books,
  cartItems,
  emailNotifications,
  memberCounts,
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
  cappedCount,
  cappedTotal,
  type Keyset,
  type KeyRow,
  keyColumns,
  keyOrder,
  keysetPage,
  type Position,
  seekAfter,
  walkPage,
} from '@server/lib/keyset';
import {
  inOpenOrderConflict,
  inOpenOrdersByHistory,
  loadLiveBook,
  notDeleted,
  openOrder,
  ownerBackOnOf,
  bookWithOwnerBackOn,
} from '@server/modules/books/availability-service';
import { retryFailedEmails } from '@server/outbox/outbox';
import { toBookSummary } from '@server/modules/books/service';
import { changeBookState } from '@server/modules/books/state-service';
import { toOrderSummary } from '@server/modules/orders/service';
import { orderNumber } from '@domain/order-number';
import { keptCounts, OVERDUE_LOANS } from './kept-counts';
import { countPricedLateThisWeek } from './queue-service';

// The admin dashboard's reads and the admin-only writes on books and users. Order status
// changes are not here: they go through the one status service of the orders module.

interface PageQuery {
  q?: string;
  cursor?: string;
  pageSize: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);
const contains = (q: string) => `%${escapeLike(q)}%`;
const startsWith = (q: string) => `${escapeLike(q.toLowerCase())}%`;
/** A text column that contains the search, by its trigram index (never across a join). */
const trigram = (column: AnyPgColumn, q: string) => ilike(column, contains(q));
/** A lower-cased text column that starts with the search, by its text_pattern_ops index. */
const prefix = (column: AnyPgColumn, q: string) => sql`lower(${column}) like ${startsWith(q)}`;
/** The short order number of an order id (D5), as the expression indexes read it. */
const numberOf = (id: AnyPgColumn) => sql`upper(right(${id}::text, ${sql.raw(String(ORDER_NUMBER_LENGTH))}))`;
/** The search as an order number ("#3F2A" or "3f2a"): a prefix of the number, or null. */
function numberPrefix(q: string): string | null {
  const n = q.replace(/^#/, '');
  return new RegExp(`^[0-9a-f-]{1,${ORDER_NUMBER_LENGTH}}$`, 'i').test(n)
    ? `${escapeLike(n.toUpperCase())}%`
    : null;
}

/**
 * A search whose matches a list's order would have to walk the whole list to find (the planner,
 * misjudging how many match, sometimes does: 1.3 s for one address's emails at 1M). `matched`
 * rows are found by their own index, every one, and sorted; `inOrder` rows (disjoint from them)
 * are read in the list's order on an index that has it, stopping at the page.
 */
interface SearchParts {
  inOrder?: SQL;
  matched: SQL;
}

/** A page of ids first, then the page's rows: the shape every admin list answers. */
async function keysetIds(
  db: DbOrTx,
  keys: Keyset,
  table: PgTable,
  where: SQL | undefined,
  query: PageQuery,
  /** `prefix`: the list's search matches a text's start only (cappedCount). */
  search: 'words' | 'prefix' = 'words',
  /** A search read and counted in parts (`SearchParts`), which add up to `where`. */
  parts?: SearchParts,
) {
  const [page, counted] = await Promise.all([
    keysetPage(keys, query.cursor, query.pageSize, (seek, orderBy, limit, direction) =>
      parts
        ? pageOfParts(db, keys, table, parts, { seek, orderBy, limit, direction })
        : db
            .select(keyColumns(keys))
            .from(table)
            .where(and(where, seek))
            .orderBy(...orderBy)
            .limit(limit),
    ),
    parts
      ? countOfParts(db, table, parts)
      : cappedCount(db, table, where, query.q ? { walk: search === 'words' ? keys : undefined } : undefined),
  ]);
  return { ids: page.rows.map((r) => r.id), page, counted };
}

/**
 * `sql` as a subquery the planner plans on its own (`offset 0`, written out: drizzle leaves a
 * zero offset out): its rows are found by their own indexes, not by reading the list in order.
 */
const foundAlone = (query: SQLWrapper) => sql`(${query} offset 0)`;

/** One page of a search in parts: each part's page, merged by the rows' sort time. */
async function pageOfParts(
  db: DbOrTx,
  keys: Keyset,
  table: PgTable,
  parts: SearchParts,
  page: { seek: SQL | undefined; orderBy: SQL[]; limit: number; direction: 'asc' | 'desc' },
): Promise<KeyRow[]> {
  // Each part's rows carry their sort time beside its text: the merge orders by the time.
  const columns = {
    at: sql<string>`${keys.at}::text`.as('at'),
    id: sql<string>`${keys.id}`.as('id'),
    sortAt: sql`${keys.at}`.as('sort_at'),
  };
  const order = sql.raw(page.direction);
  const byTime = sql`order by sort_at ${order}, id ${order} limit ${page.limit}`;
  const inOrder = parts.inOrder
    ? sql`(${db
        .select(columns)
        .from(table)
        .where(and(parts.inOrder, page.seek))
        .orderBy(...page.orderBy)
        .limit(page.limit)}) union all `
    : sql``;
  const matched = foundAlone(db.select(columns).from(table).where(and(parts.matched, page.seek)));
  const merged = await db.execute(
    sql`select at, id from (${inOrder}(select * from ${matched} as matched ${byTime})) as found ${byTime}`,
  );
  return (merged as unknown as { rows: KeyRow[] }).rows;
}

/** A search in parts counted as a search is (up to SEARCH_COUNT_CAP), each part on its own. */
async function countOfParts(
  db: DbOrTx,
  table: PgTable,
  parts: SearchParts,
): Promise<{ total: number; totalCapped: boolean }> {
  const countOf = (part: SQL) =>
    sql`(select count(*) from (select 1 from ${foundAlone(
      db
        .select({ one: sql`1`.as('one') })
        .from(table)
        .where(part),
    )} as part limit ${SEARCH_COUNT_CAP + 1}) as capped)`;
  const counts = [parts.inOrder, parts.matched].flatMap((part) => (part ? [countOf(part)] : []));
  const [row] = await db
    .select({ n: sql<number>`(${sql.join(counts, sql` + `)})::int` })
    .from(sql`(select 1) as one`);
  return cappedTotal(Number(row?.n ?? 0), SEARCH_COUNT_CAP);
}

function pageOf<T extends { id: string }>(
  ids: string[],
  rows: T[],
  found: {
    page: { nextCursor: string | null; prevCursor: string | null };
    counted: { total: number; totalCapped: boolean };
  },
): CursorPage<T> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    // The page's rows in the keyset's order (a row deleted between the two reads is left out).
    items: ids.flatMap((id) => byId.get(id) ?? []),
    nextCursor: found.page.nextCursor,
    prevCursor: found.page.prevCursor,
    ...found.counted,
  };
}

/** The counter of the orders in one status. */
const statusCounter = (status: AdminOrderRow['status']) => `orders:${status}`;

/**
 * The stat cards (migration 0017): totals and overdue loans from the counts the database keeps
 * (kept-counts.ts), unsent emails on their small partial index, never on the whole tables.
 */
export async function getStats(db: DbOrTx): Promise<AdminStats> {
  const draft = statusCounter('Draft');
  const awaitingPayment = statusCounter('Waiting for Payment');
  const [kept, pendingEmails, pricedLateThisWeek] = await Promise.all([
    keptCounts(db, ['orders', 'books', 'users', draft, awaitingPayment, OVERDUE_LOANS]),
    countPendingEmails(db),
    countPricedLateThisWeek(db),
  ]);
  const counter = (name: string) => kept.get(name) ?? 0;
  return {
    totalOrders: counter('orders'),
    totalBooks: counter('books'),
    totalUsers: counter('users'),
    pendingEmails,
    draftOrders: counter(draft),
    overdueOrders: counter(OVERDUE_LOANS),
    awaitingPaymentOrders: counter(awaitingPayment),
    pricedLateThisWeek,
  };
}

export async function countPendingEmails(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(emailNotifications)
    // Emails only: a push row is the outbox's too, but not an email an admin follows.
    .where(and(isNull(emailNotifications.sentAt), eq(emailNotifications.channel, 'email')));
  return row.total;
}

// ---------------------------------------------------------------- orders

/** D21: a Delivered order whose due date (the end of a local day) has passed on the clock. */
const overdueLoan = () => and(eq(orders.status, 'Delivered'), lt(orders.dueAt, now()))!;

/** Due today, tomorrow or the day after, in the operator's zone. */
const loanDueSoon = () =>
  and(
    eq(orders.status, 'Delivered'),
    gte(orders.dueAt, now()),
    lte(
      orders.dueAt,
      endOfLocalDay(addDays(localDate(now(), operatorTimeZone()), DUE_SOON_DAYS), operatorTimeZone()),
    ),
  )!;

const ORDER_KEYS: Keyset = { list: 'admin-orders', at: orders.createdAt, id: orders.id, idType: 'uuid' };

/**
 * The order search, each branch on an index of the orders table (combined by a bitmap OR):
 * the order number's start, the borrower's email's start, or a borrower's or owner's
 * name containing the text (the names are the order's own snapshots: no join).
 */
function orderSearch(q: string, afterAddress?: string): SQL {
  const number = numberPrefix(q);
  const email = prefix(orders.userEmail, q);
  return or(
    ...(number ? [sql`${numberOf(orders.id)} like ${number}`] : []),
    // ~>~: text_pattern_ops' "after", which the index's range can start from.
    afterAddress ? and(sql`lower(${orders.userEmail}) ~>~ ${afterAddress}`, email) : email,
    trigram(orders.userName, q),
    trigram(orders.ownerName, q),
  )!;
}

/**
 * A whole address (no order number has an '@') in parts (`SearchParts`): the borrower's orders
 * under that address newest first on orders_user_email_idx, stopping at the page (a member with
 * 100,000 orders took 2 s), and the rest of the search's matches beside them.
 */
function orderSearchParts(q: string, filters: SQL[]): SearchParts | undefined {
  const address = q.toLowerCase();
  if (!address.includes('@')) return undefined;
  const email = sql`lower(${orders.userEmail})`;
  return {
    inOrder: and(...filters, sql`${email} = ${address}`),
    // A name may hold the address too: those orders are the first part's.
    matched: and(...filters, orderSearch(q, address), sql`${email} <> ${address}`)!,
  };
}

export async function listOrders(
  db: DbOrTx,
  query: PageQuery & { status?: AdminOrderRow['status'] | AdminLoanFilter },
): Promise<CursorPage<AdminOrderRow>> {
  const filters: SQL[] = [];
  if (query.status === 'overdue') filters.push(overdueLoan());
  else if (query.status === 'due_soon') filters.push(loanDueSoon());
  else if (query.status) filters.push(eq(orders.status, query.status));
  const parts = query.q ? orderSearchParts(query.q, filters) : undefined;
  if (query.q) filters.push(orderSearch(query.q));
  const found = await keysetIds(db, ORDER_KEYS, orders, and(...filters), query, 'words', parts);
  const { ids } = found;
  if (ids.length === 0) return pageOf(ids, [], found);
  const owner = alias(user, 'owner_user');
  // Deferred join: only the page's orders are read, with their owners and their items.
  const [rows, items] = await Promise.all([
    db
      .select({
        order: orders,
        ownerEmail: owner.email,
        ownerPhone: owner.phone,
        ownerAddress: owner.address,
        ownerLocation: owner.location,
      })
      .from(orders)
      .leftJoin(owner, eq(owner.id, orders.ownerId))
      .where(inArray(orders.id, ids)),
    db
      .select({ orderId: orderItems.orderId, title: orderItems.title, coverKey: orderItems.coverKey })
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.createdAt), asc(orderItems.title), asc(orderItems.id)),
  ]);
  const itemsOf = new Map<string, { title: string; coverKey: string }[]>();
  for (const item of items) {
    const list = itemsOf.get(item.orderId) ?? [];
    list.push(item);
    itemsOf.set(item.orderId, list);
  }
  const views = rows.map(({ order, ownerEmail, ownerPhone, ownerAddress, ownerLocation }) => {
    const own = itemsOf.get(order.id) ?? [];
    const first = own[0] ?? null;
    // The member's row, and what only an admin's card shows: contacts, the owner's share, every
    // title, and the borrower's "I have paid" with its receipt.
    return {
      ...toOrderSummary(order, { count: own.length, first }),
      userEmail: order.userEmail,
      ownerContact: ownerEmail
        ? { email: ownerEmail, phone: ownerPhone, address: ownerAddress, location: ownerLocation }
        : null,
      ownerShare: order.ownerShare,
      itemTitles: own.map((i) => i.title).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
      paymentClaimedAt: order.paymentClaimedAt ? new Date(order.paymentClaimedAt).toISOString() : null,
      receiptUrl: order.paymentReceiptKey ? `/api/orders/${order.id}/receipt` : null,
    };
  });
  return pageOf(ids, views, found);
}

// ---------------------------------------------------------------- books

const BOOK_KEYS: Keyset = { list: 'admin-books', at: books.createdAt, id: books.id, idType: 'uuid' };
/** How many owners a name or email search of the books tab looks at. */
const OWNER_MATCH_LIMIT = 100;

/**
 * The book search: the title or the author containing the text (trigram indexes), or the
 * owner's name containing it or email starting with it, the owners found first (a bounded
 * list). One OR over both made PostgreSQL gather every book of the owners found and sort them,
 * 50,000 for one heavy owner (docs/performance.md, "Skewed growth"), so the two are read apart,
 * each in the list's order up to the page's limit (the owners' books one owner at a time, by the
 * owner index, `lateral`), and merged here; the count is the same union, capped.
 */
const ownersMatching = (q: string) =>
  sql`array(select ${user.id} from ${user} where ${or(trigram(user.name, q), prefix(user.email, q))} limit ${OWNER_MATCH_LIMIT})`;

interface BookKey {
  at: string;
  id: string;
  /** The creation time in microseconds, to merge the two reads in the list's order. */
  us: string;
}

/** The first `limit` book keys matching the search and `where` from `pos`, in reading order. */
async function searchedBookKeys(
  db: DbOrTx,
  q: string,
  where: SQL[],
  pos: Position,
  limit: number,
): Promise<BookKey[]> {
  const seek = seekAfter(BOOK_KEYS, pos);
  const orderBy = keyOrder(BOOK_KEYS, pos);
  const newestFirst = pos.kind === 'first' || pos.kind === 'after';
  const columns = sql`${books.createdAt}::text as at, ${books.id}::text as id,
    (extract(epoch from ${books.createdAt}) * 1000000)::bigint::text as us`;
  const order = sql.join(orderBy, sql`, `);
  const text = and(...where, or(trigram(books.title, q), trigram(books.author, q)), seek);
  const owned = and(...where, sql`${books.ownerId} = o.owner_id`, seek);
  const [byText, byOwner] = await Promise.all([
    db.execute(sql`select ${columns} from ${books} where ${text} order by ${order} limit ${limit}`),
    db.execute(sql`select k.at, k.id, k.us from unnest(${ownersMatching(q)}) as o(owner_id)
      cross join lateral (select ${columns} from ${books} where ${owned} order by ${order} limit ${limit}) k`),
  ]);
  const rowsOf = (result: unknown) => (result as { rows: BookKey[] }).rows;
  const seen = new Set<string>();
  return [...rowsOf(byText), ...rowsOf(byOwner)]
    .filter((key) => !seen.has(key.id) && seen.add(key.id))
    .sort((a, b) => {
      const byTime = BigInt(a.us) - BigInt(b.us);
      const c = byTime !== 0n ? (byTime < 0n ? -1 : 1) : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
      return newestFirst ? -c : c;
    })
    .slice(0, limit);
}

export async function listBooks(
  db: DbOrTx,
  query: PageQuery & { status?: BookStatus },
): Promise<CursorPage<AdminBookRow>> {
  const filters: SQL[] = [notDeleted()];
  if (query.status) filters.push(eq(books.status, query.status));
  const q = query.q;
  const found = q
    ? await (async () => {
        const [page, keys] = await Promise.all([
          walkPage(
            BOOK_KEYS,
            query.cursor,
            query.pageSize,
            (pos, limit) => searchedBookKeys(db, q, filters, pos, limit),
            (key) => key,
          ),
          // The count: the first SEARCH_COUNT_CAP + 1 matches in the list's order, as cappedCount counts.
          searchedBookKeys(db, q, filters, { kind: 'first' }, SEARCH_COUNT_CAP + 1),
        ]);
        const counted =
          keys.length > SEARCH_COUNT_CAP
            ? { total: SEARCH_COUNT_CAP, totalCapped: true }
            : { total: keys.length, totalCapped: false };
        return { ids: page.rows.map((r) => r.id), page, counted };
      })()
    : await keysetIds(db, BOOK_KEYS, books, and(...filters), query);
  const { ids } = found;
  if (ids.length === 0) return pageOf(ids, [], found);
  const rows = await db
    .select({ ...bookWithOwnerBackOn(), ownerName: user.name, ownerEmail: user.email })
    .from(books)
    .leftJoin(user, eq(user.id, books.ownerId))
    .where(inArray(books.id, ids));
  const open = await inOpenOrdersByHistory(
    db,
    rows.map((r) => r.book),
  );
  return pageOf(
    ids,
    rows.map(({ book, ownerBackOn, ownerName, ownerEmail }) => ({
      ...toBookSummary(book, ownerBackOn),
      ownerName,
      ownerEmail,
      inOpenOrder: open.has(book.id),
    })),
    found,
  );
}

/** The admin may set any book status (spec section 4); order status changes still drive it later. */
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
    return toBookSummary(row, await ownerBackOnOf(tx, row.ownerId));
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

// A member's books and open orders, as PostgreSQL keeps them (member_counts, migration 0048): one
// row per member of the page, however many books or orders they have. Single-table selects
// render bare column names, so the subqueries name the user table themselves.
const openOrderCount = sql<number>`coalesce((select mc.open_orders from ${memberCounts} mc where mc.user_id = "user".id), 0)`;
const bookCount = sql<number>`coalesce((select mc.books from ${memberCounts} mc where mc.user_id = "user".id), 0)`;

const USER_KEYS: Keyset = { list: 'admin-users', at: user.createdAt, id: user.id, idType: 'text' };

export async function listUsers(
  db: DbOrTx,
  query: PageQuery & { role?: Role },
): Promise<CursorPage<AdminUserRow>> {
  const filters: SQL[] = [];
  if (query.role) filters.push(eq(user.role, query.role));
  // Name or location containing the text (trigram indexes), or the email starting with it.
  if (query.q)
    filters.push(
      or(trigram(user.name, query.q), trigram(user.location, query.q), prefix(user.email, query.q))!,
    );
  const found = await keysetIds(db, USER_KEYS, user, and(...filters), query);
  const { ids } = found;
  if (ids.length === 0) return pageOf(ids, [], found);
  const rows = await db
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
    .where(inArray(user.id, ids));
  return pageOf(
    ids,
    rows.map((r) => ({
      ...r,
      role: r.role === 'admin' ? ('admin' as const) : ('user' as const),
      createdAt: new Date(r.createdAt).toISOString(),
    })),
    found,
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

const EMAIL_KEYS: Keyset = {
  list: 'admin-emails',
  at: emailNotifications.createdAt,
  id: emailNotifications.id,
  idType: 'uuid',
};

export async function listEmails(
  db: DbOrTx,
  query: PageQuery & { state?: 'pending' | 'failed' | 'sent' },
): Promise<CursorPage<AdminEmailRow>> {
  // The Emails tab lists emails: push rows share the outbox but are not emails.
  const filters: SQL[] = [eq(emailNotifications.channel, 'email')];
  if (query.state === 'pending')
    filters.push(isNull(emailNotifications.sentAt), isNull(emailNotifications.failedAt));
  if (query.state === 'failed') filters.push(isNotNull(emailNotifications.failedAt));
  if (query.state === 'sent') filters.push(isNotNull(emailNotifications.sentAt));
  const where = and(...filters);
  let search: SQL | undefined;
  let parts: SearchParts | undefined;
  if (query.q) {
    // The recipient's address starting with the text, or the order number it is about.
    const number = numberPrefix(query.q);
    search = or(
      prefix(emailNotifications.recipientEmail, query.q),
      ...(number ? [sql`${numberOf(emailNotifications.orderId)} like ${number}`] : []),
    );
    // A whole address (no order number has an '@') is read newest first on
    // email_recipient_newest_idx, stopping at the page however many emails it has; the longer
    // addresses it starts are the rest of its matches.
    const address = query.q.toLowerCase();
    const recipient = sql`lower(${emailNotifications.recipientEmail})`;
    parts = address.includes('@')
      ? {
          inOrder: and(where, sql`${recipient} = ${address}`),
          // ~>~: text_pattern_ops' "after", which the index's range can start from.
          matched: and(where, sql`${recipient} ~>~ ${address}`, search)!,
        }
      : { matched: and(where, search)! };
  }
  const found = await keysetIds(
    db,
    EMAIL_KEYS,
    emailNotifications,
    and(where, search),
    query,
    'prefix',
    parts,
  );
  const { ids } = found;
  if (ids.length === 0) return pageOf(ids, [], found);
  const rows = await db
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
    .where(inArray(emailNotifications.id, ids));
  return pageOf(
    ids,
    rows.map((r) => ({
      ...r,
      orderNumber: r.orderId ? orderNumber(r.orderId) : null,
      createdAt: new Date(r.createdAt).toISOString(),
      sentAt: r.sentAt ? new Date(r.sentAt).toISOString() : null,
      failedAt: r.failedAt ? new Date(r.failedAt).toISOString() : null,
    })),
    found,
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

/** The admin's 'Process emails': runs the outbox now. */
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
