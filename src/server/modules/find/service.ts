import { and, asc, desc, eq, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import { type Category, MIN_SEARCH_LENGTH } from '@domain/constants';
import { BORROWED_SECTION_SIZE, type BorrowedBook, type BorrowedSection } from '@domain/find-types';
import { normalizeIsbn } from '@domain/isbn';
import type { DbOrTx } from '@server/db/client';
import { type Book, books, user, waitlistEntries } from '@server/db/schema';
import { AppError } from '@server/lib/errors';
import { searchMatch, toBookSummary } from '@server/modules/books/service';
import { bookWithOwnerBackOn } from '@server/modules/books/availability-service';
import { bookWaitlistsOf } from '@server/modules/waitlist/service';

// D46: a search keeps its main results among the books borrowable now, and lists the matching
// books out now (reserved or borrowed) in a section of their own, each with its waitlist as the
// viewer sees it: the expected return and whether they may join. A book held for a waiter
// is out of the shop for everyone but its holder, and so out of this section too.

/**
 * Reserved by an open order or lent out, not deleted: exactly the predicate of the partial
 * trigram indexes of migration 0028, so a search among them reads those small indexes.
 */
const outNow = (): SQL =>
  sql`${books.deletedAt} is null and (${books.reservedByOrderId} is not null or ${books.status} = 'Borrowed')`;

export interface BorrowedQuery {
  q?: string;
  category?: Category;
  /** An owner's shelf: their books only. */
  ownerId?: string;
  viewerId: string | null;
}

async function conditionsOf(query: BorrowedQuery): Promise<SQL[]> {
  const where: SQL[] = [sql`${books.ownerId} is not null`, ne(books.status, 'Unavailable')];
  if (query.q) where.push(searchMatch(query.q, (await normalizeIsbn(query.q)) ?? undefined));
  if (query.category) where.push(eq(books.category, query.category));
  if (query.ownerId) where.push(eq(books.ownerId, query.ownerId));
  return where;
}

/**
 * The section: the viewer's own holds among the matches first (the book is theirs to add now),
 * then the books out now whose current loan ends first, shown soonest back first by the
 * estimate (a queue ahead moves a book later).
 */
export async function borrowedSection(db: DbOrTx, query: BorrowedQuery): Promise<BorrowedSection> {
  if (query.q !== undefined && query.q.length < MIN_SEARCH_LENGTH) {
    throw new AppError('SEARCH_TOO_SHORT', { params: { min: MIN_SEARCH_LENGTH } });
  }
  if (query.ownerId) {
    const [owner] = await db.select({ id: user.id }).from(user).where(eq(user.id, query.ownerId));
    if (!owner) throw new AppError('OWNER_NOT_FOUND');
  }
  const where = await conditionsOf(query);
  const held: { book: Book; ownerBackOn: string | null }[] = query.viewerId
    ? await db
        .select(bookWithOwnerBackOn())
        .from(waitlistEntries)
        .innerJoin(books, eq(books.id, waitlistEntries.bookId))
        .where(
          and(
            eq(waitlistEntries.userId, query.viewerId),
            isNotNull(waitlistEntries.holdUntil),
            eq(books.heldForId, query.viewerId),
            ...where,
          ),
        )
        .orderBy(asc(waitlistEntries.holdUntil))
        .limit(BORROWED_SECTION_SIZE)
    : [];
  // The loan's end is kept on the book (migration 0041) in the order of books_out_loan_end_idx:
  // a common word stops after its first matches there, however many books are out.
  const out = await db
    .select(bookWithOwnerBackOn())
    .from(books)
    .where(and(outNow(), ...where))
    .orderBy(sql`${books.loanEndsAt} asc nulls last`, desc(books.createdAt), asc(books.id))
    .limit(BORROWED_SECTION_SIZE - held.length);

  const rows = [...held, ...out];
  const shown = rows.map((r) => r.book);
  // One batched read of every book's waitlist: the statements stay the same for 1 or 8 books.
  const waitlists = await bookWaitlistsOf(db, shown, query.viewerId, { expectedReturn: true });
  const items: BorrowedBook[] = shown.map((book, i) => ({
    book: toBookSummary(book, rows[i]?.ownerBackOn ?? null),
    waitlist: waitlists[i],
  }));
  const soonest = (item: BorrowedBook) =>
    item.waitlist.state === 'held' ? '' : (item.waitlist.estimate?.from ?? '9999-12-31');
  // A stable sort: equal windows keep the loans' order.
  items.sort((a, b) => (soonest(a) < soonest(b) ? -1 : soonest(a) > soonest(b) ? 1 : 0));
  return { items };
}
