import type { BookQuery } from './api-types';
import {
  CATEGORIES,
  type Category,
  CONDITIONS,
  type Condition,
  DEFAULT_SORT,
  LANGUAGES,
  type Language,
  LOCATION_MAX,
  MAX_PAGE_NUMBER,
  SORT_KEYS,
  type SortKey,
} from './constants';

// The listing state lives in the page's URL (D17: /books?q=..&condition=..&language=..&area=..&maxPrice=..&sort=..&page=..,
// or cursor=.. for a page by cursor, past the first pages: the API's own `cursor`, docs/api.md "Paging"),
// so a filtered page can be shared and Back restores the previous state. The web reads it to
// ask /api/books; the server reads the same URL to preload that request from the page's HTML
// (src/server/web-app/page-hints.ts), so both sides must turn a URL into the same request.

export interface CatalogParams {
  q: string;
  condition?: Condition;
  language?: Language;
  /** The owners' location, as the area filter's option names it. */
  area?: string;
  maxPrice?: string;
  sort: SortKey;
  page: number;
  /** A page by cursor (the API's nextCursor / prevCursor, which says which way it reads). */
  cursor?: string;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** A hand-edited or stale URL never breaks the page: unknown values fall back to the defaults. */
export function parseCatalogParams(search: URLSearchParams): CatalogParams {
  const page = Number(search.get('page'));
  const maxPrice = search.get('maxPrice');
  const given = search.get('cursor');
  const cursor = given && given.length <= 1000 ? given : undefined;
  const area = (search.get('area') ?? '').trim();
  return {
    q: (search.get('q') ?? '').trim(),
    condition: oneOf(CONDITIONS, search.get('condition')),
    language: oneOf(LANGUAGES, search.get('language')),
    area: area && area.length <= LOCATION_MAX ? area : undefined,
    maxPrice: maxPrice && /^\d{1,10}(\.\d{1,2})?$/.test(maxPrice) ? maxPrice : undefined,
    sort: oneOf(SORT_KEYS, search.get('sort')) ?? DEFAULT_SORT,
    // A cursor names the page by itself; a page number goes only as deep as the API numbers.
    page: cursor || !Number.isInteger(page) || page < 1 ? 1 : Math.min(page, MAX_PAGE_NUMBER),
    cursor,
  };
}

/** Only non-default values go in the URL, in a fixed order, so equal states have equal URLs. */
export function catalogSearch(params: CatalogParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.condition) search.set('condition', params.condition);
  if (params.language) search.set('language', params.language);
  if (params.area) search.set('area', params.area);
  if (params.maxPrice) search.set('maxPrice', params.maxPrice);
  if (params.sort !== DEFAULT_SORT) search.set('sort', params.sort);
  if (params.page > 1) search.set('page', String(params.page));
  if (params.cursor) search.set('cursor', params.cursor);
  return search;
}

export function toBookQuery(params: CatalogParams, category?: Category): BookQuery {
  return {
    q: params.q || undefined,
    category,
    condition: params.condition,
    language: params.language,
    area: params.area,
    maxPrice: params.maxPrice,
    sort: params.sort,
    page: params.page,
    cursor: params.cursor,
  };
}

/**
 * The query's set values, in the order above: what goes in /api/books's query string (an empty
 * one is left out, as the server's defaults apply).
 */
export function bookQueryFields(query: BookQuery): BookQuery {
  const set = Object.entries(query).filter(([, value]) => value !== undefined && value !== '');
  return Object.fromEntries(set) as BookQuery;
}

/** Category route values are matched case-insensitively ('children' and 'Children' both work). */
export function categoryFromParam(value: string | undefined): Category | undefined {
  return CATEGORIES.find((c) => c.toLowerCase() === value?.toLowerCase());
}
