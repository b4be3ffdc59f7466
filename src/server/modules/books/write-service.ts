import { eq } from 'drizzle-orm';
import type { BookDetail } from '@domain/api-types';
import { COVER_FIELD, NEW_PHOTO } from '@domain/constants';
import type { BookFormValues, BookStatusChange } from '@domain/schemas/book-form';
import type { Config } from '@server/config';
import type { Db, DbOrTx, Tx } from '@server/db/client';
import { type Book, books, orderItems, user } from '@server/db/schema';
import { AppError, fieldProblem } from '@server/lib/errors';
import type { Storage } from '@server/lib/storage';
import { deleteCover, storePhotos } from '@server/modules/covers/service';
import { inOpenOrderConflict, isHeldByOpenOrder, loadLiveBook } from './availability-service';
import { getBookDetail } from './read-service';
import { changeBookState } from './state-service';

// An owner's own books: upload, edit, Available/Unavailable, soft delete.
// Admins change any book through the admin module, not here.

export interface BookWriteDeps {
  db: DbOrTx;
  storage: Storage;
  config: Config;
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
    isbn: values.isbn ?? null,
    language: values.language,
    condition: values.condition,
    category: values.category,
    summary: values.summary ?? null,
    weeklyPrice: values.weeklyPrice,
    monthlyPrice: values.monthlyPrice ?? null,
    salePrice: values.salePrice ?? null,
  };
}

/** The photo columns for a list of keys in order: the first is the cover (D18). */
const photoColumns = (keys: string[]) => ({ coverKey: keys[0], extraPhotoKeys: keys.slice(1) });

/** What readBookSubmission read: the checked photos and, on an edit, their order. */
export interface PhotoInput {
  photos: Buffer[];
  order: string[] | null;
}

const badOrder = () =>
  new AppError('VALIDATION_FAILED', { fields: { [COVER_FIELD]: fieldProblem('photoOrderInvalid') } });

/**
 * A new book is Available (spec 4) and listed at once; its owner has given their location first.
 * A published draft (shelf import) comes with its photo already stored (`storedKeys`, before the
 * photos sent) and removes itself in the same transaction (`alsoInTransaction`).
 */
export async function createOwnedBook(
  deps: BookWriteDeps,
  input: { actorId: string; values: BookFormValues } & PhotoInput & {
      storedKeys?: string[];
      alsoInTransaction?: (tx: Tx) => Promise<void>;
    },
): Promise<BookDetail> {
  // A new book has no stored photos for an order to name.
  if (input.order?.some((entry) => entry !== NEW_PHOTO)) throw badOrder();
  // D38: a book's area is its owner's location; sign-up does not ask it, so it is asked now.
  const [owner] = await deps.db
    .select({ location: user.location })
    .from(user)
    .where(eq(user.id, input.actorId));
  if (!owner?.location) throw new AppError('PROFILE_LOCATION_REQUIRED');
  const keys = await storePhotos(deps.storage, input.photos);
  try {
    const id = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(books)
        .values({
          ...columnsOf(input.values),
          ...photoColumns([...(input.storedKeys ?? []), ...keys]),
          ownerId: input.actorId,
          status: 'Available',
        })
        .returning({ id: books.id });
      // Listed at once: the book state writer announces it as any book that became borrowable
      // (wanted books), unless its owner is away.
      await changeBookState(tx, deps.config, { type: 'listed', bookIds: [row.id] });
      await input.alsoInTransaction?.(tx);
      return row.id;
    });
    return await getBookDetail(deps.db, id);
  } catch (err) {
    await Promise.all(keys.map((key) => deleteCover(deps.storage, key).catch(() => {})));
    throw err;
  }
}

/**
 * The book's photos after an edit, with NEW_PHOTO entries still to fill: the order as sent
 * (every key one of the book's), or, without one, the files sent in place of the stored photos.
 * A cover the demo drew gives way to the owner's first photo.
 */
function photoPlan(book: Book, input: PhotoInput): string[] {
  const stored = [book.coverKey, ...book.extraPhotoKeys];
  let plan: string[];
  if (input.order) {
    if (!input.order.every((entry) => entry === NEW_PHOTO || stored.includes(entry))) throw badOrder();
    plan = input.order;
  } else {
    plan = input.photos.length > 0 ? input.photos.map(() => NEW_PHOTO) : stored;
  }
  if (book.coverDrawn && plan.includes(NEW_PHOTO)) plan = plan.filter((entry) => entry !== book.coverKey);
  return plan;
}

/** The edit form replaces every field; the photos as photoPlan says. */
export async function updateOwnedBook(
  deps: BookWriteDeps,
  input: { actorId: string; bookId: string; values: BookFormValues } & PhotoInput,
): Promise<BookDetail> {
  const book = await loadOwnedBook(deps.db, input.bookId, input.actorId);
  const plan = photoPlan(book, input);
  const fresh = await storePhotos(deps.storage, input.photos);
  let next = 0;
  const keys = plan.map((entry) => (entry === NEW_PHOTO ? fresh[next++] : entry));
  try {
    await deps.db
      .update(books)
      .set({
        ...columnsOf(input.values),
        ...photoColumns(keys),
        coverDrawn: book.coverDrawn && keys[0] === book.coverKey,
        updatedAt: new Date(),
      })
      .where(eq(books.id, book.id));
  } catch (err) {
    await Promise.all(fresh.map((key) => deleteCover(deps.storage, key).catch(() => {})));
    throw err;
  }
  for (const key of [book.coverKey, ...book.extraPhotoKeys]) {
    if (!keys.includes(key)) await dropCoverUnlessInHistory(deps, key);
  }
  return getBookDetail(deps.db, book.id);
}

/** Order items keep the cover they were borrowed with: only an unreferenced one goes. */
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
  { db, config }: { db: Db; config: Config },
  input: { actorId: string; bookId: string; status: BookStatusChange['status'] },
): Promise<BookDetail> {
  await db.transaction(async (tx) => {
    // The row lock orders this against a checkout reserving the same book.
    const book = await loadOwnedBook(tx, input.bookId, input.actorId, { lock: true });
    // Held by an open order (D6): the order, not the owner, decides what happens to it now.
    if (isHeldByOpenOrder(book)) throw inOpenOrderConflict('BOOK_STATUS_FOLLOWS_ORDER');
    await changeBookState(tx, config, { type: 'set-status', bookIds: [book.id], status: input.status });
  });
  return getBookDetail(db, input.bookId);
}

/** Soft delete (D7): the book leaves listings and carts; order history keeps its snapshot. */
export async function deleteOwnedBook(
  { db, config }: { db: Db; config: Config },
  input: { actorId: string; bookId: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const book = await loadOwnedBook(tx, input.bookId, input.actorId, { lock: true });
    if (isHeldByOpenOrder(book)) throw inOpenOrderConflict('BOOK_IN_OPEN_ORDER');
    await changeBookState(tx, config, { type: 'delete', bookIds: [book.id] });
  });
}
