import { describe, expect, it } from 'vitest';
import { bookState } from '@tests/support/book-state';
import {
  type BookState,
  type CatalogChange,
  cents,
  compareRows,
  countAfter,
  countDelta,
  countLimitOf,
  isByteOrderCollation,
  ceilingAfter,
  movesPage,
  pageEffect,
  type RowKey,
} from './catalog-delta';

// The in-memory half of the catalog cache's deltas; catalog-burst.test.ts checks
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

  it('an area filter matches the owner’s location exactly, and cannot say for a change logged without it (D38)', () => {
    const ubud = { ...catalog, area: 'Ubud' };
    // An owner moving in or out of the area moves the count; another spelling is another area.
    expect(countDelta(change(state({ area: 'Sanur' }), state({ area: 'Ubud' })), ubud)).toBe(1);
    expect(countDelta(change(state({ area: 'Ubud' }), state({ area: 'Canggu' })), ubud)).toBe(-1);
    expect(countDelta(change(state({ area: 'ubud' }), state({ area: null })), ubud)).toBe(0);
    // Logged before migration 0015: unknown, unless another filter already says no.
    const { area: _area, ...logged } = state({ area: 'Ubud' });
    expect(countDelta(change(logged, state({ area: 'Ubud' })), ubud)).toBeNull();
    expect(countDelta(change(logged, state({ area: 'Ubud' })), { ...catalog })).toBe(0);
    expect(
      countDelta(change({ ...logged, language: 'Indonesian' }, null), { ...ubud, language: 'English' }),
    ).toBe(0);
    expect(countDelta(change({ ...logged, title: 'Sea' }, null), { ...ubud, q: 'garden' })).toBe(0);
  });

  it('a search that reads as an ISBN matches the book with that ISBN-13, as the SQL does (D30)', () => {
    const search = { ...catalog, q: '978-0-8044-2957-3', isbn: '9780804429573' };
    // Given the ISBN: joins the search; losing it: leaves it.
    expect(countDelta(change(state(), state({ isbn: '9780804429573' })), search)).toBe(1);
    expect(countDelta(change(state({ isbn: '9780804429573' }), state({ isbn: null })), search)).toBe(-1);
    expect(countDelta(change(state(), state({ isbn: '9786020332956' })), search)).toBe(0);
    // A change logged before the ISBN was (migration 0013): only the database can tell.
    const { isbn: _isbn, ...logged } = state();
    expect(countDelta(change(logged, state({ isbn: '9780804429573' })), search)).toBeNull();
    // A plain word never matches by ISBN.
    expect(
      countDelta(change(state({ title: 'Other' }), state({ title: 'Other', isbn: '9780804429573' })), {
        ...catalog,
        q: 'garden',
      }),
    ).toBe(0);
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

  it('raises a ceiling exactly, counts the books at it, and gives it up when the last of them leaves', () => {
    const top = (price: string, atTop: number) => ({ price, atTop });
    const at20 = top('20000.00', 1);
    expect(ceilingAfter(change(null, state({ price: '30000.00' })), catalog, at20)).toEqual(
      top('30000.00', 1),
    );
    expect(ceilingAfter(change(null, state({ price: '15000.00' })), catalog, at20)).toBe(at20);
    expect(ceilingAfter(change(null, state({ price: '20000.00' })), catalog, at20)).toEqual(
      top('20000.00', 2),
    );
    expect(ceilingAfter(change(state({ price: '20000.00' }), null), catalog, at20)).toBeNull();
    expect(ceilingAfter(change(state({ price: '20000.00' }), null), catalog, top('20000.00', 3))).toEqual(
      top('20000.00', 2),
    );
    expect(
      ceilingAfter(change(state({ price: '20000.00' }), state({ price: '9000.00' })), catalog, at20),
    ).toBeNull();
    // A book at the top that stays at the top (a title edit) leaves the count as it was.
    expect(
      ceilingAfter(
        change(state({ price: '20000.00' }), state({ price: '20000.00', title: 'New' })),
        catalog,
        at20,
      ),
    ).toEqual(at20);
    // The last book at the top getting dearer is the new top on its own.
    expect(
      ceilingAfter(change(state({ price: '20000.00' }), state({ price: '25000.00' })), catalog, at20),
    ).toEqual(top('25000.00', 1));
    expect(ceilingAfter(change(state({ price: '9000.00' }), null), catalog, at20)).toBe(at20);
    // An empty scope has no books at its '0.00' top: a first book sets it.
    expect(ceilingAfter(change(null, state()), catalog, top('0.00', 0))).toEqual(top('10000.00', 1));
    expect(
      ceilingAfter(
        change(null, state({ category: 'Teen' })),
        { ...catalog, category: 'Adult' },
        top('0.00', 0),
      ),
    ).toEqual(top('0.00', 0));
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

  it('moves a page up when a book on it or before it leaves the listing, and drops it for anything else it cannot place', () => {
    // Page 2 of the newest books, rows created at 1200, 1100 and 1000 (the last a spare).
    const key = (id: string, created: bigint): RowKey => ({ id, created, price: 100n, title: id });
    const keys = [key('r1', 1200n), key('r2', 1100n), key('r3', 1000n)];
    const page = { filter: catalog, sort: 'newest' as const, full: true, last: keys[2], keys };
    const leaves = (created: string, id = 'b0') =>
      change(state({ created }), state({ created, listed: false, reserved: true }), id);

    expect(pageEffect(leaves('1100', 'r2'), page, true)).toEqual({ kind: 'remove', index: 1 });
    expect(pageEffect(leaves('1300'), page, true)).toEqual({ kind: 'remove', index: 0 });
    expect(pageEffect(leaves('900'), page, true)).toEqual({ kind: 'same' });
    // A book between two rows that is not one of them: the page cannot be what the cache thinks.
    expect(pageEffect(leaves('1150'), page, true)).toEqual({ kind: 'drop' });
    // After the end of the listing's last page, likewise.
    expect(pageEffect(leaves('900'), { ...page, full: false }, true)).toEqual({ kind: 'drop' });
    // A book joining before the last row, or one changing on the page, needs a query.
    expect(
      pageEffect(change(state({ created: '1300', listed: false }), state({ created: '1300' })), page, true),
    ).toEqual({
      kind: 'drop',
    });
    expect(
      pageEffect(
        change(state({ created: '1100' }), state({ created: '1100', title: 'New' }), 'r2'),
        page,
        true,
      ),
    ).toEqual({
      kind: 'drop',
    });
    // A book outside the listing's filter leaves it as it is.
    expect(pageEffect(leaves('1300'), { ...page, filter: { ...catalog, category: 'Teen' } }, true)).toEqual({
      kind: 'same',
    });
    // A page past the listing's end stays empty.
    expect(pageEffect(leaves('1300'), { ...page, full: false, keys: [], last: null }, true)).toEqual({
      kind: 'same',
    });
    // Title order it cannot be sure of (outside ASCII): only the database can say.
    const titled = { ...page, sort: 'title-az' as const };
    expect(
      pageEffect(change(state({ title: 'Über' }), state({ title: 'Über', listed: false })), titled, true),
    ).toEqual({
      kind: 'drop',
    });
  });

  it('trusts byte order only for C-like collations', () => {
    expect(isByteOrderCollation({ provider: 'c', collate: 'C.UTF-8', locale: null })).toBe(true);
    expect(isByteOrderCollation({ provider: null, collate: 'C', locale: null })).toBe(true);
    expect(isByteOrderCollation({ provider: 'c', collate: 'en_US.UTF-8', locale: null })).toBe(false);
    expect(isByteOrderCollation({ provider: 'i', collate: 'C', locale: 'en-US' })).toBe(false);
    expect(isByteOrderCollation({ provider: 'b', collate: 'C', locale: 'C.UTF-8' })).toBe(true);
  });
});

describe('capped counts', () => {
  const search = { scope: { kind: 'catalog' }, q: 'garden' } as const;

  it('count up to a tenth past the cap: 10,000 (a search 100), one more, and a margin', () => {
    expect(countLimitOf(catalog)).toBe(11_001);
    expect(countLimitOf(search)).toBe(111);
  });

  it('move by the delta, exact or as a lower bound, until they fall to the cap from above it', () => {
    expect(countAfter(9_999, 1, catalog)).toBe(10_000);
    expect(countAfter(10_000, 1, catalog)).toBe(10_001);
    expect(countAfter(11_001, -1, catalog)).toBe(11_000);
    expect(countAfter(10_002, -1, catalog)).toBe(10_001);
    // At the cap again: a count of at least 10,001 minus one may be 10,000 or far more.
    expect(countAfter(10_001, -1, catalog)).toBeNull();
    expect(countAfter(101, -1, search)).toBeNull();
    expect(countAfter(101, -1, catalog)).toBe(100);
    expect(countAfter(5, null, catalog)).toBeNull();
  });
});
