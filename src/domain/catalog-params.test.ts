import { describe, expect, it } from 'vitest';
import { catalogSearch, categoryFromParam, parseCatalogParams, toBookQuery } from './catalog-params';

describe('catalog URL state (D17)', () => {
  it('reads every key of a shared URL', () => {
    const params = parseCatalogParams(
      new URLSearchParams(
        'q=%20dune%20&condition=Good&language=English&area=%20Old%20Town%20&maxPrice=15000&sort=price-low&page=3',
      ),
    );
    expect(params).toEqual({
      q: 'dune',
      condition: 'Good',
      language: 'English',
      area: 'Old Town',
      maxPrice: '15000',
      sort: 'price-low',
      page: 3,
    });
  });

  it('falls back to defaults for values a hand-edited URL may carry', () => {
    const params = parseCatalogParams(
      new URLSearchParams(
        `condition=Mint&language=French&maxPrice=-5&sort=random&page=0&area=${'x'.repeat(101)}`,
      ),
    );
    expect(params).toEqual({ q: '', sort: 'newest', page: 1 });
    expect(parseCatalogParams(new URLSearchParams('area=%20%20')).area).toBeUndefined();
    expect(parseCatalogParams(new URLSearchParams('page=2.5')).page).toBe(1);
    // Page numbers reach page 50 (D17); a deeper one in an old link shows page 50.
    expect(parseCatalogParams(new URLSearchParams('page=9999')).page).toBe(50);
    expect(parseCatalogParams(new URLSearchParams('maxPrice=1.234')).maxPrice).toBeUndefined();
  });

  it('writes only non-default values, so equal states have equal URLs', () => {
    expect(catalogSearch({ q: '', sort: 'newest', page: 1 }).toString()).toBe('');
    const search = catalogSearch({
      q: 'laskar pelangi',
      condition: 'Brand New',
      area: 'Ubud',
      maxPrice: '20000',
      sort: 'title-za',
      page: 2,
    });
    expect(search.toString()).toBe(
      'q=laskar+pelangi&condition=Brand+New&area=Ubud&maxPrice=20000&sort=title-za&page=2',
    );
    expect(parseCatalogParams(search)).toEqual({
      q: 'laskar pelangi',
      condition: 'Brand New',
      area: 'Ubud',
      maxPrice: '20000',
      sort: 'title-za',
      page: 2,
    });
  });

  it('turns the state into the API query, with the page category', () => {
    expect(toBookQuery({ q: '', sort: 'newest', page: 1 }, 'Teen')).toEqual({
      q: undefined,
      category: 'Teen',
      condition: undefined,
      language: undefined,
      area: undefined,
      maxPrice: undefined,
      sort: 'newest',
      page: 1,
    });
  });

  it('matches category routes case-insensitively and knows no other categories', () => {
    expect(categoryFromParam('children')).toBe('Children');
    expect(categoryFromParam('Teen')).toBe('Teen');
    expect(categoryFromParam('ADULT')).toBe('Adult');
    expect(categoryFromParam('poetry')).toBeUndefined();
    expect(categoryFromParam(undefined)).toBeUndefined();
  });

  it('keeps one cursor in the URL, and a cursor page has no page number', () => {
    const byCursor = parseCatalogParams(new URLSearchParams('cursor=abc&page=3&sort=title-az'));
    expect(byCursor).toEqual({ q: '', sort: 'title-az', page: 1, cursor: 'abc' });
    expect(catalogSearch(byCursor).toString()).toBe('sort=title-az&cursor=abc');
    expect(toBookQuery(byCursor)).toMatchObject({ page: 1, cursor: 'abc' });
    expect(parseCatalogParams(new URLSearchParams(`cursor=${'x'.repeat(1001)}`)).cursor).toBeUndefined();
    // The old after/before links name no page the API knows: page 1.
    expect(parseCatalogParams(new URLSearchParams('after=abc&before=def'))).toEqual({
      q: '',
      sort: 'newest',
      page: 1,
      cursor: undefined,
    });
  });
});
