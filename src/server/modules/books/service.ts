import { and, asc, desc, eq, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import type { BookPage, BookSummary } from '@domain/api-types';
import { MAX_PAGE_NUMBER, MIN_SEARCH_LENGTH, type SortKey } from '@domain/constants';
import { normalizeIsbn } from '@domain/isbn';
import type { BookQueryInput } from '@domain/schemas/book-query';
import type { DbOrTx } from '@server/db/client';
import { type Book, books } from '@server/db/schema';
import { AppError } from '@server/lib/errors';
import { JsonBytes } from '@server/lib/json-response';
import { coverUrls } from '@server/modules/covers/service';
import {
  availabilityOf,
  awayClock,
  listed,
  onShelfOf,
  ownerBackOnAt,
  shelfCount,
} from './availability-service';
import {
  type CatalogCache,
  catalogCacheOf,
  currentCatalogVersion,
  type PageEntry,
  SPARE_ROWS,
} from './catalog-cache';
import { decodeCursor, encodeCursor } from './catalog-cursor';
import {
  type Ceiling,
  countCapOf,
  countLimitOf,
  cents,
  type ListingFilter,
  type ListingScope,
  type RowKey,
} from './catalog-delta';
import { executePrepared } from './prepared';

/** A book's answer; `ownerBackOn` is its owner's return day while they are away (ownerBackOnAt). */
export function toBookSummary(book: Book, ownerBackOn: string | null): BookSummary {
  return {
    id: book.id,
    ownerId: book.ownerId ?? '',
    title: book.title,
    author: book.author,
    category: book.category,
    language: book.language,
    condition: book.condition,
    status: book.status,
    availability: availabilityOf(book, ownerBackOn),
    backOn: ownerBackOn,
    weeklyPrice: book.weeklyPrice,
    monthlyPrice: book.monthlyPrice,
    salePrice: book.salePrice,
    area: book.area,
    cover: coverUrls(book.coverKey),
    createdAt: book.createdAt.toISOString(),
  };
}

/** How many books at a scope's top price its ceiling counts at most (ceilingOf). */
const CEILING_COUNT_CAP = 20;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

// Every sort ends with the id, so books with equal keys keep one stable order across pages.
// Each order matches one partial index of schema.ts exactly (forwards or backwards). A sort is
// a list of groups, each a run of keys in one direction: a cursor's "after this row" is then
// one row comparison per group (price-low, the only sort with two, asks two index ranges).
const titleKey = sql`lower(${books.title})`;
type SortColumn = 'created' | 'price' | 'title' | 'id';
interface SortGroup {
  dir: 'asc' | 'desc';
  cols: SortColumn[];
}
const SORT_GROUPS: Record<SortKey, SortGroup[]> = {
  newest: [{ dir: 'desc', cols: ['created', 'id'] }],
  oldest: [{ dir: 'asc', cols: ['created', 'id'] }],
  'price-low': [
    { dir: 'asc', cols: ['price'] },
    { dir: 'desc', cols: ['created', 'id'] },
  ],
  'price-high': [{ dir: 'desc', cols: ['price', 'created', 'id'] }],
  'title-az': [{ dir: 'asc', cols: ['title', 'id'] }],
  'title-za': [{ dir: 'desc', cols: ['title', 'id'] }],
};
const COLUMN: Record<SortColumn, SQL> = {
  created: sql`${books.createdAt}`,
  price: sql`${books.weeklyPrice}`,
  title: titleKey,
  id: sql`${books.id}`,
};
/** A cursor's value of a key, exactly as the column holds it (microseconds, cents). */
const VALUE: Record<SortColumn, (key: RowKey) => SQL> = {
  created: (key) => sql`(timestamptz 'epoch' + ${key.created.toString()}::bigint * interval '1 microsecond')`,
  price: (key) => sql`(${key.price.toString()}::numeric / 100)`,
  title: (key) => sql`lower(${key.title}::text)`,
  id: (key) => sql`${key.id}::uuid`,
};

/** The sort's ORDER BY, or its reverse (a page before a cursor is read backwards). */
function orderOf(sort: SortKey, reverse = false): SQL[] {
  return SORT_GROUPS[sort].flatMap((group) =>
    group.cols.map((col) => ((group.dir === 'asc') !== reverse ? asc(COLUMN[col]) : desc(COLUMN[col]))),
  );
}

/**
 * The rows after `key` in the sort (or before it, `reverse`), as one condition per index range:
 * the rows equal to the key on the groups before, then past it on one group.
 */
function rangesPast(sort: SortKey, key: RowKey, reverse: boolean): SQL[] {
  const groups = SORT_GROUPS[sort];
  return groups.map((group, i) => {
    const equal = groups
      .slice(0, i)
      .flatMap((g) => g.cols.map((col) => sql`${COLUMN[col]} = ${VALUE[col](key)}`));
    const op = (group.dir === 'asc') !== reverse ? sql`>` : sql`<`;
    const cols = sql.join(
      group.cols.map((col) => COLUMN[col]),
      sql`, `,
    );
    const values = sql.join(
      group.cols.map((col) => VALUE[col](key)),
      sql`, `,
    );
    return and(...equal, sql`(${cols}) ${op} (${values})`) as SQL;
  });
}

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

/**
 * A search's words in the title or author (case aside), or its ISBN-13 when the words read as
 * one: the catalog's and the borrowed section's one spelling of "matches the search".
 */
export function searchMatch(q: string, isbn?: string): SQL {
  const pattern = `%${escapeLike(q)}%`;
  const byIsbn = isbn ? [eq(books.isbn, isbn)] : [];
  return or(ilike(books.title, pattern), ilike(books.author, pattern), ...byIsbn) as SQL;
}

/** The listing's SQL: its scope (category and search included), then every filter. */
function conditionsOf(filter: ListingFilter): { inScope: SQL[]; filtered: SQL[] } {
  const { scope } = filter;
  // The slider's range (D4) depends on the scope, not on the filters the slider itself sets.
  const inScope: SQL[] = [scope.kind === 'catalog' ? listed() : onShelfOf(scope.ownerId)];
  if (filter.category) inScope.push(eq(books.category, filter.category));
  if (filter.q) inScope.push(searchMatch(filter.q, filter.isbn));
  const filtered = [...inScope];
  if (filter.condition) filtered.push(eq(books.condition, filter.condition));
  if (filter.language) filtered.push(eq(books.language, filter.language));
  if (filter.area) filtered.push(eq(books.area, filter.area));
  if (filter.maxPrice) filtered.push(lte(books.weeklyPrice, filter.maxPrice));
  return { inScope, filtered };
}

/**
 * How many books the listing has, counting at most countLimitOf them (catalog-delta.ts): an
 * index-only scan that stops there, whatever the catalog's size. A search's count walks the
 * sort's index like its page does (a common word is found in the first books read; a rare one
 * takes the trigram index): the order only guides the plan.
 */
async function countOf(db: DbOrTx, filtered: SQL[], filter: ListingFilter, sort: SortKey): Promise<number> {
  // A whole shelf (no condition but its scope) is counted by PostgreSQL already, exactly: one
  // row read, where an owner of 50,000 books had 11,000 index entries read up to the limit.
  if (filter.scope.kind === 'shelf' && filtered.length === 1) return shelfCount(db, filter.scope.ownerId);
  const matching = db
    .select({ one: sql`1`.as('one') })
    .from(books)
    .where(and(...filtered));
  const counted = (filter.q ? matching.orderBy(...orderOf(sort)) : matching)
    .limit(countLimitOf(filter))
    .as('counted');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(counted);
  return row?.n ?? 0;
}

/**
 * The scope's highest weekly price and how many books ask it, counted up to CEILING_COUNT_CAP:
 * the price index read backwards to the first book of the scope, then at most that many books
 * at that price. Past the cap the count is a lower bound, which is all catalog-delta.ts needs
 * (Ceiling): a count that runs down to 0 only sends the next listing back to this query. An
 * exact count would read every book at the top price, tens of thousands for a common word.
 */
async function ceilingOf(db: DbOrTx, inScope: SQL[]): Promise<Ceiling> {
  const scope = and(...inScope);
  const top = db
    .select({ price: sql<string>`${books.weeklyPrice}`.as('top_price') })
    .from(books)
    .where(scope)
    .orderBy(desc(books.weeklyPrice))
    .limit(1)
    .as('top');
  const [row] = await db
    .select({
      price: sql<string>`${top.price}::text`,
      // In the price index's order, so a common word is counted from the index's first rows.
      atTop: sql<number>`(select count(*)::int from (select 1 from ${books} where ${and(scope, sql`${books.weeklyPrice} = ${top.price}`)} order by ${books.weeklyPrice} desc, ${books.createdAt} desc, ${books.id} desc limit ${CEILING_COUNT_CAP}) at_top)`,
    })
    .from(top);
  return row ?? { price: '0.00', atTop: 0 };
}

/** Where a page starts: a page number (a short index skip), or after or before a cursor's row. */
type PageStart = { kind: 'number'; page: number } | { kind: 'after' | 'before'; key: RowKey };

/**
 * The query's page start, or the refusal of a query no index serves: a page number past
 * MAX_PAGE_NUMBER, a cursor that is not one of ours (or comes with a page or the other cursor),
 * a search of one or two letters.
 */
function startOf(query: BookQueryInput): PageStart {
  if (query.q && query.q.length < MIN_SEARCH_LENGTH) {
    throw new AppError('SEARCH_TOO_SHORT', { params: { min: MIN_SEARCH_LENGTH } });
  }
  if (query.page > MAX_PAGE_NUMBER) throw new AppError('PAGE_TOO_DEEP', { params: { max: MAX_PAGE_NUMBER } });
  if (query.cursor === undefined) return { kind: 'number', page: query.page };
  if (query.page !== 1) throw new AppError('INVALID_CURSOR');
  const { side, key } = decodeCursor(query.sort, query.cursor);
  return { kind: side, key };
}

/** What a page shows: its rows, whether more follow and come before, and where it starts. */
interface PageView {
  items: BookSummary[];
  keys: RowKey[];
  more: boolean;
  earlier: boolean;
  start: PageStart;
}

/** The answer: a capped count ("10,000+" past the cap), the page and its cursors. */
function answerOf(
  view: PageView,
  total: number,
  ceiling: Ceiling,
  query: BookQueryInput,
  filter: ListingFilter,
): BookPage {
  const { keys, start } = view;
  const cap = countCapOf(filter);
  const first = keys[0] ?? (start.kind === 'number' ? undefined : start.key);
  const last = keys.at(-1) ?? (start.kind === 'number' ? undefined : start.key);
  return {
    items: view.items,
    total: Math.min(total, cap),
    totalCapped: total > cap,
    page: start.kind === 'number' ? start.page : null,
    pageSize: query.pageSize,
    nextCursor: view.more && last ? encodeCursor(query.sort, 'after', last) : null,
    prevCursor: view.earlier && first ? encodeCursor(query.sort, 'before', first) : null,
    maxWeeklyPrice: ceiling.price,
  };
}

/** A numbered page's view of rows read with spares past it. */
function numberedView(rows: Pick<Rows, 'items' | 'keys'>, shown: number, page: number): PageView {
  return {
    items: rows.items.slice(0, shown),
    keys: rows.keys.slice(0, shown),
    more: rows.keys.length > shown,
    // Page 2 of a listing that shrank to one page still leads back to page 1.
    earlier: page > 1 && rows.keys.length > 0,
    start: { kind: 'number', page },
  };
}

/** A listing straight from the database, nothing cached: what every cached answer must equal. */
export async function listBooksUncached(
  db: DbOrTx,
  query: BookQueryInput,
  scope: ListingScope = { kind: 'catalog' },
): Promise<BookPage> {
  const start = startOf(query);
  const filter = await filterOf(query, scope);
  const { inScope, filtered } = conditionsOf(filter);
  const [total, ceiling, view] = await Promise.all([
    countOf(db, filtered, filter, query.sort),
    ceilingOf(db, inScope),
    viewOf(db, filtered, query, start, 1),
  ]);
  return answerOf(view, total, ceiling, query, filter);
}

function listingKeys(query: BookQueryInput, scope: ListingScope) {
  const scopeKey = JSON.stringify([scope, query.category ?? null, query.q ?? null]);
  const filterKey = JSON.stringify([scopeKey, query.condition, query.language, query.area, query.maxPrice]);
  const pageKey = JSON.stringify([filterKey, query.sort, query.page, query.pageSize, query.cursor ?? null]);
  return { scopeKey, filterKey, pageKey };
}

function serialize(entry: PageEntry<BookSummary>, query: BookQueryInput): JsonBytes {
  const view = numberedView(entry, entry.shown, query.page);
  return new JsonBytes(
    JSON.stringify(answerOf(view, entry.total ?? 0, entry.ceiling ?? ZERO, query, entry.filter)),
  );
}
const ZERO: Ceiling = { price: '0.00', atTop: 0 };

/**
 * Catalog listings, filtered, sorted and paged in the database (D17), as the bytes the API
 * sends. Counts, price ceilings and numbered pages are cached (catalog-cache.ts): popular pages
 * (page 1 of a category, a common search) are asked for again and again, and a checkout of a
 * book further down moves their counts without dropping them. A cached page keeps its
 * serialized (and, once a client accepted it, gzipped) form, so a hit neither stringifies nor
 * compresses. A page asked by cursor reads its rows each time (one index range, as cheap at any
 * depth) and takes its count and ceiling from the cache.
 */
export async function listBooksJson(
  db: DbOrTx,
  query: BookQueryInput,
  scope: ListingScope = { kind: 'catalog' },
  /** The request's own version read (app.ts), so a signed-in request reads the versions once. */
  readVersion: () => Promise<number> = () => currentCatalogVersion(db),
): Promise<JsonBytes> {
  const start = startOf(query);
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
    pending = computeListing(db, cache, query, scope, start, keys, at).finally(() =>
      cache.inflight.delete(flight),
    );
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
  start: PageStart,
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
    knownTotal ?? countOf(db, filtered, filter, query.sort),
    knownCeiling ?? ceilingOf(db, inScope),
    knownRows ?? (start.kind === 'number' ? pageOfBooks(db, filtered, query, start, SPARE_ROWS) : null),
    // A page by cursor: its rows, never kept (below).
  ]);
  const view =
    start.kind === 'number'
      ? numberedView(rows!, query.pageSize, start.page)
      : await viewOf(db, filtered, query, start, 1);
  const bytes = new JsonBytes(JSON.stringify(answerOf(view, total, ceiling, query, filter)));
  // The queries saw some version from `at` to the one read after them (one shared read, none
  // on PGlite without a write). What they read is kept only where the changes in between leave
  // it sure (catalog-cache.ts); otherwise it is still new enough for this request, just not kept.
  const queried = { count: knownTotal === null, ceiling: knownCeiling === null, rows: knownRows === null };
  if (queried.count || queried.ceiling || queried.rows) await cache.reach(await currentCatalogVersion(db));
  const page: PageEntry<BookSummary> | null =
    rows && view.start.kind === 'number'
      ? { filter, sort: query.sort, shown: query.pageSize, ...rows, total, ceiling, bytes }
      : null;
  const settled = cache.settle(at, { ...(page ?? { filter }), total, ceiling }, queried);
  if (!settled) {
    cache.stats.unkept++;
    return bytes;
  }
  if (queried.count) cache.counts.put(keys.filterKey, { filter, value: total });
  if (queried.ceiling) cache.ceilings.put(keys.scopeKey, { filter, value: ceiling });
  if (page) {
    const moved = settled.total !== total || settled.ceiling !== ceiling;
    const kept = moved ? { ...page, ...settled, bytes: null } : page;
    cache.pages.put(keys.pageKey, kept as PageEntry<unknown>);
  }
  return bytes;
}

interface Rows {
  items: BookSummary[];
  keys: RowKey[];
  full: boolean;
  last: RowKey | null;
}

/**
 * A page's view from the database. After a cursor: `pageSize + spare` rows from it. Before a
 * cursor: the rows read backwards from it, one more than the page telling whether any come
 * before; when fewer than a page are left before it, the page is the first page (the listing's
 * start, as full as it can be).
 */
async function viewOf(
  db: DbOrTx,
  where: SQL[],
  query: BookQueryInput,
  start: PageStart,
  spare: number,
): Promise<PageView> {
  if (start.kind === 'number')
    return numberedView(await pageOfBooks(db, where, query, start, spare), query.pageSize, start.page);
  const rows = await pageOfBooks(db, where, query, start, start.kind === 'before' ? 1 : spare);
  if (start.kind === 'after') return { ...numberedView(rows, query.pageSize, 1), earlier: true, start };
  if (rows.keys.length < query.pageSize) return viewOf(db, where, query, { kind: 'number', page: 1 }, spare);
  const shown = Math.min(rows.keys.length, query.pageSize);
  return {
    items: rows.items.slice(0, shown).reverse(),
    keys: rows.keys.slice(0, shown).reverse(),
    more: true,
    earlier: rows.keys.length > query.pageSize,
    start,
  };
}

/**
 * A page's rows and `spare` rows after them (before a cursor: read backwards, nearest first).
 * A deferred join: the ids come from an index-only scan of the sort's covering index, then only
 * those rows are read. A numbered page skips at most MAX_PAGE_NUMBER pages of index entries; a
 * page by cursor starts its index range at the cursor, however deep (price-low, whose keys run
 * in two directions, reads two ranges and keeps the first rows of both).
 */
async function pageOfBooks(
  db: DbOrTx,
  where: SQL[],
  query: BookQueryInput,
  start: PageStart,
  spare: number,
): Promise<Rows> {
  const reverse = start.kind === 'before';
  const order = orderOf(query.sort, reverse);
  const limit = query.pageSize + spare;
  const idsOf = (range?: SQL) =>
    db
      .select({ id: books.id })
      .from(books)
      .where(and(...where, range))
      .orderBy(...order)
      .limit(limit);
  let ids: SQL;
  if (start.kind === 'number') {
    ids = sql`${books.id} in (${idsOf().offset((start.page - 1) * query.pageSize)})`;
  } else {
    const ranges = rangesPast(query.sort, start.key, reverse).map((range) => sql`(${idsOf(range)})`);
    ids = sql`${books.id} in (${sql.join(ranges, sql` union all `)})`;
  }
  const page = db
    .select({
      book: books,
      ownerBackOn: ownerBackOnAt(awayClock()),
      // Each row's exact place in its sort (microseconds, which a Date drops): the cache
      // decides from them whether a changed book sorts onto the page (catalog-delta.ts), and
      // a cursor names it.
      createdUs: sql<string>`(extract(epoch from ${books.createdAt}) * 1000000)::bigint::text`,
    })
    .from(books)
    .where(ids)
    .orderBy(...order)
    .limit(limit);
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
    items: rows.map((row) => toBookSummary(row.book, row.ownerBackOn)),
    keys,
    full: rows.length === limit,
    last: keys.at(-1) ?? null,
  };
}
