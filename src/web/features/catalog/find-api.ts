import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Category } from '@domain/constants';
import type { FindApi } from '@server/modules/find/routes';
import { apiClient, call } from '@web/lib/api';
import { catalogKeys } from '@web/lib/query-keys';

// Every book findable (/api/docs, "Search"): the books out now below a search or a shelf,
// and "Did you mean".

const api = apiClient<FindApi>();

/** The search's borrowed section: the matching books out now, soonest back first. */
export const borrowedBooksQuery = (q: string, category?: Category) =>
  queryOptions({
    queryKey: catalogKeys.borrowed('catalog', q, category),
    queryFn: ({ signal }) =>
      call(api['borrowed-books'].$get({ query: { q, category } }, { init: { signal } })),
    placeholderData: keepPreviousData,
  });

/** A shelf's borrowed section: the owner's books out now (those matching the words, with a search). */
export const shelfBorrowedQuery = (ownerId: string, q?: string) =>
  queryOptions({
    queryKey: catalogKeys.borrowed(ownerId, q, undefined),
    queryFn: ({ signal }) =>
      call(
        api.owners[':id']['borrowed-books'].$get(
          { param: { id: ownerId }, query: { q: q || undefined } },
          { init: { signal } },
        ),
      ),
    placeholderData: keepPreviousData,
  });

/** "Did you mean": the search with its misspelled words replaced, nearest first. */
export const suggestionsQuery = (q: string) =>
  queryOptions({
    queryKey: catalogKeys.suggestions(q),
    queryFn: ({ signal }) => call(api.search.suggestions.$get({ query: { q } }, { init: { signal } })),
    staleTime: 60_000,
  });
