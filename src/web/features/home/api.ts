import { queryOptions } from '@tanstack/react-query';
import { HOME_LATEST_LIMIT } from '@domain/constants';
import type { BooksApi } from '@server/modules/books/routes';
import { apiClient, call } from '@web/lib/api';
import { catalogKeys } from '@web/lib/query-keys';

const books = apiClient<BooksApi>();

/**
 * Home's 'Our Latest Books': the 10 newest books that can be borrowed now. Its key sits under
 * catalogKeys.all, so an upload, edit or delete (which invalidates the catalog) refreshes it.
 */
export const latestBooksQuery = queryOptions({
  queryKey: catalogKeys.latest(HOME_LATEST_LIMIT),
  queryFn: ({ signal }) =>
    call(books.books.$get({ query: { sort: 'newest', pageSize: HOME_LATEST_LIMIT } }, { init: { signal } })),
});
