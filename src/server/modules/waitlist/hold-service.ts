import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { isBorrowable } from '@domain/cart-rules';
import { HOLD_HOURS } from '@domain/waitlist';
import type { Config } from '@server/config';
import type { Tx } from '@server/db/client';
import {
  type Book,
  books,
  cartItems,
  type Timer,
  user,
  waitlistEntries,
  waitlistLapsedHolds,
} from '@server/db/schema';
import { now } from '@server/lib/clock';
import { bookWithOwnerBackOn } from '@server/modules/books/availability-service';
import { changeBookState } from '@server/modules/books/state-service';
import { listen } from '@server/lib/lifecycle-events';
import type { TimerDeps, TimerKind } from '@server/timers/registry';
import { armTimers, cancelTimers } from '@server/timers/store';
import {
  type HoldOffer,
  queueHoldEnding,
  queueHoldLapsed,
  queueHoldOffers,
  queueWaitlistEnded,
} from './notices';

// Holds (D25): when a book becomes borrowable, its first waiter gets it for 48 hours, alone.
// While its owner is away (D48) it is not borrowable: no hold is offered, and the owner's return
// announces the book borrowable again (through books/state-service.ts), which offers it then.
// Every write of a book's hold goes through that writer too, which alone announces books-borrowable.
// Every path takes the book's row lock first and then its queue, so two events that free the
// same book at once take turns: the second finds the book already held and does nothing (and
// the partial unique index on waitlist_entries keeps one hold per book whatever happens).

const HOLD_TIMER = 'waitlist_hold';
/** D45: the holder hears, by email and push, when their hold has this long left. */
const HOLD_ENDING_TIMER = 'waitlist_ending';
const HOLD_ENDING_BEFORE_MS = 6 * 3_600_000;

/** The whole configuration: a hold's end announces a book back in the shop to every follower. */
type HoldConfig = Config;

/** The book locked, with its owner's return day while they are away (D48: no hold is offered then). */
async function lockBook(tx: Tx, bookId: string): Promise<AwayAwareBook | undefined> {
  const [row] = await tx
    .select(bookWithOwnerBackOn())
    .from(books)
    .where(eq(books.id, bookId))
    .for('update', { of: books });
  return row && { ...row.book, ownerBackOn: row.ownerBackOn };
}

type AwayAwareBook = Book & { ownerBackOn: string | null };

/**
 * Gives the locked book to its first waiter when it is borrowable and held for nobody. Returns
 * the hold, or null (nobody waits: the book is in the shop; or it is not free to give).
 */
async function offerHold(
  tx: Tx,
  config: HoldConfig,
  book: AwayAwareBook,
  at: Date,
): Promise<Omit<HoldOffer, 'email' | 'name' | 'language'> | null> {
  if (!isBorrowable(book)) return null;
  const [first] = await tx
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.bookId, book.id))
    .orderBy(asc(waitlistEntries.seq))
    .limit(1)
    .for('update');
  if (!first) return null;
  const holdUntil = new Date(at.getTime() + HOLD_HOURS * 3_600_000);
  await tx.update(waitlistEntries).set({ holdUntil }).where(eq(waitlistEntries.id, first.id));
  await changeBookState(tx, config, { type: 'hold', bookIds: [book.id], memberId: first.userId });
  // Out of everyone else's cart too: only the holder may borrow it now.
  await tx.delete(cartItems).where(and(eq(cartItems.bookId, book.id), ne(cartItems.userId, first.userId)));
  await armTimers(tx, [
    { kind: HOLD_TIMER, subjectId: first.id, refAt: holdUntil, dueAt: holdUntil },
    {
      kind: HOLD_ENDING_TIMER,
      subjectId: first.id,
      refAt: holdUntil,
      dueAt: new Date(holdUntil.getTime() - HOLD_ENDING_BEFORE_MS),
    },
  ]);
  return { userId: first.userId, bookId: book.id, title: book.title, holdUntil };
}

/** The emails of new holds: one per member, however many books are ready for them at once. */
async function sendHoldOffers(
  tx: Tx,
  config: HoldConfig,
  offers: Omit<HoldOffer, 'email' | 'name' | 'language'>[],
) {
  if (offers.length === 0) return;
  const members = await tx
    .select({ id: user.id, email: user.email, name: user.name, language: user.language })
    .from(user)
    .where(
      inArray(
        user.id,
        offers.map((o) => o.userId),
      ),
    );
  const byId = new Map(members.map((m) => [m.id, m]));
  await queueHoldOffers(
    tx,
    config,
    offers.flatMap((o) => {
      const m = byId.get(o.userId);
      return m ? [{ ...o, email: m.email, name: m.name, language: m.language }] : [];
    }),
  );
}

/** D25: books became borrowable: each one's first waiter gets a hold (one email per member). */
async function offerHolds(tx: Tx, config: HoldConfig, bookIds: readonly string[]): Promise<void> {
  const at = now();
  const offers = [];
  // In id order, as every path that locks several books takes them (no deadlock).
  for (const bookId of [...new Set(bookIds)].sort()) {
    const book = await lockBook(tx, bookId);
    if (!book) continue;
    const offer = await offerHold(tx, config, book, at);
    if (offer) offers.push(offer);
  }
  await sendHoldOffers(tx, config, offers);
}

/**
 * Ends the hold of `entryId` (passed, lapsed, left or cleared by an admin): the entry leaves the
 * queue and the book is released; the writer announces it borrowable, and this module's listener
 * gives it to the next waiter (or it is back in the shop when nobody is left). With
 * `onlyHoldUntil`, only a hold that still ends then (a timer armed for an older hold does nothing).
 */
export async function endHold(
  tx: Tx,
  config: HoldConfig,
  input: { bookId: string; entryId: string; onlyHoldUntil?: Date },
): Promise<boolean> {
  const book = await lockBook(tx, input.bookId);
  const [entry] = await tx
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.id, input.entryId), eq(waitlistEntries.bookId, input.bookId)))
    .for('update');
  if (!book || !entry) return false;
  if (input.onlyHoldUntil && entry.holdUntil?.getTime() !== input.onlyHoldUntil.getTime()) return false;
  await tx.delete(waitlistEntries).where(eq(waitlistEntries.id, entry.id));
  await cancelTimers(tx, entry.id, [HOLD_TIMER, HOLD_ENDING_TIMER]);
  if (book.heldForId === entry.userId)
    await changeBookState(tx, config, { type: 'release-hold', bookIds: [book.id], memberId: entry.userId });
  return true;
}

/** Checkout ends the holder's holds on the books it lends them (D25). Checkout locked the books. */
async function endHoldsAtCheckout(
  tx: Tx,
  config: HoldConfig,
  memberId: string,
  bookIds: readonly string[],
): Promise<void> {
  const ended = await tx
    .delete(waitlistEntries)
    .where(and(eq(waitlistEntries.userId, memberId), inArray(waitlistEntries.bookId, [...bookIds])))
    .returning({ id: waitlistEntries.id });
  for (const { id } of ended) await cancelTimers(tx, id, [HOLD_TIMER, HOLD_ENDING_TIMER]);
  // Reserved by the new orders now: the writer finds nothing borrowable to announce.
  await changeBookState(tx, config, { type: 'release-hold', bookIds: [...bookIds], memberId });
}

/** D25: a deleted or sold book ends its waitlist; each waiter is told. */
async function endWaitlists(
  tx: Tx,
  config: HoldConfig,
  bookIds: readonly string[],
  reason: 'deleted' | 'sold',
): Promise<void> {
  for (const bookId of [...new Set(bookIds)].sort()) {
    const book = await lockBook(tx, bookId);
    if (!book) continue;
    const ended = await tx
      .delete(waitlistEntries)
      .where(eq(waitlistEntries.bookId, bookId))
      .returning({ id: waitlistEntries.id, userId: waitlistEntries.userId });
    if (ended.length === 0) continue;
    for (const { id } of ended) await cancelTimers(tx, id, [HOLD_TIMER, HOLD_ENDING_TIMER]);
    if (book.heldForId)
      await changeBookState(tx, config, {
        type: 'release-hold',
        bookIds: [bookId],
        memberId: book.heldForId,
      });
    const members = await tx
      .select({ email: user.email, name: user.name, language: user.language })
      .from(user)
      .where(
        inArray(
          user.id,
          ended.map((e) => e.userId),
        ),
      );
    await queueWaitlistEnded(tx, config, { title: book.title, reason }, members);
  }
}

/**
 * The hold timer (D24, D25): a hold still unanswered at its end passes to the next waiter (or the
 * book goes back to the shop). The member is told, and My waitlist keeps a line for it.
 */
async function fireHoldTimer(tx: Tx, deps: TimerDeps, timer: Timer): Promise<void> {
  if (!timer.refAt) return;
  const [entry] = await tx
    .select({ bookId: waitlistEntries.bookId, userId: waitlistEntries.userId })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.id, timer.subjectId));
  if (!entry) return;
  const ended = await endHold(tx, deps.config, {
    bookId: entry.bookId,
    entryId: timer.subjectId,
    onlyHoldUntil: timer.refAt,
  });
  if (!ended) return;
  await tx
    .insert(waitlistLapsedHolds)
    .values({ bookId: entry.bookId, userId: entry.userId, lapsedAt: timer.refAt });
  const [facts] = await tx
    .select({
      title: books.title,
      heldForId: books.heldForId,
      email: user.email,
      name: user.name,
      language: user.language,
    })
    .from(books)
    .innerJoin(user, eq(user.id, entry.userId))
    .where(eq(books.id, entry.bookId));
  if (facts)
    await queueHoldLapsed(tx, deps.config, {
      ...facts,
      bookId: entry.bookId,
      lapsedAt: timer.refAt,
      passedOn: facts.heldForId !== null,
    });
}

/**
 * D45: six hours before a hold ends, its holder hears it is about to lapse (email and push). Only
 * for the hold the timer was armed for, while the book is still theirs and the end still ahead
 * (after a downtime past the end, the hold's own timer passes it on and this says nothing).
 */
async function fireHoldEndingTimer(tx: Tx, deps: TimerDeps, timer: Timer): Promise<void> {
  if (!timer.refAt || now() >= timer.refAt) return;
  const [held] = await tx
    .select({
      holdUntil: waitlistEntries.holdUntil,
      bookId: books.id,
      title: books.title,
      heldForId: books.heldForId,
      userId: user.id,
      email: user.email,
      name: user.name,
      language: user.language,
    })
    .from(waitlistEntries)
    .innerJoin(books, eq(books.id, waitlistEntries.bookId))
    .innerJoin(user, eq(user.id, waitlistEntries.userId))
    .where(eq(waitlistEntries.id, timer.subjectId));
  if (!held || held.holdUntil?.getTime() !== timer.refAt.getTime() || held.heldForId !== held.userId) return;
  await queueHoldEnding(tx, deps.config, {
    userId: held.userId,
    email: held.email,
    name: held.name,
    language: held.language,
    bookId: held.bookId,
    title: held.title,
    holdUntil: timer.refAt,
  });
}

/** The waitlist's timer kinds (src/server/wiring.ts lists them). */
export const waitlistTimerKinds: TimerKind[] = [
  { prefix: HOLD_TIMER, fire: fireHoldTimer },
  { prefix: HOLD_ENDING_TIMER, fire: fireHoldEndingTimer },
];

/**
 * The waitlist's lifecycle listener (src/server/wiring.ts): a borrowable book goes to its first
 * waiter; a deleted or sold one ends its waitlist; a checkout of books held for the borrower
 * ends those holds.
 */
export const waitlistListener = listen(
  ['books-borrowable', 'books-withdrawn', 'order-placed'],
  async (tx, event, ctx) => {
    if (event.type === 'books-borrowable') await offerHolds(tx, ctx.config, event.bookIds);
    else if (event.type === 'books-withdrawn')
      await endWaitlists(tx, ctx.config, event.bookIds, event.reason);
    else if (event.heldBookIds.length > 0)
      await endHoldsAtCheckout(tx, ctx.config, event.borrowerId, event.heldBookIds);
  },
);
