import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type {
  BookDetail,
  BookSummary,
  IsbnPrefill,
  ManagedBook,
  OwnerCard,
  OwnerProfile,
} from '@domain/api-types';
import type { Page } from '@domain/cursor-page';
import { COUNT_CAP, MORE_FROM_OWNER_LIMIT } from '@domain/constants';
import type { DbOrTx } from '@server/db/client';
import { preparedStatement } from '@server/db/statements';
import { books, ownerPickupLocations, pickupLocations, user } from '@server/db/schema';
import { AppError } from '@server/lib/errors';
import { type Keyset, keyColumns, keysetPage } from '@server/lib/keyset';
import { coverUrls } from '@server/modules/covers/service';
import {
  awayClock,
  bookWithOwnerBackOn,
  isHeldByOpenOrder,
  keptShelfCount,
  listed,
  loadLiveBook,
  managedBy,
  MEMBER_ID,
  notDeleted,
  ownerBackOnAt,
  shelfCount,
} from './availability-service';
import { toBookSummary } from './service';

// Single books and owners: the detail page, the owner card and shelf header, the owner's
// Manage table. Listings (many books, counted and paged) live in service.ts.

// Book ids reach these functions already checked to be uuids (the routes' uuidParam): a
// malformed id is answered 404 before any query.

// Books the owner lends out right now (D19: a real count, not an invented rating) are the books on
// their shelf, as PostgreSQL keeps them per owner (availability-service.ts `keptShelfCount`).
// Answered up to COUNT_CAP like the lists' counts (docs/architecture.md, "Lists at scale"), and
// the card says "More than 10,000" past it.

/** The card's count as the API answers it: at most the cap, and whether there were more. */
const cappedBooks = (n: number) =>
  n > COUNT_CAP
    ? { availableBooks: COUNT_CAP, availableBooksCapped: true }
    : { availableBooks: n, availableBooksCapped: false };

async function countListedBooks(db: DbOrTx, ownerId: string) {
  return cappedBooks(await shelfCount(db, ownerId));
}

/** The active pickup points the owner chose, by name: where a borrower can collect their books. */
async function ownerPickupPoints(db: DbOrTx, ownerId: string): Promise<string[]> {
  const rows = await db
    .select({ name: pickupLocations.name })
    .from(ownerPickupLocations)
    .innerJoin(pickupLocations, eq(pickupLocations.id, ownerPickupLocations.pickupLocationId))
    .where(and(eq(ownerPickupLocations.ownerId, ownerId), eq(pickupLocations.active, true)))
    .orderBy(asc(pickupLocations.name), asc(pickupLocations.id));
  return rows.map((r) => r.name);
}

export async function getOwnerProfile(db: DbOrTx, ownerId: string): Promise<OwnerProfile> {
  const [owner] = await db
    .select({
      id: user.id,
      name: user.name,
      location: user.location,
      image: user.image,
      createdAt: user.createdAt,
      backOn: ownerBackOnAt(awayClock(), MEMBER_ID),
    })
    .from(user)
    .where(eq(user.id, ownerId));
  if (!owner) throw new AppError('OWNER_NOT_FOUND');
  return {
    id: owner.id,
    name: owner.name,
    location: owner.location,
    image: owner.image,
    memberSince: owner.createdAt.toISOString(),
    ...(await countListedBooks(db, owner.id)),
    pickupPoints: await ownerPickupPoints(db, owner.id),
    backOn: owner.backOn,
  };
}

/** The detail page in one prepared statement: the book, its owner and the owner's listed-book count. */
const detailStatement = preparedStatement((db) =>
  db
    .select({
      book: books,
      ownerBackOn: ownerBackOnAt(sql.placeholder('now')),
      owner: {
        id: user.id,
        name: user.name,
        location: user.location,
        image: user.image,
        createdAt: user.createdAt,
      },
      availableBooks: keptShelfCount(sql`${books.ownerId}`),
      // As ownerPickupPoints reads them: the owner's active pickup points by name.
      pickupPoints: sql<string[]>`(select coalesce(array_agg(pl.name order by pl.name, pl.id), '{}')
        from ${ownerPickupLocations} as opl join ${pickupLocations} as pl on pl.id = opl.pickup_location_id
        where opl.owner_id = ${books.ownerId} and pl.active)`,
    })
    .from(books)
    .innerJoin(user, eq(user.id, books.ownerId))
    .where(and(eq(books.id, sql.placeholder('id')), notDeleted()))
    .prepare('rk_book_detail'),
);

/** Whether a book has a page: it exists and is not deleted, whatever its availability. */
export async function isBookShown(db: DbOrTx, bookId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: books.id })
    .from(books)
    .where(and(eq(books.id, bookId), notDeleted()));
  return row !== undefined;
}

/** A book gone from the shelf because it was sold (D28): its page says so. */
async function wasSold(db: DbOrTx, bookId: string): Promise<boolean> {
  const [row] = await db.select({ soldAt: books.soldAt }).from(books).where(eq(books.id, bookId));
  return Boolean(row?.soldAt);
}

/** Any book that is not deleted, whatever its availability: the page shows the overlay. */
export async function getBookDetail(db: DbOrTx, bookId: string): Promise<BookDetail> {
  const [row] = await detailStatement(db).execute({ id: bookId, now: awayClock() });
  if (!row) throw new AppError((await wasSold(db, bookId)) ? 'BOOK_SOLD' : 'BOOK_NOT_FOUND');
  const { book, owner } = row;
  const card: OwnerCard = {
    id: owner.id,
    name: owner.name,
    location: owner.location,
    image: owner.image,
    memberSince: owner.createdAt.toISOString(),
    ...cappedBooks(row.availableBooks),
    pickupPoints: row.pickupPoints,
    backOn: row.ownerBackOn,
  };
  const photos = [book.coverKey, ...book.extraPhotoKeys].map((key) => ({ key, ...coverUrls(key) }));
  return {
    ...toBookSummary(book, row.ownerBackOn),
    summary: book.summary,
    isbn: book.isbn,
    photos,
    owner: card,
  };
}

/**
 * D30's prefill: the public fields of the newest listed book with this ISBN (already
 * normalized to ISBN-13), read through the partial ISBN index. Only listed books answer, so
 * nothing of an unlisted, reserved or deleted book leaks through it.
 */
export async function isbnPrefill(db: DbOrTx, isbn: string): Promise<IsbnPrefill> {
  const row = (await isbnPrefills(db, [isbn])).get(isbn);
  if (!row) throw new AppError('ISBN_NOT_LISTED');
  return row;
}

/** The same for many ISBNs at once (shelf import): each known one's newest listed book. */
export async function isbnPrefills(db: DbOrTx, isbns: string[]): Promise<Map<string, IsbnPrefill>> {
  if (isbns.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([books.isbn], {
      isbn: books.isbn,
      title: books.title,
      author: books.author,
      language: books.language,
      category: books.category,
    })
    .from(books)
    .where(and(inArray(books.isbn, isbns), listed()))
    .orderBy(books.isbn, desc(books.createdAt), desc(books.id));
  return new Map(rows.map((row) => [row.isbn as string, { ...row, isbn: row.isbn as string }]));
}

/** 'More Books from' the owner: at most 10 other books that can be borrowed now, newest first. */
export async function moreFromOwner(db: DbOrTx, bookId: string): Promise<{ items: BookSummary[] }> {
  const book = await loadLiveBook(db, bookId);
  if (!book.ownerId) throw new AppError('BOOK_NOT_FOUND');
  const rows = await db
    .select(bookWithOwnerBackOn())
    .from(books)
    .where(and(eq(books.ownerId, book.ownerId), listed(), ne(books.id, bookId)))
    .orderBy(desc(books.createdAt), desc(books.id))
    .limit(MORE_FROM_OWNER_LIMIT);
  return { items: rows.map((r) => toBookSummary(r.book, r.ownerBackOn)) };
}

function toManagedBook(book: typeof books.$inferSelect, ownerBackOn: string | null): ManagedBook {
  return {
    ...toBookSummary(book, ownerBackOn),
    summary: book.summary,
    inOpenOrder: isHeldByOpenOrder(book),
  };
}

const MY_BOOK_KEYS: Keyset = { list: 'my-books', at: books.createdAt, id: books.id, idType: 'uuid' };

/**
 * The owner's Manage books table: their books that are not deleted, newest first, in keyset
 * pages (docs/architecture.md, "Lists at scale") read from the (owner, created_at, id) index.
 */
export async function listMyBooks(
  db: DbOrTx,
  ownerId: string,
  query: { cursor?: string; pageSize: number },
): Promise<Page<ManagedBook>> {
  const page = await keysetPage(MY_BOOK_KEYS, query.cursor, query.pageSize, (seek, orderBy, limit) =>
    db
      .select({ ...keyColumns(MY_BOOK_KEYS), ...bookWithOwnerBackOn() })
      .from(books)
      .where(and(managedBy(ownerId), seek))
      .orderBy(...orderBy)
      .limit(limit),
  );
  return {
    items: page.rows.map((r) => toManagedBook(r.book, r.ownerBackOn)),
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
  };
}
