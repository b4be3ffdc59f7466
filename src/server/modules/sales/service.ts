import type { Config } from '@server/config';
import type { Db } from '@server/db/client';
import { AppError } from '@server/lib/errors';
import {
  inOpenOrdersByHistory,
  isHeldByOpenOrder,
  loadLiveBook,
} from '@server/modules/books/availability-service';
import { changeBookState } from '@server/modules/books/state-service';
import type { SessionUser } from '@server/app-env';

// D28: the owner or an admin marks a book Sold. Refused while an open order holds it; otherwise
// it leaves the shop, the shelf, every cart and (through the 'withdrawn' event) every waitlist.

export async function markSold(
  deps: { db: Db; config: Config },
  actor: Pick<SessionUser, 'id' | 'role'>,
  bookId: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    // The book's lock: a checkout reserving it and this take turns (D6).
    const book = await loadLiveBook(tx, bookId, { lock: true });
    if (book.ownerId !== actor.id && actor.role !== 'admin') throw new AppError('NOT_YOUR_BOOK');
    // The order items are the truth (an admin may have set any status).
    if (isHeldByOpenOrder(book) || (await inOpenOrdersByHistory(tx, [book])).has(book.id)) {
      throw new AppError('BOOK_SALE_IN_OPEN_ORDER');
    }
    await changeBookState(tx, deps.config, { type: 'sell', bookIds: [book.id] });
  });
}
