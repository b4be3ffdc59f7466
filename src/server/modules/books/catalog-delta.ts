import {
  COUNT_CAP,
  type Category,
  SEARCH_COUNT_CAP,
  type Condition,
  type Language,
  type SortKey,
} from '@domain/constants';

// Which cached catalog answers a change to one book can move, decided in memory from
// the book's listing attributes before and after the change (catalog_changes, migration 0007).
// Every answer here mirrors the SQL of service.ts exactly; where JavaScript cannot be sure it
// decides as PostgreSQL would (a search or title order outside ASCII, a collation it does not
// know), it answers null ("unknown") and the caller drops the cached value instead.
//
// Adding a filter (as the ISBN search and the area were added) touches three places, each once: its SQL in
// service.ts (conditionsOf), the field catalog_book_state() records (a migration redefining the
// function) and its test here (matchesFilter, and matchesScope when it narrows the slider's
// scope). catalog-filters.test.ts checks on random books and queries that the three agree.

/** A book's listing attributes as `catalog_book_state()` (migration 0007) records them. */
export interface BookState {
  listed: boolean;
  owner: string | null;
  deleted: boolean;
  status: string;
  reserved: boolean;
  category: string;
  condition: string;
  language: string;
  /** weekly_price::text, e.g. '20000.50' */
  price: string;
  monthly: string | null;
  title: string;
  author: string;
  /** ISBN-13 or null; absent from changes logged before migration 0013. */
  isbn?: string | null;
  /** The owner's location; absent from changes logged before migration 0015. */
  area?: string | null;
  cover: string;
  /** created_at in microseconds since the epoch, as text */
  created: string;
}

/**
 * Which books a listing draws from: the catalog's or one owner's books that can be borrowed now
 * (books out now are in a section of their own, the borrowed section).
 */
export type ListingScope = { kind: 'catalog' } | { kind: 'shelf'; ownerId: string };

/** The scope of a listing and the query's filters, as service.ts turns them into SQL. */
export interface ListingFilter {
  scope: ListingScope;
  category?: Category;
  q?: string;
  /** The search read as an ISBN-13 (D30), when it is one: the ISBN matches too. */
  isbn?: string;
  condition?: Condition;
  language?: Language;
  /** D38: the owners' location, matched exactly. */
  area?: string;
  maxPrice?: string;
}

/** Where a row sorts: every sort order of service.ts reads only these. */
export interface RowKey {
  id: string;
  /** created_at in microseconds */
  created: bigint;
  /** weekly price in cents */
  price: bigint;
  title: string;
}

/** '20000.5' -> 2000050n: exact, whatever the number of decimals the text carries (at most 2). */
export function cents(price: string): bigint {
  let value = centsOf.get(price);
  if (value === undefined) {
    const [whole, fraction = ''] = price.split('.');
    value = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
    // Every cached page is asked about every change, so the same few prices are read again
    // and again; a filter's text is the member's, so the memo is bounded.
    if (centsOf.size >= 4096) centsOf.clear();
    centsOf.set(price, value);
  }
  return value;
}
const centsOf = new Map<string, bigint>();

function rowKeyOf(id: string, state: BookState): RowKey {
  return { id, created: BigInt(state.created), price: cents(state.price), title: state.title };
}

const ASCII = /^\p{ASCII}*$/u;

/** `text ILIKE '%q%'` (q taken literally), or null when either side is not plain ASCII. */
function containsIgnoringCase(text: string, q: string): boolean | null {
  if (!ASCII.test(text) || !ASCII.test(q)) return null;
  return text.toLowerCase().includes(q.toLowerCase());
}

const or3 = (a: boolean | null, b: boolean | null): boolean | null =>
  a === true || b === true ? true : a === null || b === null ? null : false;

function inScopeAndCategory(state: BookState, filter: ListingFilter): boolean {
  const { scope } = filter;
  const inScope = scope.kind === 'catalog' ? state.listed : state.owner === scope.ownerId && state.listed;
  return inScope && (!filter.category || state.category === filter.category);
}

/** `isbn = filter.isbn`: unknown for a change logged without the ISBN. */
function matchesIsbn(state: BookState, filter: ListingFilter): boolean | null {
  if (!filter.isbn) return false;
  if (state.isbn === undefined) return null;
  return state.isbn === filter.isbn;
}

/** title ILIKE, author ILIKE, or (for a search that reads as an ISBN) the ISBN, as service.ts asks. */
function matchesSearch(state: BookState, filter: ListingFilter): boolean | null {
  if (!filter.q) return true;
  const text = or3(containsIgnoringCase(state.title, filter.q), containsIgnoringCase(state.author, filter.q));
  return or3(text, matchesIsbn(state, filter));
}

/** The scope, category and search: what the price ceiling is taken over. */
export function matchesScope(state: BookState, filter: ListingFilter): boolean | null {
  return inScopeAndCategory(state, filter) ? matchesSearch(state, filter) : false;
}

/**
 * Every filter of the listing: what its count and pages draw from. A definite no from any
 * filter wins over the search's "unknown"; the cheap equalities are asked first.
 */
export function matchesFilter(state: BookState, filter: ListingFilter): boolean | null {
  if (!inScopeAndCategory(state, filter)) return false;
  if (filter.condition && state.condition !== filter.condition) return false;
  if (filter.language && state.language !== filter.language) return false;
  if (filter.maxPrice && cents(state.price) > cents(filter.maxPrice)) return false;
  // `area = filter.area` : unknown for a change logged without the area.
  const inArea = !filter.area ? true : state.area === undefined ? null : state.area === filter.area;
  if (inArea === false) return false;
  const search = matchesSearch(state, filter);
  return search === false ? false : inArea === null ? null : search;
}

/** The database's default collation, as pg_database names it (provider null before PostgreSQL 15). */
export interface DatabaseCollation {
  provider: string | null;
  collate: string | null;
  locale: string | null;
}

/**
 * Whether the database orders ASCII text in plain byte order, so `lower(title)` sorts as
 * JavaScript compares lower-cased ASCII strings: libc's C, POSIX and C.UTF-8, or the builtin
 * provider (PostgreSQL 17). ICU and language collations (en_US...) weigh letters, case and
 * punctuation in their own ways: title pages are then dropped whenever a change touches their
 * listing.
 */
export function isByteOrderCollation(collation: DatabaseCollation | null): boolean {
  if (!collation) return false;
  const provider = collation.provider ?? 'c';
  if (provider === 'c') return ['C', 'POSIX', 'C.UTF-8', 'C.utf8'].includes(collation.collate ?? '');
  if (provider === 'b') return ['C', 'C.UTF-8'].includes(collation.locale ?? '');
  return false;
}

const cmp = (a: bigint | string, b: bigint | string) => (a < b ? -1 : a > b ? 1 : 0);

function compareTitles(a: string, b: string, byteOrder: boolean): number | null {
  if (!byteOrder || !ASCII.test(a) || !ASCII.test(b)) return null;
  return cmp(a.toLowerCase(), b.toLowerCase());
}

/**
 * Negative when `a` comes before `b` in `sort` (uuids compare as their lower-case text, as
 * PostgreSQL compares their bytes), null when only the database could say.
 */
export function compareRows(sort: SortKey, a: RowKey, b: RowKey, byteOrder: boolean): number | null {
  switch (sort) {
    case 'newest':
      return cmp(b.created, a.created) || cmp(b.id, a.id);
    case 'oldest':
      return cmp(a.created, b.created) || cmp(a.id, b.id);
    case 'price-low':
      return cmp(a.price, b.price) || cmp(b.created, a.created) || cmp(b.id, a.id);
    case 'price-high':
      return cmp(b.price, a.price) || cmp(b.created, a.created) || cmp(b.id, a.id);
    case 'title-az': {
      const t = compareTitles(a.title, b.title, byteOrder);
      return t === null ? null : t || cmp(a.id, b.id);
    }
    case 'title-za': {
      const t = compareTitles(b.title, a.title, byteOrder);
      return t === null ? null : t || cmp(b.id, a.id);
    }
  }
}

/** One logged change: a book row before and after (null: not there), or 'reset'. */
export interface CatalogChange {
  kind: string;
  bookId: string | null;
  old: BookState | null;
  new: BookState | null;
}

/**
 * Where a listing's count stops being exact: COUNT_CAP, or SEARCH_COUNT_CAP for a search. The
 * answer says "N+" past it.
 */
export const countCapOf = (filter: ListingFilter): number => (filter.q ? SEARCH_COUNT_CAP : COUNT_CAP);

/**
 * How many books a count reads at most: its cap, one more to know it is passed, and a margin of
 * a tenth. A count that reached it is a lower bound ("at least"), which a change moves like an
 * exact count (one book more or fewer than at least N is at least N + 1 or N - 1): the answer
 * stays "more than the cap" until a tenth of it has left, and only then is counted again.
 */
export const countLimitOf = (filter: ListingFilter): number => {
  const cap = countCapOf(filter);
  return cap + 1 + cap / 10;
};

/**
 * A cached count moved by a change's delta, or null when only a query can tell: the delta is
 * unknown, or the count falls to the cap or below from above it (a count above the cap may be a
 * lower bound, and below the cap the answer is exact).
 */
export function countAfter(value: number, delta: number | null, filter: ListingFilter): number | null {
  if (delta === null) return null;
  const next = value + delta;
  const cap = countCapOf(filter);
  return value > cap && next <= cap ? null : next;
}

/** How many more books the listing counts after the change, or null when unknown. */
export function countDelta(change: CatalogChange, filter: ListingFilter): number | null {
  const before = change.old ? matchesFilter(change.old, filter) : false;
  const after = change.new ? matchesFilter(change.new, filter) : false;
  if (before === null || after === null) return null;
  return Number(after) - Number(before);
}

/**
 * A scope's price ceiling (D4): the highest weekly price, and how many of the scope's books
 * ask exactly that, so one of them leaving does not need a query while others remain. An empty
 * scope's ceiling is '0.00' with none at it.
 */
export interface Ceiling {
  /** weekly_price::text of the dearest books, e.g. '60000.00' */
  price: string;
  atTop: number;
}

/**
 * The scope's ceiling after the change: moved by the changed book (one more or fewer at the
 * top, or a new and higher top), or null when the last book at the top left it or got cheaper
 * (only a query knows the next highest).
 */
export function ceilingAfter(change: CatalogChange, filter: ListingFilter, ceiling: Ceiling): Ceiling | null {
  const before = change.old ? matchesScope(change.old, filter) : false;
  const after = change.new ? matchesScope(change.new, filter) : false;
  if (before === null || after === null) return null;
  const top = cents(ceiling.price);
  let atTop = ceiling.atTop;
  const leftTop = before && change.old !== null && cents(change.old.price) === top;
  if (leftTop) atTop--;
  if (after && change.new) {
    const price = cents(change.new.price);
    if (price > top) return { price: change.new.price, atTop: 1 };
    if (price === top) atTop++;
  }
  if (leftTop && atTop === 0) return null;
  return atTop === ceiling.atTop ? ceiling : { price: ceiling.price, atTop };
}

/**
 * A cached page: its listing, sort, whether it is full (more rows may follow its last), and its
 * last row. A cached page holds a few spare rows past the ones it shows (catalog-cache.ts), so
 * `last` is the last row held, shown or not.
 */
export interface PageShape {
  filter: ListingFilter;
  sort: SortKey;
  full: boolean;
  last: RowKey | null;
}

/** What one change does to a cached page's rows. */
export type PageEffect =
  /** The rows stay as they are. */
  | { kind: 'same' }
  /**
   * The row at `index` goes: that book left the listing, or (index 0) a book before the page
   * left it, so every row moves up one place and the first joins the page before.
   */
  | { kind: 'remove'; index: number }
  /** Only a query can tell the rows now. */
  | { kind: 'drop' };

/**
 * The change's effect on a page whose rows are `keys` (in order). A book leaving the listing
 * (checked out, reserved, taken off the shelf) is the common change under load: it removes its
 * own row, or shifts a later page by one. Any other change that can alter the rows (a book
 * joining, or moving within the listing) drops the page (movesPage).
 */
export function pageEffect(
  change: CatalogChange,
  page: PageShape & { keys: RowKey[] },
  byteOrder: boolean,
): PageEffect {
  const before = change.old ? matchesFilter(change.old, page.filter) : false;
  const after = change.new ? matchesFilter(change.new, page.filter) : false;
  // Most changes concern books of other listings: every cached page is asked about each one.
  if (before === false && after === false) return { kind: 'same' };
  if (!(before === true && after === false)) {
    return movesPage(change, page, byteOrder) ? { kind: 'drop' } : { kind: 'same' };
  }
  const index = page.keys.findIndex((key) => key.id === change.bookId);
  if (index >= 0) return { kind: 'remove', index };
  const first = page.keys[0];
  const last = page.keys[page.keys.length - 1];
  // A page past the listing's end stays empty.
  if (!first || !last) return { kind: 'same' };
  const left = rowKeyOf(change.bookId!, change.old!);
  const toFirst = compareRows(page.sort, left, first, byteOrder);
  if (toFirst === null) return { kind: 'drop' };
  if (toFirst < 0) return { kind: 'remove', index: 0 };
  const toLast = compareRows(page.sort, left, last, byteOrder);
  if (toLast !== null && toLast > 0 && page.full) return { kind: 'same' };
  // Between the rows without being one of them, or past a listing's end: a page that cannot be
  // exact, or an order only the database knows.
  return { kind: 'drop' };
}

/**
 * Whether the change can alter the page's rows: the book (before or after) belongs to the
 * listing and sorts onto the page or before its last row, or the page is not full (the book
 * may join its end). A book that sorts after a full page's last row leaves the page as it is.
 */
export function movesPage(change: CatalogChange, page: PageShape, byteOrder: boolean): boolean {
  for (const state of [change.old, change.new]) {
    if (!state) continue;
    const matches = matchesFilter(state, page.filter);
    if (matches === false) continue;
    if (matches === null || !page.full || !page.last) return true;
    const order = compareRows(page.sort, rowKeyOf(change.bookId!, state), page.last, byteOrder);
    if (order === null || order <= 0) return true;
  }
  return false;
}
