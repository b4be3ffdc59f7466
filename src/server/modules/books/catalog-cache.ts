import { asc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import { catalogChanges, catalogVersion } from '@server/db/schema';
import { currentVersions, sharedReadsOf } from '@server/db/versions';
import type { JsonBytes } from '@server/lib/json-response';
import {
  type BookState,
  type Ceiling,
  ceilingAfter,
  type DatabaseCollation,
  type CatalogChange,
  countAfter,
  countDelta,
  isByteOrderCollation,
  type ListingFilter,
  movesPage,
  type PageShape,
  pageEffect,
  type RowKey,
} from './catalog-delta';

// Catalog pages, counts and price ceilings, kept exact across writes (D17).
//
// `catalog_version` moves at the commit of every transaction that changed what a listing shows
// (deferred trigger, migrations 0002 and 0007), on whichever instance wrote, and the same
// transaction logs each changed book, before and after, in `catalog_changes`. The cache holds
// its values exactly as of one version. A request reads the version first; when it moved, one
// read shared by concurrent requests fetches the changes since the cache's version, and each
// change moves the counts and price ceilings by its delta and drops only the pages the book
// sorts onto or before (catalog-delta.ts). On a gap (changes pruned, too many, a 'reset' row,
// a kind it does not know) the cache drops everything (its safe fallback). So a member
// never sees a count (or page) older than the last committed write.
//
// A value computed from the database is kept only when it is exact at the cache's version. Its
// queries started after version `at` was read and ended before a later read; writes may commit
// in between (a checkout every few milliseconds under load), so which of them the queries saw
// is unknown. The cache remembers the changes it applied recently: when none of those after
// `at` touches what the queries read (rows, count or ceiling), those are the same at every
// version in between, and what came from the cache at `at` moves by those changes' deltas: the
// page is kept. Otherwise it only answers the request that asked.

const MAX_ENTRIES = 2000;
/** More changes than this since the cache's version: recomputing is cheaper than applying. */
const MAX_CHANGES = 500;
/** Recently applied changes remembered for pages computed while they committed. */
const MAX_RECENT = 2000;
/** Rows a cached page holds past the ones it shows (PageEntry). */
export const SPARE_ROWS = 8;

/**
 * A cached page (by number): its rows and where they end, its count and ceiling, and its sent
 * bytes. It holds up to SPARE_ROWS rows past the `shown` ones, so a book leaving the listing
 * before or on the page moves the rows up instead of dropping the page (pageEffect); once the
 * spares are used up on a full listing, it is dropped (it could no longer tell whether a next
 * page exists).
 */
export interface PageEntry<Item> extends PageShape {
  /** The page's rows, then its spare rows. */
  items: Item[];
  /** Where each of `items` sorts, in the same order. */
  keys: RowKey[];
  /** How many of `items` the page shows (its page size). */
  shown: number;
  /** null: moved by a change in a way only a query can tell (filled again on the next request) */
  total: number | null;
  /** null: the last book at the top left (a query tells the next) */
  ceiling: Ceiling | null;
  /** The serialized answer; dropped whenever the count, ceiling or rows change. */
  bytes: JsonBytes | null;
}

interface Counted {
  filter: ListingFilter;
  value: number;
}
interface ScopeCeiling {
  filter: ListingFilter;
  value: Ceiling;
}

/** A Map used as a least-recently-used cache: insertion order is the recency order. */
class Lru<V> extends Map<string, V> {
  touch(key: string): V | undefined {
    const value = super.get(key);
    if (value !== undefined) {
      super.delete(key);
      super.set(key, value);
    }
    return value;
  }
  put(key: string, value: V): void {
    super.delete(key);
    super.set(key, value);
    if (this.size > MAX_ENTRIES) super.delete(super.keys().next().value as string);
  }
}

export class CatalogCache {
  /** The version every entry is exact at; -1 before the first request. */
  version = -1;
  readonly counts = new Lru<Counted>();
  readonly ceilings = new Lru<ScopeCeiling>();
  readonly pages = new Lru<PageEntry<unknown>>();
  /** Concurrent misses of one page at one version share one computation. */
  readonly inflight = new Map<string, Promise<JsonBytes>>();
  /** Whether `lower(title)` sorts ASCII in byte order here (read with the first changes). */
  byteOrder = false;
  private syncing: Promise<void> | null = null;
  /** Every change with a version above `recentFrom`, up to `version`, oldest first. */
  private recent: { version: number; change: CatalogChange }[] = [];
  private recentFrom = -1;
  /**
   * Counters for tests and the bench: answers served whole from memory or not, computed pages
   * not kept (changes committed meanwhile), changes applied, rows they removed from pages,
   * pages they dropped, full drops.
   */
  readonly stats = { hits: 0, misses: 0, unkept: 0, applied: 0, shifted: 0, dropped: 0, resets: 0 };

  constructor(private readonly db: DbOrTx) {}

  get size(): number {
    return this.counts.size + this.ceilings.size + this.pages.size;
  }

  /** Brings the cache to `version` or later (a version the caller read from the database). */
  async reach(version: number): Promise<void> {
    while (this.version < version) {
      if (this.size === 0) {
        // Nothing to move: the cache simply starts holding values of this version.
        this.forgetRecent(version);
        return;
      }
      this.syncing ??= this.readChanges().finally(() => {
        this.syncing = null;
      });
      await this.syncing;
    }
  }

  /** Drops everything (a gap in the changes, or a bench asking for the cold path). */
  clear(version: number): void {
    this.counts.clear();
    this.ceilings.clear();
    this.pages.clear();
    this.forgetRecent(version);
    this.stats.resets++;
  }

  /** The cache jumps to `version` without knowing the changes on the way. */
  private forgetRecent(version: number): void {
    this.version = version;
    this.recent = [];
    this.recentFrom = version;
  }

  /** Applies the changes of versions up to `version` (complete, in order) and remembers them. */
  advance(version: number, changes: { version: number; change: CatalogChange }[]): void {
    for (const { change } of changes) this.apply(change);
    this.recent.push(...changes);
    while (this.recent.length > MAX_RECENT) {
      // Forget whole versions, so what is remembered above `recentFrom` stays complete.
      const oldest = this.recent[0].version;
      while (this.recent.length > 0 && this.recent[0].version === oldest) this.recent.shift();
      this.recentFrom = oldest;
    }
    this.version = version;
  }

  /**
   * A page computed from values of version `at` (those the cache held then) and from queries
   * that saw some version from `at` to the cache's own: its count and ceiling as of the cache's
   * version, or null when a change the cache applied after `at` leaves it unsure (one touches
   * the rows of a page read by number, or a queried count or ceiling), or when the cache no
   * longer remembers back to `at`. A page by cursor is not kept (service.ts): only its listing
   * is given, for its count and ceiling.
   */
  settle(
    at: number,
    page: (PageShape | { filter: ListingFilter }) & { total: number; ceiling: Ceiling },
    queried: { count: boolean; ceiling: boolean },
  ): { total: number; ceiling: Ceiling } | null {
    if (at < this.recentFrom) return null;
    let { total, ceiling } = page;
    for (const { version, change } of this.recent) {
      if (version <= at) continue;
      if ('sort' in page && movesPage(change, page, this.byteOrder)) return null;
      const delta = countDelta(change, page.filter);
      if (delta === null || (delta !== 0 && queried.count)) return null;
      const next = countAfter(total, delta, page.filter);
      if (next === null) return null;
      total = next;
      const nextCeiling = ceilingAfter(change, page.filter, ceiling);
      if (nextCeiling === null || (nextCeiling !== ceiling && queried.ceiling)) return null;
      ceiling = nextCeiling;
    }
    return { total, ceiling };
  }

  private async readChanges(): Promise<void> {
    const from = this.version;
    // One statement, so the version and the changes come from one snapshot.
    const rows = await sharedReadsOf(this.db)
      .select({
        current: catalogVersion.version,
        // Through jsonb: the locale provider columns exist only from PostgreSQL 15 on.
        collation: sql<DatabaseCollation>`(select jsonb_build_object('provider', j->>'datlocprovider',
          'collate', j->>'datcollate', 'locale', coalesce(j->>'datlocale', j->>'daticulocale'))
          from (select to_jsonb(d) as j from pg_database d where datname = current_database()) as db)`,
        version: catalogChanges.version,
        kind: catalogChanges.kind,
        bookId: catalogChanges.bookId,
        old: catalogChanges.old,
        new: catalogChanges.new,
      })
      .from(catalogVersion)
      .leftJoin(catalogChanges, gt(catalogChanges.version, from))
      // Its one row, said outright: the planner then counts one row here, not thousands.
      .where(eq(catalogVersion.id, 1))
      .orderBy(asc(catalogChanges.version), asc(catalogChanges.id))
      .limit(MAX_CHANGES + 1);
    // Someone else moved the cache meanwhile (a reset, an empty cache starting afresh).
    if (this.version !== from || rows.length === 0) return;
    const current = rows[0].current;
    this.byteOrder = isByteOrderCollation(rows[0].collation);
    if (current <= from) return;
    const changes = rows.filter((r) => r.version !== null);
    if (!this.isComplete(changes, from, current)) {
      this.clear(current);
      return;
    }
    this.advance(
      current,
      changes.map((row) => ({
        version: row.version!,
        change: {
          kind: row.kind!,
          bookId: row.bookId,
          old: row.old as BookState | null,
          new: row.new as BookState | null,
        },
      })),
    );
  }

  /** Every version after `from` up to `current` is there, in full, and only kinds we know. */
  private isComplete(
    changes: { version: number | null; kind: string | null }[],
    from: number,
    current: number,
  ): boolean {
    if (changes.length > MAX_CHANGES) return false;
    let expected = from + 1;
    for (const change of changes) {
      if (change.kind !== 'row') return false;
      if (change.version === expected) expected++;
      else if (change.version !== expected - 1) return false;
    }
    return expected === current + 1;
  }

  /** Moves every entry by one change (exact), or drops what it cannot move. */
  apply(change: CatalogChange): void {
    this.stats.applied++;
    if (change.old && change.new && JSON.stringify(change.old) === JSON.stringify(change.new)) return;
    for (const [key, entry] of this.counts) {
      const next = countAfter(entry.value, countDelta(change, entry.filter), entry.filter);
      if (next === null) this.counts.delete(key);
      else entry.value = next;
    }
    for (const [key, entry] of this.ceilings) {
      const next = ceilingAfter(change, entry.filter, entry.value);
      if (next === null) this.ceilings.delete(key);
      else entry.value = next;
    }
    for (const [key, page] of this.pages) {
      const effect = pageEffect(change, page, this.byteOrder);
      if (effect.kind === 'remove') {
        page.items.splice(effect.index, 1);
        page.keys.splice(effect.index, 1);
        page.last = page.keys.at(-1) ?? null;
        if (effect.index < page.shown) page.bytes = null;
        this.stats.shifted++;
      }
      // A full page whose spares are used up no longer knows whether a row follows it.
      if (effect.kind === 'drop' || (page.full && page.keys.length <= page.shown)) {
        this.pages.delete(key);
        this.stats.dropped++;
        continue;
      }
      if (page.total !== null) {
        const delta = countDelta(change, page.filter);
        if (delta !== 0) {
          page.total = countAfter(page.total, delta, page.filter);
          page.bytes = null;
        }
      }
      if (page.ceiling !== null) {
        const next = ceilingAfter(change, page.filter, page.ceiling);
        if (next?.price !== page.ceiling.price) page.bytes = null;
        page.ceiling = next;
      }
    }
  }
}

const caches = new WeakMap<object, CatalogCache>();

export function catalogCacheOf(db: DbOrTx): CatalogCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new CatalogCache(db);
    caches.set(db, cache);
  }
  return cache;
}

/**
 * The catalog version as of some moment after this call (one read shared by concurrent
 * requests, with the session revocation version: db/versions.ts).
 */
export async function currentCatalogVersion(db: DbOrTx): Promise<number> {
  return (await currentVersions(db)).catalog;
}
