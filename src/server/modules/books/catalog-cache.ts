import type { DbOrTx } from '../../db/client';
import { catalogVersion } from '../../db/schema';
import { executePrepared } from './prepared';

// Catalog pages, counts and price ceilings, cached per catalog version (D17).
//
// `catalog_version` moves at the commit of every transaction that changed books (deferred
// trigger, migration 0002), on whichever instance wrote. A request reads the version first and
// only then computes, so a value cached under version V was computed from a snapshot at least
// as new as V: a member never sees a count (or page) older than the last committed write. The
// cache is only an accelerator: any instance can drop it and recompute.

const MAX_ENTRIES = 2000;

interface Entry<T> {
  version: number;
  value: Promise<T>;
}

const caches = new WeakMap<object, Map<string, Entry<unknown>>>();

async function readCatalogVersion(db: DbOrTx): Promise<number> {
  const [row] = await executePrepared(db.select({ version: catalogVersion.version }).from(catalogVersion));
  return row?.version ?? 0;
}

interface VersionReads {
  inflight: Promise<number> | null;
  next: Promise<number> | null;
}
const versionReads = new WeakMap<object, VersionReads>();

/**
 * The catalog version as of some moment after this call: concurrent requests share reads.
 * A read already in flight was sent before the caller arrived and might miss a write the
 * caller has just seen committed, so a caller only ever joins the *next* read, which starts
 * when the current one ends. Under load that is one tiny query per round trip, not per request.
 */
export function currentCatalogVersion(db: DbOrTx): Promise<number> {
  let reads = versionReads.get(db);
  if (!reads) {
    reads = { inflight: null, next: null };
    versionReads.set(db, reads);
  }
  const state = reads;
  const start = () => {
    const read: Promise<number> = readCatalogVersion(db).finally(() => {
      if (state.inflight === read) state.inflight = null;
    });
    state.inflight = read;
    return read;
  };
  if (!state.inflight) return start();
  state.next ??= state.inflight
    .catch(() => undefined)
    .then(() => {
      state.next = null;
      return state.inflight ?? start();
    });
  return state.next;
}

/** The value for `key` at `version`; concurrent misses for the same key share one computation. */
export function cachedAtVersion<T>(
  db: DbOrTx,
  version: number,
  key: string,
  compute: () => Promise<T>,
): Promise<T> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const hit = cache.get(key);
  if (hit && hit.version === version) {
    // Move to the back: the Map's insertion order is our least-recently-used order.
    cache.delete(key);
    cache.set(key, hit);
    return hit.value as Promise<T>;
  }
  const value = compute();
  const entry: Entry<T> = { version, value };
  cache.delete(key);
  cache.set(key, entry);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  value.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return value;
}
