import { describe, expect, it } from 'vitest';
import { bookState } from '@tests/support/book-state';
import type { DbOrTx } from '@server/db/client';
import { CatalogCache } from './catalog-cache';
import type { BookState, CatalogChange, RowKey } from './catalog-delta';

// A page computed while writes commit (issue 12): the queries saw some version between the one
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
  maxWeeklyPrice: '50000.00',
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
      maxWeeklyPrice: '50000.00',
    });
  });

  it('moves a count the cache gave it by the changes since, and is kept', () => {
    const cache = cacheAt(5);
    cache.advance(6, [{ version: 6, change: reserve(olderBook) }]);
    expect(cache.settle(5, page, { count: false, ceiling: false })).toEqual({
      total: 39,
      maxWeeklyPrice: '50000.00',
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
      maxWeeklyPrice: '60000.00',
    });
    const dearest = state({ created: '1', price: '50000.00' });
    const cache2 = cacheAt(5);
    cache2.advance(6, [{ version: 6, change: reserve(dearest) }]);
    expect(cache2.settle(5, page, { count: false, ceiling: false })).toBeNull();
  });

  it('ignores the changes it was computed after', () => {
    const cache = cacheAt(5);
    cache.advance(6, [{ version: 6, change: reserve(newerBook) }]);
    expect(cache.settle(6, page, { count: true, ceiling: true })).toEqual({
      total: 40,
      maxWeeklyPrice: '50000.00',
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
      maxWeeklyPrice: '50000.00',
    });
  });
});
