import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type CatalogParams, catalogSearch, parseCatalogParams } from '@domain/catalog-params';

// The listing state lives in the URL; @domain/catalog-params reads and writes it.

/** Whether any filter Clear all resets is set (the search and the sort are not filters). */
export const hasFiltersIn = (params: CatalogParams) =>
  Boolean(params.condition || params.language || params.area || params.maxPrice);

export function useCatalogParams() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => parseCatalogParams(search), [search]);

  /**
   * Any change but paging starts again at page 1: page 3 (or a cursor) of the old filter or
   * sort means nothing.
   */
  const update = useCallback(
    (patch: Partial<CatalogParams>) => {
      const next = { ...params, page: 1, cursor: undefined, ...patch };
      setSearch(catalogSearch(next));
    },
    [params, setSearch],
  );

  /** Clear all resets the filters and the price range to the full range; search text and sort stay. */
  const clearFilters = useCallback(() => {
    setSearch(catalogSearch({ q: params.q, sort: params.sort, page: 1 }));
  }, [params.q, params.sort, setSearch]);

  return { params, update, clearFilters, hasFilters: hasFiltersIn(params) };
}
