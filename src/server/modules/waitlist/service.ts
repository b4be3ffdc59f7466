import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { isListed } from '@domain/cart-rules';
import { DEFAULT_BORROW_DURATION } from '@domain/constants';
import { MAX_EXTENSIONS } from '@domain/loan';
import {
  estimateWindow,
  LAPSED_HOLD_SHOWN_DAYS,
  MAX_WAITLISTS,
  type WaitlistErrorCode,
  type WaitlistState,
} from '@domain/waitlist';
import type { AdminWaitlist, BookWaitlist, MyWaitlist, WaitlistCounts } from '@domain/waitlist-types';
import type { Config } from '@server/config';
import type { Db, DbOrTx } from '@server/db/client';
import {
  type Book,
  books,
  memberBorrowWeeks,
  orderExtensions,
  orderItems,
  orders,
  user,
  waitlistEntries,
  waitlistLapsedHolds,
} from '@server/db/schema';
import { now, operatorTimeZone } from '@server/lib/clock';
import { AppError } from '@server/lib/errors';
import { openOrder } from '@server/modules/books/availability-service';
import { coverUrls } from '@server/modules/covers/service';
import { endHold } from './hold-service';

// The waitlist (D25) and its estimate (D39): joining and leaving, a book's queue as its viewer
// sees it, "My waitlist", the counts owners and admins see, and the check D23 asks of loans.

const refuse = (code: WaitlistErrorCode) =>
  new AppError(code, code === 'WAITLIST_LIMIT' ? { params: { max: MAX_WAITLISTS } } : {});

type WaitConfig = Config;

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
    (book.heldForId !== null && isListed(book)));

async function inOwnOpenOrder(db: DbOrTx, memberId: string, bookId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.bookId, bookId), eq(orders.userId, memberId), openOrder()))
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
async function bookWaitlistOf(
  db: DbOrTx,
  book: Book,
  viewerId: string | null,
  options: { expectedReturn?: boolean } = {},
): Promise<BookWaitlist> {
  const [view] = await bookWaitlistsOf(db, [book], viewerId, options);
  return view;
}

/** One book's queue as the database sums it up for its viewer. */
interface QueueSummary {
  waiting: number;
  /** The viewer's place (1 = first), null when not in the queue. */
  place: number | null;
  viewerHolds: boolean;
  holderId: string | null;
  holdUntil: Date | null;
  /** D39: the members ahead of the viewer (all of them when not queued) and their usual weeks summed. */
  ahead: { members: number; weeks: number };
}

/**
 * Every book's queue summed up in one statement: its length, the hold (at most one per book),
 * the viewer's place, and how many members are ahead with the sum of their usual weeks (D39),
 * which is all the estimate needs: it reads no member's orders and no list of those ahead. A
 * book nobody waits for has no row.
 */
async function queueSummaries(
  db: DbOrTx,
  bookIds: readonly string[],
  viewerId: string | null,
): Promise<Map<string, QueueSummary>> {
  const viewerSeq = sql`max(case when ${waitlistEntries.userId} = ${viewerId} then ${waitlistEntries.seq} end) over (partition by ${waitlistEntries.bookId})`;
  const queue = db.$with('queue').as(
    db
      .select({
        bookId: waitlistEntries.bookId,
        userId: waitlistEntries.userId,
        seq: waitlistEntries.seq,
        holdUntil: waitlistEntries.holdUntil,
        viewerSeq: sql<number | null>`${viewerId === null ? sql`null::bigint` : viewerSeq}`.as('viewer_seq'),
      })
      .from(waitlistEntries)
      .where(inArray(waitlistEntries.bookId, [...bookIds])),
  );
  const ahead = sql`(${queue.viewerSeq} is null or ${queue.seq} < ${queue.viewerSeq})`;
  // usualWeeks in SQL: the duration most of the member's orders took, the longer on a tie, from
  // the counts kept per member and duration (migration 0046): the first entry of the member's
  // range of member_borrow_weeks_usual_idx (migration 0054), one probe per waiter in a lateral
  // join, however many orders they made.
  const usual = db
    .select({ weeks: memberBorrowWeeks.weeks })
    .from(memberBorrowWeeks)
    .where(and(eq(memberBorrowWeeks.userId, queue.userId), gt(memberBorrowWeeks.orders, 0)))
    .orderBy(desc(memberBorrowWeeks.orders), desc(memberBorrowWeeks.weeks))
    .limit(1)
    .as('usual');
  const rows = await db
    .with(queue)
    .select({
      bookId: queue.bookId,
      waiting: sql<number>`count(*)::int`,
      place: sql<number | null>`(case when max(${queue.viewerSeq}) is null then null
        else count(*) filter (where ${queue.seq} <= ${queue.viewerSeq}) end)::int`,
      viewerHolds: sql<boolean>`coalesce(bool_or(${queue.seq} = ${queue.viewerSeq} and ${queue.holdUntil} is not null), false)`,
      holderId: sql<string | null>`max(${queue.userId}::text) filter (where ${queue.holdUntil} is not null)`,
      holdUntil: sql<Date | null>`max(${queue.holdUntil})`.mapWith(waitlistEntries.holdUntil),
      aheadMembers: sql<number>`(count(*) filter (where ${ahead}))::int`,
      aheadWeeks: sql<number>`coalesce(sum(case when ${ahead} then coalesce(${usual.weeks}, ${DEFAULT_BORROW_DURATION}) end), 0)::int`,
    })
    .from(queue)
    .leftJoinLateral(usual, sql`true`)
    .groupBy(queue.bookId);
  return new Map(
    rows.map(({ aheadMembers, aheadWeeks, ...r }) => [
      r.bookId,
      { ...r, holdUntil: r.holdUntil ?? null, ahead: { members: aheadMembers, weeks: aheadWeeks } },
    ]),
  );
}

/** What the viewer's own record says of these books: those in their open orders, and their waits. */
async function viewerFacts(
  db: DbOrTx,
  viewerId: string,
  bookIds: readonly string[],
): Promise<{ inOpenOrder: Set<string>; waitlists: number }> {
  const [row] = await db
    .select({
      inOpenOrder: sql<string[] | null>`array_agg(distinct ${orderItems.bookId}::text)`,
      waitlists: sql<number>`(select count(*)::int from ${waitlistEntries} where ${waitlistEntries.userId} = ${viewerId})`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(inArray(orderItems.bookId, [...bookIds]), eq(orders.userId, viewerId), openOrder()));
  return { inOpenOrder: new Set(row?.inOpenOrder ?? []), waitlists: row?.waitlists ?? 0 };
}

/** The loans (open orders) that have these books, as far as the estimate needs them (D39). */
async function loansOf(
  db: DbOrTx,
  orderIds: readonly string[],
): Promise<Map<string, { dueAt: Date | null; weeks: number; extensions: number }>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: orders.id,
      dueAt: orders.dueAt,
      weeks: orders.borrowDuration,
      extensions: count(orderExtensions.id),
    })
    .from(orders)
    .leftJoin(orderExtensions, eq(orderExtensions.orderId, orders.id))
    .where(inArray(orders.id, [...orderIds]))
    .groupBy(orders.id);
  return new Map(rows.map(({ id, ...loan }) => [id, loan]));
}

const NO_QUEUE: QueueSummary = {
  waiting: 0,
  place: null,
  viewerHolds: false,
  holderId: null,
  holdUntil: null,
  ahead: { members: 0, weeks: 0 },
};

/**
 * Several books' waitlists as `viewerId` sees them, in the books' order, in at most three
 * statements whatever the number of books (the borrowed section, D46, shows up to eight): the
 * queues, the viewer's own orders and waits (only when a state depends on them), the loans.
 */
export async function bookWaitlistsOf(
  db: DbOrTx,
  bookList: readonly Book[],
  viewerId: string | null,
  { expectedReturn = false } = {},
): Promise<BookWaitlist[]> {
  if (bookList.length === 0) return [];
  const queues = await queueSummaries(
    db,
    bookList.map((b) => b.id),
    viewerId,
  );
  const queueOfBook = (book: Book) => queues.get(book.id) ?? NO_QUEUE;
  // A state beyond the queue itself (in their order, at the limit, may join) needs the viewer's record.
  const askViewer = (book: Book) =>
    viewerId !== null && queueOfBook(book).place === null && joinable(book) && book.ownerId !== viewerId;
  const asked = bookList.filter(askViewer);
  const viewer =
    viewerId !== null && asked.length > 0
      ? await viewerFacts(
          db,
          viewerId,
          asked.map((b) => b.id),
        )
      : null;

  const states = bookList.map((book): WaitlistState => {
    const queue = queueOfBook(book);
    if (queue.viewerHolds) return 'held';
    if (queue.place !== null) return 'waiting';
    if (!joinable(book) || book.ownerId === viewerId) return 'none';
    if (!viewerId || !viewer) return 'guest';
    if (viewer.inOpenOrder.has(book.id)) return 'in_your_order';
    if (viewer.waitlists >= MAX_WAITLISTS) return 'limit';
    return 'can_join';
  });
  const showsEstimate = (state: WaitlistState) =>
    state === 'waiting' ||
    state === 'can_join' ||
    state === 'guest' ||
    state === 'limit' ||
    (expectedReturn && state !== 'held');
  const loans = await loansOf(
    db,
    bookList.flatMap((book, i) =>
      showsEstimate(states[i]) && book.reservedByOrderId ? [book.reservedByOrderId] : [],
    ),
  );

  return bookList.map((book, i) => {
    const queue = queueOfBook(book);
    const state = states[i];
    const base = {
      bookId: book.id,
      state,
      waiting: queue.waiting,
      place: queue.place,
      estimate: null,
      holdUntil: queue.holdUntil?.toISOString() ?? null,
      heldForSomeoneElse: queue.holderId !== null && queue.holderId !== viewerId,
    };
    if (!showsEstimate(state)) return base;
    const order = book.reservedByOrderId ? loans.get(book.reservedByOrderId) : undefined;
    // D23: the loan may still be extended only while nobody waits.
    const loan = order
      ? {
          dueAt: order.dueAt,
          weeks: order.weeks,
          extensionsLeft: queue.waiting === 0 ? Math.max(0, MAX_EXTENSIONS - order.extensions) : 0,
        }
      : null;
    const estimate = estimateWindow({
      now: now(),
      timeZone: operatorTimeZone(),
      loan,
      ahead: queue.ahead,
    });
    return { ...base, estimate };
  });
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
export const leaveWaitlist = (db: Db, config: WaitConfig, input: OwnEntry) =>
  endOwnEntry(db, config, input, 'leave');

/** D25: the holder declines the hold: it goes to the next waiter, or the book to the shop. */
export const passHold = (db: Db, config: WaitConfig, input: OwnEntry) =>
  endOwnEntry(db, config, input, 'pass');

type OwnEntry = { actorId: string; bookId: string };

/** The member's own entry ends (a pass only while it holds the book); the hold, if any, passes on. */
async function endOwnEntry(
  db: Db,
  config: WaitConfig,
  input: OwnEntry,
  how: 'leave' | 'pass',
): Promise<BookWaitlist> {
  return db.transaction(async (tx) => {
    const entry = await entryOf(tx, input.actorId, input.bookId);
    const pass = how === 'pass';
    if (!entry || (pass && !entry.holdUntil)) throw refuse(pass ? 'WAITLIST_NO_HOLD' : 'WAITLIST_NOT_JOINED');
    // A pass ends only the hold it was pressed for (a timer or another pass may have moved it).
    const onlyHoldUntil = pass ? (entry.holdUntil ?? undefined) : undefined;
    await endHold(tx, config, { bookId: entry.bookId, entryId: entry.id, onlyHoldUntil });
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
  const views = await bookWaitlistsOf(
    db,
    rows.map((r) => r.book),
    input.actorId,
  );
  const items = rows.map(({ entry, book }, i) => {
    const view = views[i];
    return {
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
    };
  });
  return { items, lapsed: await lapsedHoldsOf(db, input.actorId) };
}

/**
 * The member's holds that lapsed in the last LAPSED_HOLD_SHOWN_DAYS (D25), newest first, one per
 * book, leaving out books they wait for again and books no longer listed.
 */
async function lapsedHoldsOf(db: DbOrTx, memberId: string): Promise<MyWaitlist['lapsed']> {
  const since = new Date(now().getTime() - LAPSED_HOLD_SHOWN_DAYS * 24 * 60 * 60 * 1000);
  const rows = await db
    .selectDistinctOn([waitlistLapsedHolds.bookId], { lapse: waitlistLapsedHolds, book: books })
    .from(waitlistLapsedHolds)
    .innerJoin(books, eq(books.id, waitlistLapsedHolds.bookId))
    .where(
      and(
        eq(waitlistLapsedHolds.userId, memberId),
        gt(waitlistLapsedHolds.lapsedAt, since),
        isNull(books.deletedAt),
        sql`not exists (select 1 from ${waitlistEntries} where ${waitlistEntries.bookId} = ${waitlistLapsedHolds.bookId} and ${waitlistEntries.userId} = ${memberId})`,
      ),
    )
    .orderBy(waitlistLapsedHolds.bookId, desc(waitlistLapsedHolds.lapsedAt));
  return rows
    .sort((a, b) => b.lapse.lapsedAt.getTime() - a.lapse.lapsedAt.getTime())
    .map(({ lapse, book }) => ({
      bookId: book.id,
      title: book.title,
      author: book.author,
      cover: coverUrls(book.coverKey),
      lapsedAt: lapse.lapsedAt.toISOString(),
    }));
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
