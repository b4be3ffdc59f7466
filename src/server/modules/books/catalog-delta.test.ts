import { describe, expect, it } from 'vitest';
import { bookState } from '@tests/support/book-state';
import {
  type BookState,
  type CatalogChange,
  cents,
  compareRows,
  countDelta,
  isByteOrderCollation,
  maxAfter,
  movesPage,
  type RowKey,
} from './catalog-delta';

// The in-memory half of the catalog cache's deltas (issue 12); catalog-burst.test.ts checks
// the whole against the database.

const state = bookState;
const change = (old: BookState | null, next: BookState | null, bookId = 'b0'): CatalogChange => ({
  kind: 'row',
  bookId,
  old,
  new: next,
});
const catalog = { scope: { kind: 'catalog' } } as const;

describe('catalog deltas', () => {
  it('reads prices exactly, whatever the decimals', () => {
    expect(cents('20000.5')).toBe(2000050n);
    expect(cents('20000.50')).toBe(2000050n);
    expect(cents('9999999999.99')).toBe(999999999999n);
    expect(cents('7')).toBe(700n);
  });

  it('counts a checkout out of the listing and a cancellation back in', () => {
    expect(countDelta(change(state(), state({ listed: false, reserved: true })), catalog)).toBe(-1);
    expect(countDelta(change(state({ listed: false }), state()), catalog)).toBe(1);
    expect(countDelta(change(state(), state({ condition: 'Fair' })), { ...catalog, condition: 'Good' })).toBe(
      -1,
    );
    expect(countDelta(change(null, state({ price: '20000.00' })), { ...catalog, maxPrice: '15000' })).toBe(0);
  });

  it('answers unknown for a search outside ASCII, where only the database can say', () => {
    expect(countDelta(change(state({ title: 'Café' }), null), { ...catalog, q: 'garden' })).toBeNull();
    expect(countDelta(change(state({ title: 'GARDEN path' }), null), { ...catalog, q: 'garden' })).toBe(-1);
  });

  it('raises a ceiling exactly and gives it up when the dearest book leaves', () => {
    expect(maxAfter(change(null, state({ price: '30000.00' })), catalog, '20000.00')).toBe('30000.00');
    expect(maxAfter(change(null, state({ price: '15000.00' })), catalog, '20000.00')).toBe('20000.00');
    expect(maxAfter(change(state({ price: '20000.00' }), null), catalog, '20000.00')).toBeNull();
    expect(
      maxAfter(change(state({ price: '20000.00' }), state({ price: '9000.00' })), catalog, '20000.00'),
    ).toBeNull();
    expect(maxAfter(change(state({ price: '9000.00' }), null), catalog, '20000.00')).toBe('20000.00');
    expect(maxAfter(change(null, state()), catalog, '0.00')).toBe('10000.00');
  });

  it('orders rows as the SQL sorts do, and only claims title order it can be sure of', () => {
    const a: RowKey = { id: 'a', created: 2n, price: 100n, title: 'alpha' };
    const b: RowKey = { id: 'b', created: 1n, price: 100n, title: 'Beta' };
    expect(compareRows('newest', a, b, true)).toBeLessThan(0);
    expect(compareRows('oldest', a, b, true)).toBeGreaterThan(0);
    expect(compareRows('price-low', a, b, true)).toBeLessThan(0); // equal price: newer first
    expect(compareRows('title-az', a, b, true)).toBeLessThan(0);
    expect(compareRows('title-za', a, b, true)).toBeGreaterThan(0);
    expect(compareRows('title-az', a, b, false)).toBeNull();
    expect(compareRows('title-az', { ...a, title: 'Ärger' }, b, true)).toBeNull();
  });

  it('keeps a full page when the book sorts after its last row, drops it otherwise', () => {
    const last: RowKey = { id: 'm', created: 1000n, price: 100n, title: 'm' };
    const page = { filter: catalog, sort: 'newest' as const, full: true, last };
    const older = state({ created: '999' });
    const newer = state({ created: '1001' });
    expect(movesPage(change(older, state({ ...older, listed: false })), page, true)).toBe(false);
    expect(movesPage(change(newer, state({ ...newer, listed: false })), page, true)).toBe(true);
    expect(movesPage(change(state({ ...older, listed: false }), newer), page, true)).toBe(true);
    expect(movesPage(change(older, null), { ...page, full: false }, true)).toBe(true);
    expect(
      movesPage(
        change(state({ ...newer, category: 'Teen' }), null),
        { ...page, filter: { ...catalog, category: 'Adult' } },
        true,
      ),
    ).toBe(false);
  });

  it('trusts byte order only for C-like collations', () => {
    expect(isByteOrderCollation({ provider: 'c', collate: 'C.UTF-8', locale: null })).toBe(true);
    expect(isByteOrderCollation({ provider: null, collate: 'C', locale: null })).toBe(true);
    expect(isByteOrderCollation({ provider: 'c', collate: 'en_US.UTF-8', locale: null })).toBe(false);
    expect(isByteOrderCollation({ provider: 'i', collate: 'C', locale: 'en-US' })).toBe(false);
    expect(isByteOrderCollation({ provider: 'b', collate: 'C', locale: 'C.UTF-8' })).toBe(true);
  });
});
