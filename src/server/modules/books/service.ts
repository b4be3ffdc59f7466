import { and, asc, desc, eq, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { BookPage, BookSummary } from '@domain/api-types';
import { normalizeIsbn } from '@domain/isbn';
import type { BookQueryInput } from '@domain/schemas/book-query';
import type { DbOrTx } from '@server/db/client';
import { type Book, books } from '@server/db/schema';
import { JsonBytes } from '@server/lib/json-response';
import { coverUrls } from '@server/modules/covers/service';
import { availabilityOf, listed, onShelfOf } from './availability-service';
import {
  type CatalogCache,
  catalogCacheOf,
  currentCatalogVersion,
  type PageEntry,
  SPARE_ROWS,
} from './catalog-cache';
import { type Ceiling, cents, type ListingFilter, type ListingScope, type RowKey } from './catalog-delta';
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
    salePrice: book.salePrice,
    area: book.area,
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

export type { ListingScope } from './catalog-delta';

/**
 * The listing's filter. A search that reads as an ISBN (D30: ten or thirteen digits, hyphens
 * and spaces aside) also matches the book with that ISBN-13.
 */
async function filterOf(query: BookQueryInput, scope: ListingScope): Promise<ListingFilter> {
  const isbn = query.q ? await normalizeIsbn(query.q) : null;
  return {
    scope,
    category: query.category,
    q: query.q || undefined,
    isbn: isbn ?? undefined,
    condition: query.condition,
    language: query.language,
    area: query.area,
    maxPrice: query.maxPrice,
  };
}

/** The listing's SQL: its scope (category and search included), then every filter. */
function conditionsOf(filter: ListingFilter): { inScope: SQL[]; filtered: SQL[] } {
  const { scope } = filter;
  // The slider's range (D4) depends on the scope, not on the filters the slider itself sets.
  const inScope: SQL[] = [scope.kind === 'catalog' ? listed() : onShelfOf(scope.ownerId)];
  if (filter.category) inScope.push(eq(books.category, filter.category));
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    const isbn = filter.isbn ? [eq(books.isbn, filter.isbn)] : [];
    inScope.push(or(ilike(books.title, pattern), ilike(books.author, pattern), ...isbn) as SQL);
  }
  const filtered = [...inScope];
  if (filter.condition) filtered.push(eq(books.condition, filter.condition));
  if (filter.language) filtered.push(eq(books.language, filter.language));
  if (filter.area) filtered.push(eq(books.area, filter.area));
  if (filter.maxPrice) filtered.push(lte(books.weeklyPrice, filter.maxPrice));
  return { inScope, filtered };
}

async function countOf(db: DbOrTx, filtered: SQL[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(books)
    .where(and(...filtered));
  return row?.n ?? 0;
}

/**
 * The scope's highest weekly price and how many books ask it: the first group of the price
 * index read backwards (catalog-delta.ts, Ceiling).
 */
async function ceilingOf(db: DbOrTx, inScope: SQL[]): Promise<Ceiling> {
  const [row] = await db
    .select({ price: sql<string>`${books.weeklyPrice}::text`, atTop: sql<number>`count(*)::int` })
    .from(books)
    .where(and(...inScope))
    .groupBy(books.weeklyPrice)
    .orderBy(desc(books.weeklyPrice))
    .limit(1);
  return row ?? { price: '0.00', atTop: 0 };
}

/** A listing straight from the database, nothing cached: what every cached answer must equal. */
export async function listBooksUncached(
  db: DbOrTx,
  query: BookQueryInput,
  scope: ListingScope = { kind: 'catalog' },
): Promise<BookPage> {
  const { inScope, filtered } = conditionsOf(await filterOf(query, scope));
  const [total, ceiling, rows] = await Promise.all([
    countOf(db, filtered),
    ceilingOf(db, inScope),
    pageOfBooks(db, filtered, query, 0),
  ]);
  return {
    items: rows.items,
    total,
    page: query.page,
    pageSize: query.pageSize,
    maxWeeklyPrice: ceiling.price,
  };
}

function listingKeys(query: BookQueryInput, scope: ListingScope) {
  const scopeKey = JSON.stringify([scope, query.category ?? null, query.q ?? null]);
  const filterKey = JSON.stringify([scopeKey, query.condition, query.language, query.area, query.maxPrice]);
  const pageKey = JSON.stringify([filterKey, query.sort, query.page, query.pageSize]);
  return { scopeKey, filterKey, pageKey };
}

function serialize(entry: PageEntry<BookSummary>, query: BookQueryInput): JsonBytes {
  const page: BookPage = {
    items: entry.items.length > entry.shown ? entry.items.slice(0, entry.shown) : entry.items,
    total: entry.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    maxWeeklyPrice: entry.ceiling?.price ?? '0.00',
  };
  return new JsonBytes(JSON.stringify(page));
}

/**
 * Catalog listings, filtered, sorted and paged in the database (D17), as the bytes the API
 * sends. Counts, price ceilings and whole pages are cached (catalog-cache.ts): popular pages
 * (page 1 of a category, a common search) are asked for again and again, and a checkout of a
 * book further down moves their counts without dropping them. A cached page keeps its
 * serialized (and, once a client accepted it, gzipped) form, so a hit neither stringifies nor
 * compresses.
 */
export async function listBooksJson(
  db: DbOrTx,
  query: BookQueryInput,
  scope: ListingScope = { kind: 'catalog' },
  /** The request's own version read (app.ts), so a signed-in request reads the versions once. */
  readVersion: () => Promise<number> = () => currentCatalogVersion(db),
): Promise<JsonBytes> {
  // The version first, then the answer: nothing older than the last committed write.
  const version = await readVersion();
  const cache = catalogCacheOf(db);
  await cache.reach(version);
  const keys = listingKeys(query, scope);
  const entry = cache.pages.touch(keys.pageKey) as PageEntry<BookSummary> | undefined;
  if (entry && entry.total !== null && entry.ceiling !== null) {
    cache.stats.hits++;
    entry.bytes ??= serialize(entry, query);
    return entry.bytes;
  }
  cache.stats.misses++;
  const at = cache.version;
  const flight = `${keys.pageKey}@${at}`;
  let pending = cache.inflight.get(flight);
  if (!pending) {
    pending = computeListing(db, cache, query, scope, keys, at).finally(() => cache.inflight.delete(flight));
    cache.inflight.set(flight, pending);
  }
  return pending;
}

/**
 * A page the cache cannot answer in full, from what it holds (a count or ceiling another page
 * shares, rows whose count moved in a way only a query can tell) and queries for the rest.
 */
async function computeListing(
  db: DbOrTx,
  cache: CatalogCache,
  query: BookQueryInput,
  scope: ListingScope,
  keys: ReturnType<typeof listingKeys>,
  at: number,
): Promise<JsonBytes> {
  const filter = await filterOf(query, scope);
  const { inScope, filtered } = conditionsOf(filter);
  const entry = cache.pages.get(keys.pageKey) as PageEntry<BookSummary> | undefined;
  const knownTotal = entry?.total ?? cache.counts.touch(keys.filterKey)?.value ?? null;
  const knownCeiling = entry?.ceiling ?? cache.ceilings.touch(keys.scopeKey)?.value ?? null;
  // Copies: the cache moves an entry's rows in place as changes arrive (catalog-cache.ts apply),
  // and these must stay the rows of version `at`.
  const knownRows = entry
    ? { items: [...entry.items], keys: [...entry.keys], full: entry.full, last: entry.last }
    : null;
  const [total, ceiling, rows] = await Promise.all([
    knownTotal ?? countOf(db, filtered),
    knownCeiling ?? ceilingOf(db, inScope),
    knownRows ?? pageOfBooks(db, filtered, query, SPARE_ROWS),
  ]);
  const page: PageEntry<BookSummary> = {
    filter,
    sort: query.sort,
    shown: query.pageSize,
    ...rows,
    total,
    ceiling,
    bytes: null,
  };
  page.bytes = serialize(page, query);
  // The queries saw some version from `at` to the one read after them (one shared read, none
  // on PGlite without a write). The page is kept only where the changes in between leave it
  // sure (catalog-cache.ts); otherwise it is still new enough for this request, just not kept.
  const queried = { count: knownTotal === null, ceiling: knownCeiling === null, rows: knownRows === null };
  if (queried.count || queried.ceiling || queried.rows) await cache.reach(await currentCatalogVersion(db));
  const settled = cache.settle(at, { ...page, total, ceiling }, queried);
  if (!settled) {
    cache.stats.unkept++;
    return page.bytes;
  }
  if (queried.count) cache.counts.put(keys.filterKey, { filter, value: total });
  if (queried.ceiling) cache.ceilings.put(keys.scopeKey, { filter, value: ceiling });
  const moved = settled.total !== total || settled.ceiling !== ceiling;
  const kept = moved ? { ...page, ...settled, bytes: null } : page;
  cache.pages.put(keys.pageKey, kept as PageEntry<unknown>);
  return page.bytes;
}

/**
 * A page's rows and `spare` rows after them. A deferred join: the ids come from an index-only
 * scan of the sort's covering index (deep pages skip thousands of index entries, not table
 * rows), then only those rows are read.
 */
async function pageOfBooks(
  db: DbOrTx,
  where: SQL[],
  query: BookQueryInput,
  spare: number,
): Promise<{ items: BookSummary[]; keys: RowKey[]; full: boolean; last: RowKey | null }> {
  const order = SORTS[query.sort];
  const limit = query.pageSize + spare;
  const pageIds = db
    .select({ id: books.id })
    .from(books)
    .where(and(...where))
    .orderBy(...order)
    .limit(limit)
    .offset((query.page - 1) * query.pageSize);
  const page = db
    .select({
      book: books,
      // Each row's exact place in its sort (microseconds, which a Date drops): the cache
      // decides from them whether a changed book sorts onto the page (catalog-delta.ts).
      createdUs: sql<string>`(extract(epoch from ${books.createdAt}) * 1000000)::bigint::text`,
    })
    .from(books)
    .where(inArray(books.id, pageIds))
    .orderBy(...order);
  // A search is planned for its own text each time: a rare word wants the trigram index, a
  // common one the sort's index, and a cached generic plan would pick one for all.
  const rows = query.q ? await page : await executePrepared(page);
  const keys = rows.map(
    (row): RowKey => ({
      id: row.book.id,
      created: BigInt(row.createdUs),
      price: cents(row.book.weeklyPrice),
      title: row.book.title,
    }),
  );
  return {
    items: rows.map((row) => toBookSummary(row.book)),
    keys,
    full: rows.length === limit,
    last: keys.at(-1) ?? null,
  };
}
