import { eq } from 'drizzle-orm';
import type { BookDetail } from '@domain/api-types';
import type { BookFormValues, BookStatusChange } from '@domain/schemas/book-form';
import type { DbOrTx } from '@server/db/client';
import { type Book, books, orderItems } from '@server/db/schema';
import { AppError } from '@server/lib/errors';
import type { Storage } from '@server/lib/storage';
import { deleteCover, storeCover } from '@server/modules/covers/service';
import { inOpenOrderConflict, isHeldByOpenOrder, loadLiveBook, softDeleteBook } from './availability-service';
import { getBookDetail } from './read-service';

// An owner's own books: upload, edit, Available/Unavailable, soft delete (D7).
// Admins change any book through the admin module, not here.

export interface BookWriteDeps {
  db: DbOrTx;
  storage: Storage;
}

/** The actor's book, not deleted; 404 for unknown ids and 403 for another member's book. */
export async function loadOwnedBook(
  db: DbOrTx,
  bookId: string,
  actorId: string,
  { lock = false } = {},
): Promise<Book> {
  const book = await loadLiveBook(db, bookId, { lock });
  if (book.ownerId !== actorId) throw new AppError('NOT_YOUR_BOOK');
  return book;
}

function columnsOf(values: BookFormValues) {
  return {
    title: values.title,
    author: values.author,
    language: values.language,
    condition: values.condition,
    category: values.category,
    summary: values.summary ?? null,
    weeklyPrice: values.weeklyPrice,
    monthlyPrice: values.monthlyPrice ?? null,
  };
}

/** A new book is Available (spec 4) and listed at once. */
export async function createOwnedBook(
  deps: BookWriteDeps,
  input: { actorId: string; values: BookFormValues; cover: Buffer },
): Promise<BookDetail> {
  const coverKey = await storeCover(deps.storage, input.cover);
  try {
    const [row] = await deps.db
      .insert(books)
      .values({ ...columnsOf(input.values), ownerId: input.actorId, status: 'Available', coverKey })
      .returning({ id: books.id });
    return await getBookDetail(deps.db, row.id);
  } catch (err) {
    await deleteCover(deps.storage, coverKey).catch(() => {});
    throw err;
  }
}

/** The edit form replaces every field; the cover only when a new one is sent. */
export async function updateOwnedBook(
  deps: BookWriteDeps,
  input: { actorId: string; bookId: string; values: BookFormValues; cover: Buffer | null },
): Promise<BookDetail> {
  const book = await loadOwnedBook(deps.db, input.bookId, input.actorId);
  const coverKey = input.cover ? await storeCover(deps.storage, input.cover) : book.coverKey;
  await deps.db
    .update(books)
    .set({ ...columnsOf(input.values), coverKey, updatedAt: new Date() })
    .where(eq(books.id, book.id));
  if (coverKey !== book.coverKey) await dropCoverUnlessInHistory(deps, book.coverKey);
  return getBookDetail(deps.db, book.id);
}

/** Order items keep the cover they were borrowed with (D7): only an unreferenced one goes. */
async function dropCoverUnlessInHistory(deps: BookWriteDeps, coverKey: string) {
  const [used] = await deps.db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.coverKey, coverKey))
    .limit(1);
  if (!used) await deleteCover(deps.storage, coverKey).catch(() => {});
}

/** Owners switch their own book between Available and Unavailable while no open order holds it. */
export async function setOwnedBookStatus(
  db: DbOrTx,
  input: { actorId: string; bookId: string; status: BookStatusChange['status'] },
): Promise<BookDetail> {
  await db.transaction(async (tx) => {
    // The row lock orders this against a checkout reserving the same book.
    const book = await loadOwnedBook(tx, input.bookId, input.actorId, { lock: true });
    // Held by an open order (D6): the order, not the owner, decides what happens to it now.
    if (isHeldByOpenOrder(book)) throw inOpenOrderConflict('BOOK_STATUS_FOLLOWS_ORDER');
    await tx.update(books).set({ status: input.status, updatedAt: new Date() }).where(eq(books.id, book.id));
  });
  return getBookDetail(db, input.bookId);
}

/** Soft delete (D7): the book leaves listings and carts; order history keeps its snapshot. */
export async function deleteOwnedBook(db: DbOrTx, input: { actorId: string; bookId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const book = await loadOwnedBook(tx, input.bookId, input.actorId, { lock: true });
    if (isHeldByOpenOrder(book)) throw inOpenOrderConflict('BOOK_IN_OPEN_ORDER');
    await softDeleteBook(tx, book.id);
  });
}
