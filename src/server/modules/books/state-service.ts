import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { BookStatus } from '@domain/constants';
import type { Config } from '@server/config';
import type { Tx } from '@server/db/client';
import { type Book, books, cartItems } from '@server/db/schema';
import { announce } from '@server/lib/lifecycle-events';
import { now } from '@server/lib/clock';

// The one function that writes a book's state (status, reservation by an order, deletion; D6, D7,
// D8). The owner's and the admin's status changes, deletes and every order's book effects call
// it, and it announces the outcome (lib/lifecycle-events.ts): a book it leaves borrowable is announced
// once here, wherever the change came from. Checkout's reservation is the one write outside it:
// reserving never frees a book, and checkout's statements are counted (cart and checkout tests).

export type BookStateChange =
  /** A new status; with `onlyHeldBy`, only for the books that order holds. */
  | { type: 'set-status'; bookIds: string[]; status: BookStatus; onlyHeldBy?: string }
  /** The order closed: the books it still holds are Available and held by nobody. */
  | { type: 'release'; bookIds: string[]; orderId: string }
  /** Soft delete (D7): the books leave listings and carts; order history keeps its snapshots. */
  | { type: 'delete'; bookIds: string[] }
  /** Sold (D28): as a delete, with the moment it was sold; announced as withdrawn, 'sold'. */
  | { type: 'sell'; bookIds: string[] };

/** Borrowable now (D6): Available, held by no order, not deleted (the `listed` column's meaning). */
const isBorrowable = (book: Pick<Book, 'status' | 'reservedByOrderId' | 'deletedAt'>) =>
  book.status === 'Available' && book.reservedByOrderId === null && book.deletedAt === null;

/** Applies the change and announces its outcome; answers the rows it changed. */
export async function changeBookState(tx: Tx, config: Config, change: BookStateChange): Promise<Book[]> {
  if (change.bookIds.length === 0) return [];
  const ids = inArray(books.id, change.bookIds);
  const updatedAt = new Date();
  let changed: Book[];
  switch (change.type) {
    case 'set-status': {
      const where = change.onlyHeldBy ? and(ids, eq(books.reservedByOrderId, change.onlyHeldBy)) : ids;
      changed = await tx
        .update(books)
        .set({ status: change.status, updatedAt })
        .where(and(where, isNull(books.deletedAt)) as SQL)
        .returning();
      break;
    }
    case 'release':
      // Only books this order still holds: a book another order took since keeps its state.
      changed = await tx
        .update(books)
        .set({ status: 'Available', reservedByOrderId: null, updatedAt })
        .where(and(ids, eq(books.reservedByOrderId, change.orderId)))
        .returning();
      break;
    case 'delete':
    case 'sell':
      changed = await tx
        .update(books)
        .set({ deletedAt: updatedAt, updatedAt, ...(change.type === 'sell' ? { soldAt: now() } : {}) })
        .where(and(ids, isNull(books.deletedAt)))
        .returning();
      await tx.delete(cartItems).where(inArray(cartItems.bookId, change.bookIds));
      await announce(
        tx,
        {
          type: 'books-withdrawn',
          bookIds: idsOf(changed),
          reason: change.type === 'sell' ? 'sold' : 'deleted',
        },
        { config },
      );
      return changed;
  }
  await announce(tx, { type: 'books-borrowable', bookIds: idsOf(changed.filter(isBorrowable)) }, { config });
  return changed;
}

const idsOf = (rows: Pick<Book, 'id'>[]) => rows.map((row) => row.id);
