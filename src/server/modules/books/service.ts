import { and, asc, desc, eq, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Availability, BookPage, BookSummary } from '../../../domain/api-types';
import type { BookQueryInput } from '../../../domain/schemas/book-query';
import type { DbOrTx } from '../../db/client';
import { type Book, books } from '../../db/schema';
import { coverUrls } from '../covers/service';

export function availabilityOf(book: Pick<Book, 'status' | 'reservedByOrderId' | 'deletedAt'>): Availability {
  if (book.deletedAt || book.status === 'Unavailable') return 'unavailable';
  if (book.status === 'Borrowed') return 'borrowed';
  if (book.reservedByOrderId) return 'reserved';
  return 'available';
}

export function toBookSummary(book: Book): BookSummary {
  return {
    id: book.id,
    ownerId: book.ownerId ?? '',
    title: book.title,
    author: book.author,
    category: book.category,
    language: book.language,
    condition: book.condition,
    status: book.status,
    availability: availabilityOf(book),
    weeklyPrice: book.weeklyPrice,
    monthlyPrice: book.monthlyPrice,
    cover: coverUrls(book.coverKey),
    createdAt: book.createdAt.toISOString(),
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

const SORTS: Record<BookQueryInput['sort'], SQL[]> = {
  newest: [desc(books.createdAt), desc(books.id)],
  oldest: [asc(books.createdAt), asc(books.id)],
  'price-low': [asc(books.weeklyPrice), desc(books.createdAt), desc(books.id)],
  'price-high': [desc(books.weeklyPrice), desc(books.createdAt), desc(books.id)],
  'title-az': [asc(books.title), asc(books.id)],
  'title-za': [desc(books.title), desc(books.id)],
};

/** The public catalog: only books that can be borrowed now (D6), filtered and sorted in the database (D17). */
export async function listBooks(db: DbOrTx, query: BookQueryInput & { ownerId?: string }): Promise<BookPage> {
  const scope: SQL[] = [sql`${books.listed}`];
  if (query.ownerId) scope.push(eq(books.ownerId, query.ownerId));
  if (query.category) scope.push(eq(books.category, query.category));
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    scope.push(or(ilike(books.title, pattern), ilike(books.author, pattern))!);
  }
  const filters = [...scope];
  if (query.condition) filters.push(eq(books.condition, query.condition));
  if (query.language) filters.push(eq(books.language, query.language));
  if (query.maxPrice) filters.push(lte(books.weeklyPrice, query.maxPrice));

  const [rows, [{ total }], [{ max }]] = await Promise.all([
    db
      .select()
      .from(books)
      .where(and(...filters))
      .orderBy(...SORTS[query.sort])
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(books)
      .where(and(...filters)),
    db
      .select({ max: sql<string | null>`max(${books.weeklyPrice})::text` })
      .from(books)
      .where(and(...scope)),
  ]);
  return {
    items: rows.map(toBookSummary),
    total,
    page: query.page,
    pageSize: query.pageSize,
    maxWeeklyPrice: max ?? '0.00',
  };
}
