import { describe, expect, it } from 'vitest';
import { bookState } from '@tests/support/book-state';
import type { DbOrTx } from '@server/db/client';
import { CatalogCache } from './catalog-cache';
import type { BookState, CatalogChange, RowKey } from './catalog-delta';

// A page computed while writes commit: the queries saw some version between the one
// the cache held when they started and the one it holds when they end, so the cache keeps the
// page only where the changes in between cannot have moved what was queried. The burst test
// (catalog-burst.test.ts) checks the whole against the database.

const state = (o: Partial<BookState> = {}) => bookState({ created: '500', ...o });
const reserve = (book: BookState): CatalogChange => ({
  kind: 'row',
  bookId: 'b0',
  old: book,
  new: { ...book, reserved: true, listed: false },
});

const last: RowKey = { id: 'm', created: 1000n, price: 1000000n, title: 'm' };
/** Page 1 of the newest books: its last row was created at 1000, so older books sort after it. */
const page = {
  filter: { scope: { kind: 'catalog' } } as const,
  sort: 'newest' as const,
  full: true,
  last,
  total: 40,
  ceiling: { price: '50000.00', atTop: 1 },
};
const olderBook = state({ created: '999' });
const newerBook = state({ created: '1001' });

function cacheAt(version: number): CatalogCache {
  const cache = new CatalogCache({} as DbOrTx);
  cache.clear(version);
  return cache;
}

describe('a page computed while writes committed', () => {
  it('is kept as it is when nothing changed after its start', () => {
    const cache = cacheAt(5);
    expect(cache.settle(5, page, { count: true, ceiling: true })).toEqual({
      total: 40,
      ceiling: { price: '50000.00', atTop: 1 },
    });
  });

  it('moves a count the cache gave it by the changes since, and is kept', () => {
    const cache = cacheAt(5);
    cache.advance(6, [{ version: 6, change: reserve(olderBook) }]);
    expect(cache.settle(5, page, { count: false, ceiling: false })).toEqual({
      total: 39,
      ceiling: { price: '50000.00', atTop: 1 },
    });
  });

  it('is not kept when its count was queried and a change moved it: the query may or may not have seen it', () => {
    const cache = cacheAt(5);
    cache.advance(6, [{ version: 6, change: reserve(olderBook) }]);
    expect(cache.settle(5, page, { count: true, ceiling: false })).toBeNull();
  });

  it('is not kept when a changed book sorts onto it', () => {
    const cache = cacheAt(5);
    cache.advance(6, [{ version: 6, change: reserve(newerBook) }]);
    expect(cache.settle(5, page, { count: false, ceiling: false })).toBeNull();
  });

  it('is not kept when its queried ceiling moved, nor when a known ceiling needs a query', () => {
    const cache = cacheAt(5);
    const dearer = state({ created: '1', price: '60000.00' });
    cache.advance(6, [{ version: 6, change: { kind: 'row', bookId: 'b1', old: null, new: dearer } }]);
    expect(cache.settle(5, { ...page, total: 40 }, { count: false, ceiling: true })).toBeNull();
    expect(cache.settle(5, page, { count: false, ceiling: false })).toEqual({
      total: 41,
      ceiling: { price: '60000.00', atTop: 1 },
    });
    const dearest = state({ created: '1', price: '50000.00' });
    const cache2 = cacheAt(5);
    cache2.advance(6, [{ version: 6, change: reserve(dearest) }]);
    expect(cache2.settle(5, page, { count: false, ceiling: false })).toBeNull();
    // While another book asks the same top price, the ceiling stands without a query.
    const twoAtTop = { ...page, ceiling: { price: '50000.00', atTop: 2 } };
    expect(cache2.settle(5, twoAtTop, { count: false, ceiling: false })).toEqual({
      total: 39,
      ceiling: { price: '50000.00', atTop: 1 },
    });
  });

  it('ignores the changes it was computed after', () => {
    const cache = cacheAt(5);
    cache.advance(6, [{ version: 6, change: reserve(newerBook) }]);
    expect(cache.settle(6, page, { count: true, ceiling: true })).toEqual({
      total: 40,
      ceiling: { price: '50000.00', atTop: 1 },
    });
  });

  it('is not kept when the cache no longer knows every change since its start', () => {
    const cache = cacheAt(5);
    cache.clear(9); // a gap: the cache jumped without the changes on the way
    expect(cache.settle(5, page, { count: false, ceiling: false })).toBeNull();
    const many = Array.from({ length: 2001 }, (_, i) => ({ version: 10 + i, change: reserve(olderBook) }));
    cache.advance(2010, many);
    expect(cache.settle(9, page, { count: false, ceiling: false })).toBeNull();
    expect(cache.settle(2009, page, { count: false, ceiling: false })).toEqual({
      total: 39,
      ceiling: { price: '50000.00', atTop: 1 },
    });
  });
});

describe('a cached page with spare rows', () => {
  // Page 1 of the newest books, showing 2 rows with 2 spares: created at 400, 300, 200, 100.
  const keys: RowKey[] = ['r4', 'r3', 'r2', 'r1'].map((id, i) => ({
    id,
    created: BigInt(400 - 100 * i),
    price: 1000000n,
    title: id,
  }));
  const leaves = (id: string, created: string): CatalogChange => ({
    kind: 'row',
    bookId: id,
    old: state({ created }),
    new: state({ created, listed: false, reserved: true }),
  });
  function cacheWithPage(full: boolean) {
    const cache = cacheAt(5);
    cache.pages.put('p', {
      filter: { scope: { kind: 'catalog' } },
      sort: 'newest',
      full,
      last: keys[3],
      keys: [...keys],
      items: keys.map((k) => k.id),
      shown: 2,
      total: 4,
      ceiling: { price: '10000.00', atTop: 1 },
      bytes: null,
    });
    return cache;
  }
  const rowsOf = (cache: CatalogCache) => (cache.pages.get('p') as { items: string[] } | undefined)?.items;

  it('moves its rows up as books on it leave, until the spares run out on a full listing', () => {
    const cache = cacheWithPage(true);
    cache.apply(leaves('r3', '300'));
    expect(rowsOf(cache)).toEqual(['r4', 'r2', 'r1']);
    expect(cache.pages.get('p')?.total).toBe(3);
    expect(cache.stats.shifted).toBe(1);
    // A second leaves it with its shown rows only: whether a next page follows (its cursor),
    // only a query knows.
    cache.apply(leaves('r4', '400'));
    expect(rowsOf(cache)).toBeUndefined();
    expect(cache.stats.dropped).toBe(1);
  });

  it('moves up by one when a book before it leaves, and stays when one after it leaves', () => {
    const cache = cacheWithPage(true);
    cache.apply(leaves('b9', '50'));
    expect(rowsOf(cache)).toEqual(['r4', 'r3', 'r2', 'r1']);
    cache.apply(leaves('b8', '500'));
    expect(rowsOf(cache)).toEqual(['r3', 'r2', 'r1']);
  });

  it("at the listing's end, shows fewer rows instead of dropping", () => {
    const cache = cacheWithPage(false);
    for (const [id, created] of [
      ['r4', '400'],
      ['r3', '300'],
      ['r2', '200'],
    ])
      cache.apply(leaves(id, created));
    expect(rowsOf(cache)).toEqual(['r1']);
  });
});
