import { and, asc, count, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import { isBorrowable } from '@domain/cart-rules';
import { CLOSED_ORDER_STATUSES, DEFAULT_BORROW_DURATION } from '@domain/constants';
import { MAX_EXTENSIONS } from '@domain/loan';
import {
  type EstimateWindow,
  estimateWindow,
  MAX_WAITLISTS,
  usualWeeks,
  type WaitlistErrorCode,
  type WaitlistState,
} from '@domain/waitlist';
import type { AdminWaitlist, BookWaitlist, MyWaitlist, WaitlistCounts } from '@domain/waitlist-types';
import type { Config } from '@server/config';
import type { Db, DbOrTx } from '@server/db/client';
import {
  type Book,
  books,
  orderExtensions,
  orderItems,
  orders,
  user,
  type WaitlistEntry,
  waitlistEntries,
} from '@server/db/schema';
import { now, operatorTimeZone } from '@server/lib/clock';
import { AppError } from '@server/lib/errors';
import { coverUrls } from '@server/modules/covers/service';
import { endHold } from './hold-service';

// The waitlist (D25) and its estimate (D39): joining and leaving, a book's queue as its viewer
// sees it, "My waitlist", the counts owners and admins see, and the check D23 asks of loans.

const refuse = (code: WaitlistErrorCode) =>
  new AppError(code, code === 'WAITLIST_LIMIT' ? { params: { max: MAX_WAITLISTS } } : {});

type WaitConfig = Pick<Config, 'appUrl' | 'timeZone'>;

/** D23: whether anyone waits for one of these books (an extension is then refused). */
export async function someoneWaitsFor(db: DbOrTx, bookIds: readonly string[]): Promise<boolean> {
  return Object.keys(await waitingCounts(db, bookIds)).length > 0;
}

/** Members waiting per book (the holder included); books nobody waits for are left out. */
export async function waitingCounts(db: DbOrTx, bookIds: readonly string[]): Promise<Record<string, number>> {
  if (bookIds.length === 0) return {};
  const rows = await db
    .select({ bookId: waitlistEntries.bookId, n: count() })
    .from(waitlistEntries)
    .where(inArray(waitlistEntries.bookId, [...bookIds]))
    .groupBy(waitlistEntries.bookId);
  return Object.fromEntries(rows.map((r) => [r.bookId, r.n]));
}

/** Distinct members waiting for any book of the order (the due-date reminder says so, D25). */
export async function waitingForOrder(
  db: DbOrTx,
  orderId: string,
): Promise<{ members: number; books: number }> {
  const [row] = await db
    .select({
      members: sql<number>`count(distinct ${waitlistEntries.userId})::int`,
      books: sql<number>`(select count(*)::int from ${orderItems} where ${orderItems.orderId} = ${orderId})`,
    })
    .from(waitlistEntries)
    .innerJoin(orderItems, eq(orderItems.bookId, waitlistEntries.bookId))
    .where(eq(orderItems.orderId, orderId));
  return { members: row?.members ?? 0, books: row?.books ?? 0 };
}

export async function getWaitlistCounts(db: DbOrTx, bookIds: readonly string[]): Promise<WaitlistCounts> {
  return { counts: await waitingCounts(db, bookIds) };
}

// ---------------------------------------------------------------- the book's queue

/** Reserved, borrowed, or held for a waiter: a book one can queue for (D25). */
const joinable = (book: Book) =>
  book.deletedAt === null &&
  book.ownerId !== null &&
  (book.reservedByOrderId !== null ||
    book.status === 'Borrowed' ||
    (book.heldForId !== null && isBorrowable(book)));

async function queueOf(db: DbOrTx, bookId: string): Promise<WaitlistEntry[]> {
  return db
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.bookId, bookId))
    .orderBy(asc(waitlistEntries.seq));
}

async function inOwnOpenOrder(db: DbOrTx, memberId: string, bookId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orderItems.bookId, bookId),
        eq(orders.userId, memberId),
        notInArray(orders.status, [...CLOSED_ORDER_STATUSES]),
      ),
    )
    .limit(1);
  return row !== undefined;
}

async function waitlistsOf(db: DbOrTx, memberId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.userId, memberId));
  return row.n;
}

/**
 * D39: the window in which the book should come to someone behind `ahead`. The loan is the
 * open order that has the book; it may still be extended (D23) only while nobody waits.
 */
async function estimateFor(
  db: DbOrTx,
  book: Book,
  ahead: readonly string[],
  nobodyWaits: boolean,
): Promise<EstimateWindow> {
  let loan = null;
  if (book.reservedByOrderId) {
    const [order] = await db
      .select({ dueAt: orders.dueAt, weeks: orders.borrowDuration, extensions: count(orderExtensions.id) })
      .from(orders)
      .leftJoin(orderExtensions, eq(orderExtensions.orderId, orders.id))
      .where(eq(orders.id, book.reservedByOrderId))
      .groupBy(orders.id);
    if (order) {
      loan = {
        dueAt: order.dueAt,
        weeks: order.weeks,
        extensionsLeft: nobodyWaits ? Math.max(0, MAX_EXTENSIONS - order.extensions) : 0,
      };
    }
  }
  const durations =
    ahead.length === 0
      ? []
      : await db
          .select({ userId: orders.userId, weeks: orders.borrowDuration })
          .from(orders)
          .where(and(inArray(orders.userId, [...ahead]), ne(orders.status, 'Cancelled')));
  const weeksOf = (id: string) =>
    usualWeeks(
      durations.filter((d) => d.userId === id).map((d) => d.weeks),
      DEFAULT_BORROW_DURATION,
    );
  return estimateWindow({ now: now(), timeZone: operatorTimeZone(), loan, ahead: ahead.map(weeksOf) });
}

/** A book's waitlist as `viewerId` (null: a guest) sees it on the book page. */
export async function getBookWaitlist(db: DbOrTx, input: { bookId: string; viewerId: string | null }) {
  const [book] = await db.select().from(books).where(eq(books.id, input.bookId));
  if (!book || book.deletedAt) throw new AppError('BOOK_NOT_FOUND');
  return bookWaitlistOf(db, book, input.viewerId);
}

/**
 * A book's waitlist as `viewerId` sees it, for a book already read. The borrowed section (D46)
 * asks `expectedReturn`: the estimate at the end of the queue whoever looks (its owner too).
 */
export async function bookWaitlistOf(
  db: DbOrTx,
  book: Book,
  viewerId: string | null,
  { expectedReturn = false } = {},
): Promise<BookWaitlist> {
  const queue = await queueOf(db, book.id);
  const held = queue.find((e) => e.holdUntil !== null) ?? null;
  const index = viewerId ? queue.findIndex((e) => e.userId === viewerId) : -1;
  const mine = index >= 0 ? queue[index] : null;
  const base = {
    bookId: book.id,
    waiting: queue.length,
    place: mine ? index + 1 : null,
    estimate: null,
    holdUntil: held?.holdUntil?.toISOString() ?? null,
    heldForSomeoneElse: held !== null && held.userId !== viewerId,
  };
  let state: WaitlistState = 'none';
  if (mine?.holdUntil) state = 'held';
  else if (mine) state = 'waiting';
  else if (!joinable(book) || book.ownerId === viewerId) state = 'none';
  else if (!viewerId) state = 'guest';
  else if (await inOwnOpenOrder(db, viewerId, book.id)) state = 'in_your_order';
  else if ((await waitlistsOf(db, viewerId)) >= MAX_WAITLISTS) state = 'limit';
  else state = 'can_join';

  const showsEstimate =
    state === 'waiting' ||
    state === 'can_join' ||
    state === 'guest' ||
    state === 'limit' ||
    (expectedReturn && state !== 'held');
  if (!showsEstimate) return { ...base, state };
  const ahead = (mine ? queue.slice(0, index) : queue).map((e) => e.userId);
  const estimate = await estimateFor(db, book, ahead, queue.length === 0);
  return { ...base, state, estimate };
}

// ---------------------------------------------------------------- join, leave, pass

/** D25: join the queue of a reserved or borrowed book; every refusal has its own code. */
export async function joinWaitlist(
  db: Db,
  input: { actorId: string; bookId: string },
): Promise<BookWaitlist> {
  return db.transaction(async (tx) => {
    // The member's row lock: two joins sent at once take turns, so the limit holds.
    await tx.select({ id: user.id }).from(user).where(eq(user.id, input.actorId)).for('no key update');
    const [book] = await tx.select().from(books).where(eq(books.id, input.bookId));
    if (!book || book.deletedAt) throw new AppError('BOOK_NOT_FOUND');
    if (book.ownerId === input.actorId) throw refuse('WAITLIST_OWN_BOOK');
    const [already] = await tx
      .select({ id: waitlistEntries.id })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.bookId, book.id), eq(waitlistEntries.userId, input.actorId)));
    if (already) throw refuse('WAITLIST_ALREADY_JOINED');
    if (await inOwnOpenOrder(tx, input.actorId, book.id)) throw refuse('WAITLIST_IN_YOUR_ORDER');
    if (!joinable(book)) {
      throw refuse(book.listed ? 'WAITLIST_BOOK_AVAILABLE' : 'WAITLIST_BOOK_UNAVAILABLE');
    }
    if ((await waitlistsOf(tx, input.actorId)) >= MAX_WAITLISTS) throw refuse('WAITLIST_LIMIT');
    await tx.insert(waitlistEntries).values({ bookId: book.id, userId: input.actorId, createdAt: now() });
    return bookWaitlistOf(tx, book, input.actorId);
  });
}

async function entryOf(db: DbOrTx, memberId: string, bookId: string) {
  const [entry] = await db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.bookId, bookId), eq(waitlistEntries.userId, memberId)));
  return entry;
}

/** One click leaves (D25); leaving while holding the book passes the hold on. */
export async function leaveWaitlist(
  db: Db,
  config: WaitConfig,
  input: { actorId: string; bookId: string },
): Promise<BookWaitlist> {
  return db.transaction(async (tx) => {
    const entry = await entryOf(tx, input.actorId, input.bookId);
    if (!entry) throw refuse('WAITLIST_NOT_JOINED');
    await endHold(tx, config, { bookId: entry.bookId, entryId: entry.id });
    return getBookWaitlist(tx, { bookId: input.bookId, viewerId: input.actorId });
  });
}

/** D25: the holder declines the hold: it goes to the next waiter, or the book to the shop. */
export async function passHold(
  db: Db,
  config: WaitConfig,
  input: { actorId: string; bookId: string },
): Promise<BookWaitlist> {
  return db.transaction(async (tx) => {
    const entry = await entryOf(tx, input.actorId, input.bookId);
    if (!entry?.holdUntil) throw refuse('WAITLIST_NO_HOLD');
    await endHold(tx, config, { bookId: entry.bookId, entryId: entry.id, onlyHoldUntil: entry.holdUntil });
    return getBookWaitlist(tx, { bookId: input.bookId, viewerId: input.actorId });
  });
}

// ---------------------------------------------------------------- my waitlist, admin

/** "My waitlist": each book the member waits for, with its state, place and estimate. */
export async function getMyWaitlist(db: DbOrTx, input: { actorId: string }): Promise<MyWaitlist> {
  const rows = await db
    .select({ entry: waitlistEntries, book: books })
    .from(waitlistEntries)
    .innerJoin(books, eq(books.id, waitlistEntries.bookId))
    .where(eq(waitlistEntries.userId, input.actorId))
    .orderBy(sql`${waitlistEntries.holdUntil} is null`, asc(waitlistEntries.seq));
  const items = [];
  for (const { entry, book } of rows) {
    const view = await bookWaitlistOf(db, book, input.actorId);
    items.push({
      bookId: book.id,
      title: book.title,
      author: book.author,
      cover: coverUrls(book.coverKey),
      state: entry.holdUntil ? ('held' as const) : ('waiting' as const),
      place: view.place ?? 1,
      waiting: view.waiting,
      estimate: view.estimate,
      holdUntil: entry.holdUntil?.toISOString() ?? null,
      joinedAt: entry.createdAt.toISOString(),
    });
  }
  return { items };
}

/** A book's queue for an admin, in order. */
export async function getAdminWaitlist(db: DbOrTx, input: { bookId: string }): Promise<AdminWaitlist> {
  const rows = await db
    .select({ entry: waitlistEntries, name: user.name, email: user.email })
    .from(waitlistEntries)
    .innerJoin(user, eq(user.id, waitlistEntries.userId))
    .where(eq(waitlistEntries.bookId, input.bookId))
    .orderBy(asc(waitlistEntries.seq));
  return {
    items: rows.map(({ entry, name, email }, i) => ({
      id: entry.id,
      place: i + 1,
      memberName: name,
      memberEmail: email,
      holdUntil: entry.holdUntil?.toISOString() ?? null,
      joinedAt: entry.createdAt.toISOString(),
    })),
  };
}

/** An admin clears an entry; a cleared hold passes to the next waiter (D25). */
export async function clearWaitlistEntry(
  db: Db,
  config: WaitConfig,
  input: { entryId: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [entry] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, input.entryId));
    if (!entry) throw refuse('WAITLIST_ENTRY_NOT_FOUND');
    await endHold(tx, config, { bookId: entry.bookId, entryId: entry.id });
  });
}
