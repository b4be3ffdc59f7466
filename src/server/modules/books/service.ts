import { and, asc, desc, eq, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { BookPage, BookSummary } from '@domain/api-types';
import type { BookQueryInput } from '@domain/schemas/book-query';
import type { DbOrTx } from '@server/db/client';
import { type Book, books } from '@server/db/schema';
import { JsonBytes } from '@server/lib/json-response';
import { coverUrls } from '@server/modules/covers/service';
import { availabilityOf, listed, onShelfOf } from './availability-service';
import { cachedAtVersion, currentCatalogVersion } from './catalog-cache';
import { executePrepared } from './prepared';

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

// Every sort ends with the id, so books with equal keys keep one stable order across pages.
// Each order matches one partial index of schema.ts exactly (forwards or backwards).
const titleKey = sql`lower(${books.title})`;
const SORTS: Record<BookQueryInput['sort'], SQL[]> = {
  newest: [desc(books.createdAt), desc(books.id)],
  oldest: [asc(books.createdAt), asc(books.id)],
  'price-low': [asc(books.weeklyPrice), desc(books.createdAt), desc(books.id)],
  'price-high': [desc(books.weeklyPrice), desc(books.createdAt), desc(books.id)],
  'title-az': [asc(titleKey), asc(books.id)],
  'title-za': [desc(titleKey), desc(books.id)],
};

/**
 * Which books a listing draws from. The catalog shows only books that can be borrowed now
 * (D6); an owner's shelf also shows their books held by open orders, with an overlay.
 */
export type ListingScope = { kind: 'catalog' } | { kind: 'shelf'; ownerId: string };

const scopeCondition = (scope: ListingScope): SQL =>
  scope.kind === 'catalog' ? listed() : onShelfOf(scope.ownerId);

/** Catalog listings, filtered, sorted and paged in the database (D17). */
export async function listBooks(
  db: DbOrTx,
  query: BookQueryInput,
  scope: ListingScope = { kind: 'catalog' },
  /** The request's own version read (app.ts), so a signed-in request reads the versions once. */
  readVersion: () => Promise<number> = () => currentCatalogVersion(db),
): Promise<BookPage> {
  // The slider's range (D4) depends on the scope, not on the filters the slider itself sets.
  const inScope: SQL[] = [scopeCondition(scope)];
  if (query.category) inScope.push(eq(books.category, query.category));
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    inScope.push(or(ilike(books.title, pattern), ilike(books.author, pattern)) as SQL);
  }
  const filtered = [...inScope];
  if (query.condition) filtered.push(eq(books.condition, query.condition));
  if (query.language) filtered.push(eq(books.language, query.language));
  if (query.maxPrice) filtered.push(lte(books.weeklyPrice, query.maxPrice));

  const { scopeKey, filterKey, pageKey } = listingKeys(query, scope);

  // Whole pages are cached too: popular pages (page 1 of a category, a common search) are asked
  // for again and again between two writes, and the version makes every answer exact.
  const version = await readVersion();
  return cachedAtVersion(db, version, `page:${pageKey}`, async () => {
    const [total, maxWeeklyPrice, items] = await Promise.all([
      cachedAtVersion(db, version, `count:${filterKey}`, async () => {
        const [row] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(books)
          .where(and(...filtered));
        return row?.n ?? 0;
      }),
      cachedAtVersion(db, version, `max:${scopeKey}`, async () => {
        const [row] = await db
          .select({ max: sql<string | null>`max(${books.weeklyPrice})::text` })
          .from(books)
          .where(and(...inScope));
        return row?.max ?? '0.00';
      }),
      pageOfBooks(db, filtered, query),
    ]);
    return { items, total, page: query.page, pageSize: query.pageSize, maxWeeklyPrice };
  });
}

function listingKeys(query: BookQueryInput, scope: ListingScope) {
  const scopeKey = JSON.stringify([scope, query.category ?? null, query.q ?? null]);
  const filterKey = JSON.stringify([scopeKey, query.condition, query.language, query.maxPrice]);
  const pageKey = JSON.stringify([filterKey, query.sort, query.page, query.pageSize]);
  return { scopeKey, filterKey, pageKey };
}

/**
 * A listing as the bytes the API sends (issue 12): a cached page keeps its serialized (and,
 * once a client accepted it, gzipped) form, so a hit neither stringifies nor compresses.
 */
export async function listBooksJson(
  db: DbOrTx,
  query: BookQueryInput,
  scope: ListingScope = { kind: 'catalog' },
  readVersion: () => Promise<number> = () => currentCatalogVersion(db),
): Promise<JsonBytes> {
  const version = await readVersion();
  const { pageKey } = listingKeys(query, scope);
  return cachedAtVersion(db, version, `json:${pageKey}`, async () => {
    return new JsonBytes(JSON.stringify(await listBooks(db, query, scope, async () => version)));
  });
}

/**
 * A deferred join: the page's ids come from an index-only scan of the sort's covering index
 * (deep pages skip thousands of index entries, not table rows), then only those rows are read.
 */
async function pageOfBooks(db: DbOrTx, where: SQL[], query: BookQueryInput): Promise<BookSummary[]> {
  const order = SORTS[query.sort];
  const pageIds = db
    .select({ id: books.id })
    .from(books)
    .where(and(...where))
    .orderBy(...order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const page = db
    .select()
    .from(books)
    .where(inArray(books.id, pageIds))
    .orderBy(...order);
  // A search is planned for its own text each time: a rare word wants the trigram index, a
  // common one the sort's index, and a cached generic plan would pick one for all.
  const rows = query.q ? await page : await executePrepared(page);
  return rows.map(toBookSummary);
}
