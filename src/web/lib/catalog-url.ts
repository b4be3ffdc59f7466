import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { BookQuery } from '@domain/api-types';
import {
  CATEGORIES,
  type Category,
  CONDITIONS,
  type Condition,
  DEFAULT_SORT,
  LANGUAGES,
  type Language,
  SORT_KEYS,
  type SortKey,
} from '@domain/constants';

// The listing state lives in the URL (D17: /books?q=..&condition=..&language=..&maxPrice=..&sort=..&page=..),
// so a filtered page can be shared and Back restores the previous state.

export interface CatalogParams {
  q: string;
  condition?: Condition;
  language?: Language;
  maxPrice?: string;
  sort: SortKey;
  page: number;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** A hand-edited or stale URL never breaks the page: unknown values fall back to the defaults. */
export function parseCatalogParams(search: URLSearchParams): CatalogParams {
  const page = Number(search.get('page'));
  const maxPrice = search.get('maxPrice');
  return {
    q: (search.get('q') ?? '').trim(),
    condition: oneOf(CONDITIONS, search.get('condition')),
    language: oneOf(LANGUAGES, search.get('language')),
    maxPrice: maxPrice && /^\d{1,10}(\.\d{1,2})?$/.test(maxPrice) ? maxPrice : undefined,
    sort: oneOf(SORT_KEYS, search.get('sort')) ?? DEFAULT_SORT,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** Only non-default values go in the URL, in a fixed order, so equal states have equal URLs. */
export function catalogSearch(params: CatalogParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.condition) search.set('condition', params.condition);
  if (params.language) search.set('language', params.language);
  if (params.maxPrice) search.set('maxPrice', params.maxPrice);
  if (params.sort !== DEFAULT_SORT) search.set('sort', params.sort);
  if (params.page > 1) search.set('page', String(params.page));
  return search;
}

export function toBookQuery(params: CatalogParams, category?: Category): BookQuery {
  return {
    q: params.q || undefined,
    category,
    condition: params.condition,
    language: params.language,
    maxPrice: params.maxPrice,
    sort: params.sort,
    page: params.page,
  };
}

/** Category route values are matched case-insensitively ('children' and 'Children' both work). */
export function categoryFromParam(value: string | undefined): Category | undefined {
  return CATEGORIES.find((c) => c.toLowerCase() === value?.toLowerCase());
}

export function useCatalogParams() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => parseCatalogParams(search), [search]);

  /** Any change but paging starts again at page 1: page 3 of the old filter means nothing. */
  const update = useCallback(
    (patch: Partial<CatalogParams>) => {
      const next = { ...params, page: 1, ...patch };
      setSearch(catalogSearch(next));
    },
    [params, setSearch],
  );

  /** Clear all resets the filters and the price range to the full range (D4); search text and sort stay. */
  const clearFilters = useCallback(() => {
    setSearch(catalogSearch({ q: params.q, sort: params.sort, page: 1 }));
  }, [params.q, params.sort, setSearch]);

  const hasFilters = Boolean(params.condition || params.language || params.maxPrice);
  return { params, update, clearFilters, hasFilters };
}
