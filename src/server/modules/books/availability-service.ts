import { and, eq, inArray, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Availability } from '@domain/api-types';
import { CLOSED_ORDER_STATUSES } from '@domain/constants';
import type { DbOrTx } from '@server/db/client';
import { type Book, books, memberCounts, orderItems, orders, ownerAway, user } from '@server/db/schema';
import { now } from '@server/lib/clock';
import { AppError } from '@server/lib/errors';

// The books-availability module: the one home of "is this book in an open order",
// soft delete and the listing state, for the owner's paths (books module) and the
// admin's (admin module). Both paths ask here instead of spelling the conditions themselves.

// ---------------------------------------------------------------- soft delete

/** Rows that still exist: a soft-deleted book leaves listings, carts and every management path. */
export const notDeleted = (): SQL => isNull(books.deletedAt);

/** The book by id unless it is deleted; 404 'Book not found' otherwise. `lock` takes its row lock. */
export async function loadLiveBook(db: DbOrTx, bookId: string, { lock = false } = {}): Promise<Book> {
  const query = db
    .select()
    .from(books)
    .where(and(eq(books.id, bookId), notDeleted()));
  const [book] = lock ? await query.for('update') : await query;
  if (!book) throw new AppError('BOOK_NOT_FOUND');
  return book;
}

// ---------------------------------------------------------------- open orders

const closedStatuses = sql.join(
  CLOSED_ORDER_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

/**
 * An order is open until Completed or Cancelled (D6): the one SQL spelling of the domain's
 * isOpenStatus (order-machine.ts), for `orders.status` or another status expression (a
 * correlated subquery's alias). availability-rules.test.ts checks the two agree on every status.
 */
export const openOrder = (status: SQL | typeof orders.status = orders.status): SQL =>
  sql`${status} not in (${closedStatuses})`;

/**
 * Held by an open order, as the book's own row says: reserved by one, or lent out (Borrowed).
 * The owner's paths judge by this (Manage table, status change, delete).
 */
export const isHeldByOpenOrder = (book: Pick<Book, 'reservedByOrderId' | 'status'>) =>
  book.reservedByOrderId !== null || book.status === 'Borrowed';

/**
 * Book ids among `bookIds` in an open order by the order items (history is the truth) or by the
 * reservation on the row. The admin's paths judge by this: an admin may have set any status.
 */
export async function inOpenOrdersByHistory(
  db: DbOrTx,
  rows: Pick<Book, 'id' | 'reservedByOrderId'>[],
): Promise<Set<string>> {
  const held = new Set(rows.filter((b) => b.reservedByOrderId !== null).map((b) => b.id));
  if (rows.length === 0) return held;
  const found = await db
    .selectDistinct({ bookId: orderItems.bookId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        inArray(
          orderItems.bookId,
          rows.map((b) => b.id),
        ),
        openOrder(),
      ),
    );
  for (const { bookId } of found) if (bookId !== null) held.add(bookId);
  return held;
}

/** The refusal of a status change or delete while an open order holds the book. */
export const inOpenOrderConflict = (code: 'BOOK_IN_OPEN_ORDER' | 'BOOK_STATUS_FOLLOWS_ORDER') =>
  new AppError(code);

// ---------------------------------------------------------------- listing state

// ---------------------------------------------------------------- owners away

/**
 * The day the owner of a book is back while they are away at `at` (the one clock's instant,
 * as ISO text or a statement's placeholder); SQL null when they are not away then. Every answer
 * and rule that asks whether a book can be borrowed now reads it from here (`ownerBackOn` of
 * cart-rules.ts); a period whose `back_at` has passed reads as none.
 */
export const ownerBackOnAt = (at: string | Placeholder, ownerId: SQL = BOOK_OWNER): SQL<string | null> =>
  sql<string | null>`(select (away.ends_on + 1)::text from ${ownerAway} as away
    where away.owner_id = ${ownerId} and away.starts_at <= ${at}::timestamptz
    and away.back_at > ${at}::timestamptz)`;

// Spelled with their tables: a one-table select leaves its columns bare, which inside the
// subquery would name owner_away's own.
const BOOK_OWNER = sql.raw('"books"."owner_id"');
/** The member row's id as ownerBackOnAt's owner (a select from `user`). */
export const MEMBER_ID = sql.raw('"user"."id"');

/**
 * What every listing shows changed without a book row changing (an owner's away dates, D48):
 * moves the version with one 'reset' row, so every instance drops its cached listings (as
 * after a gap) at the commit of `tx`.
 */
export async function resetCachedListings(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`with moved as (update catalog_version set version = version + 1 where id = 1 returning version)
    insert into catalog_changes (version, kind) select version, 'reset' from moved`);
}

/** The one clock's instant as ownerBackOnAt reads it. */
export const awayClock = (): string => now().toISOString();

/** A book row with its owner's return day as of now: select it as `{ book, ownerBackOn }`. */
export const bookWithOwnerBackOn = () => ({ book: books, ownerBackOn: ownerBackOnAt(awayClock()) });

/** The day this owner is back while they are away now; null otherwise (or with no owner). */
export async function ownerBackOnOf(db: DbOrTx, ownerId: string | null): Promise<string | null> {
  if (ownerId === null) return null;
  const [row] = await db
    .select({ backOn: ownerBackOnAt(awayClock(), MEMBER_ID) })
    .from(user)
    .where(eq(user.id, ownerId));
  return row?.backOn ?? null;
}

/** What a member can do with the book right now, as every book answer says it. */
export function availabilityOf(
  book: Pick<Book, 'status' | 'reservedByOrderId' | 'deletedAt' | 'heldForId'>,
  ownerBackOn: string | null,
): Availability {
  if (book.deletedAt || book.status === 'Unavailable') return 'unavailable';
  if (book.status === 'Borrowed') return 'borrowed';
  // D25: a book held for a waiting member is reserved for everyone else; the waitlist's own
  // answer tells its holder that it is theirs.
  if (book.reservedByOrderId || book.heldForId) return 'reserved';
  // Listed, but it waits for its owner's return.
  if (ownerBackOn !== null) return 'away';
  return 'available';
}

/** Borrowable now (D17): the catalog's rows (the generated `listed` column, indexed). */
export const listed = (): SQL => sql`${books.listed}`;

/**
 * An owner's shelf: their books borrowable now, as the shop lists them (D46); the ones out now
 * (reserved or borrowed) are in the shelf's borrowed section with their expected return.
 */
export const onShelfOf = (ownerId: string): SQL => and(eq(books.ownerId, ownerId), listed()) as SQL;

/**
 * How many books `ownerId` has on the shelf (`onShelfOf`), as PostgreSQL keeps it per owner
 * (member_counts, migration 0050): one row however many books the owner has. An expression, so
 * it is read beside other columns or on its own (`shelfCount`).
 */
export const keptShelfCount = (ownerId: SQL | string): SQL<number> =>
  sql<number>`coalesce((select kept.listed_books from ${memberCounts} as kept where kept.user_id = ${ownerId}), 0)`;

/** `keptShelfCount`, read on its own. */
export async function shelfCount(db: DbOrTx, ownerId: string): Promise<number> {
  const [row] = await db.select({ n: keptShelfCount(ownerId) }).from(sql`(select 1) as one`);
  return row?.n ?? 0;
}

/** The owner's Manage table: every book of theirs that is not deleted. */
export const managedBy = (ownerId: string): SQL => and(eq(books.ownerId, ownerId), notDeleted()) as SQL;
