import { and, eq, getTableColumns, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { isBorrowable } from '@domain/cart-rules';
import type { BookStatus } from '@domain/constants';
import type { Config } from '@server/config';
import type { DbOrTx, Tx } from '@server/db/client';
import { type Book, books, cartItems } from '@server/db/schema';
import { announce } from '@server/lib/lifecycle-events';
import { now } from '@server/lib/clock';
import { awayClock, onShelfOf, ownerBackOnAt } from './availability-service';

// The one writer of a book's availability (status, reservation by an order, hold for a waiter,
// deletion; D6, D7, D8, D25, D48). The owner's and the admin's status changes, deletes, every
// order's book effects, the waitlist's holds, a new book and an owner's return (D48) call it, and
// it alone announces
// the outcome (lib/lifecycle-events.ts): a book it leaves borrowable (isBorrowable of
// domain/cart-rules.ts, the owner's away days read with the row) is announced once here, wherever
// the change came from. Checkout reserves its books inside its one statement with this writer's
// `reservationUpdate`: reserving never frees a book, so there is nothing to announce.

export type BookStateChange =
  /** A new status; with `onlyHeldBy`, only for the books that order holds. */
  | { type: 'set-status'; bookIds: string[]; status: BookStatus; onlyHeldBy?: string }
  /** An order reserves its books (D6): an admin reopening a closed order. */
  | { type: 'reserve'; bookIds: string[]; orderId: string }
  /** The order closed: the books it still holds are Available and held by nobody. */
  | { type: 'release'; bookIds: string[]; orderId: string }
  /** D25: the book is kept for its first waiter alone (a held book is never borrowable). */
  | { type: 'hold'; bookIds: string[]; memberId: string }
  /** D25: the hold for this member ends (answered, lapsed, left, checked out or the book gone). */
  | { type: 'release-hold'; bookIds: string[]; memberId: string }
  /** A new book (books/write-service.ts inserts it): borrowable at once unless its owner is away. */
  | { type: 'listed'; bookIds: string[] }
  /** D48: the owner is back: their listed books are borrowable again (no book row changes). */
  | { type: 'owner-back'; ownerId: string }
  /** Soft delete (D7): the books leave listings and carts; order history keeps its snapshots. */
  | { type: 'delete'; bookIds: string[] }
  /** Sold (D28): as a delete, with the moment it was sold; announced as withdrawn, 'sold'. */
  | { type: 'sell'; bookIds: string[] };

/** A changed row with its owner's return day, which isBorrowable needs (D48). */
type ChangedBook = Book & { ownerBackOn: string | null };
const withOwnerBackOn = () => ({ ...getTableColumns(books), ownerBackOn: ownerBackOnAt(awayClock()) });
/** Only what isBorrowable reads, for the changes that write no row (an owner may have many books). */
const borrowableFacts = () => ({
  id: books.id,
  status: books.status,
  reservedByOrderId: books.reservedByOrderId,
  deletedAt: books.deletedAt,
  ownerId: books.ownerId,
  heldForId: books.heldForId,
  ownerBackOn: ownerBackOnAt(awayClock()),
});

/**
 * Checkout's reservations (D6), each book by its own order, as one update: the writer's own
 * statement, which checkout runs as a data-modifying CTE of its single write.
 */
export function reservationUpdate(
  db: DbOrTx,
  reservations: ReadonlyArray<{ orderId: string; bookIds: string[] }>,
) {
  const reservedBy = sql.join(
    reservations.flatMap(({ orderId, bookIds }) =>
      bookIds.map((bookId) => sql`when ${bookId} then ${orderId}::uuid`),
    ),
    sql` `,
  );
  return db
    .update(books)
    .set({ reservedByOrderId: sql`case ${books.id} ${reservedBy} end`, updatedAt: new Date() })
    .where(
      inArray(
        books.id,
        reservations.flatMap(({ bookIds }) => bookIds),
      ),
    );
}

/** Applies the change and announces its outcome; answers the rows it changed (none for 'listed', 'owner-back'). */
export async function changeBookState(tx: Tx, config: Config, change: BookStateChange): Promise<Book[]> {
  if (change.type === 'owner-back' || change.type === 'listed') {
    // Nothing is written: a new book, or the owner's listed books on their return.
    const where = change.type === 'listed' ? inArray(books.id, change.bookIds) : onShelfOf(change.ownerId);
    await announceBorrowable(tx, config, await tx.select(borrowableFacts()).from(books).where(where));
    return [];
  }
  if (change.bookIds.length === 0) return [];
  const ids = inArray(books.id, change.bookIds);
  const updatedAt = new Date();
  let changed: ChangedBook[];
  switch (change.type) {
    case 'set-status': {
      const where = change.onlyHeldBy ? and(ids, eq(books.reservedByOrderId, change.onlyHeldBy)) : ids;
      changed = await tx
        .update(books)
        .set({ status: change.status, updatedAt })
        .where(and(where, isNull(books.deletedAt)) as SQL)
        .returning(withOwnerBackOn());
      break;
    }
    case 'reserve':
      await reservationUpdate(tx, [change]);
      return [];
    case 'release':
      // Only books this order still holds: a book another order took since keeps its state.
      changed = await tx
        .update(books)
        .set({ status: 'Available', reservedByOrderId: null, updatedAt })
        .where(and(ids, eq(books.reservedByOrderId, change.orderId)))
        .returning(withOwnerBackOn());
      break;
    case 'hold':
      // The caller (waitlist/hold-service.ts) locked the book and found it borrowable.
      await tx
        .update(books)
        .set({ heldForId: change.memberId, updatedAt })
        .where(and(ids, isNull(books.heldForId)));
      return [];
    case 'release-hold':
      // Only a hold still this member's: one passed on since stays with its new holder.
      changed = await tx
        .update(books)
        .set({ heldForId: null, updatedAt })
        .where(and(ids, eq(books.heldForId, change.memberId)))
        .returning(withOwnerBackOn());
      break;
    case 'delete':
    case 'sell': {
      const gone = await tx
        .update(books)
        .set({ deletedAt: updatedAt, updatedAt, ...(change.type === 'sell' ? { soldAt: now() } : {}) })
        .where(and(ids, isNull(books.deletedAt)))
        .returning();
      await tx.delete(cartItems).where(inArray(cartItems.bookId, change.bookIds));
      await announce(
        tx,
        {
          type: 'books-withdrawn',
          bookIds: idsOf(gone),
          reason: change.type === 'sell' ? 'sold' : 'deleted',
        },
        { config },
      );
      return gone;
    }
  }
  await announceBorrowable(tx, config, changed);
  return changed;
}

/** The one announcement of books-borrowable: the rows isBorrowable accepts (domain/cart-rules.ts). */
async function announceBorrowable(
  tx: Tx,
  config: Config,
  rows: Array<Parameters<typeof isBorrowable>[0] & Pick<Book, 'id'>>,
): Promise<void> {
  await announce(tx, { type: 'books-borrowable', bookIds: idsOf(rows.filter(isBorrowable)) }, { config });
}

const idsOf = (rows: Pick<Book, 'id'>[]) => rows.map((row) => row.id);
