import type { DbOrTx } from '@server/db/client';
import { currentVersions } from '@server/db/versions';

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

/**
 * The catalog version as of some moment after this call (one read shared by concurrent
 * requests, with the session revocation version: db/versions.ts).
 */
export async function currentCatalogVersion(db: DbOrTx): Promise<number> {
  return (await currentVersions(db)).catalog;
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
