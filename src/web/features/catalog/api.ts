import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { BookQuery } from '@domain/api-types';
import { bookQueryFields } from '@domain/catalog-params';
import type { BooksApi } from '@server/modules/books/routes';
import { apiClient, call } from '@web/lib/api';
import { catalogKeys } from '@web/lib/query-keys';

// Catalog reads (the API reference at /api/docs, "Books"). Every filter runs on the server;
// the web only turns the URL into the query.

const books = apiClient<BooksApi>();

/** A page of the public catalog. The previous page stays on screen while the next loads, so the grid doesn't flash. */
export const bookPageQuery = (query: BookQuery) =>
  queryOptions({
    queryKey: catalogKeys.books(query),
    queryFn: ({ signal }) => call(books.books.$get({ query: bookQueryFields(query) }, { init: { signal } })),
    placeholderData: keepPreviousData,
  });

export const ownerBooksQuery = (ownerId: string, query: BookQuery) =>
  queryOptions({
    queryKey: catalogKeys.ownerBooks(ownerId, query),
    queryFn: ({ signal }) =>
      call(
        books.owners[':id'].books.$get(
          { param: { id: ownerId }, query: bookQueryFields(query) },
          { init: { signal } },
        ),
      ),
    placeholderData: keepPreviousData,
  });

/** The area filter's options. Under catalogKeys.all: a write to the catalog refreshes them. */
export const catalogAreasQuery = () =>
  queryOptions({
    queryKey: catalogKeys.areas,
    queryFn: ({ signal }) => call(books.areas.$get({}, { init: { signal } })),
    select: (data) => data.items.map((item) => item.area),
    staleTime: 60_000,
  });

export const bookDetailQuery = (id: string) =>
  queryOptions({
    queryKey: catalogKeys.book(id),
    queryFn: ({ signal }) => call(books.books[':id'].$get({ param: { id } }, { init: { signal } })),
  });

export const moreFromOwnerQuery = (id: string) =>
  queryOptions({
    queryKey: catalogKeys.moreFromOwner(id),
    queryFn: ({ signal }) =>
      call(books.books[':id']['more-from-owner'].$get({ param: { id } }, { init: { signal } })),
  });

export const ownerProfileQuery = (id: string) =>
  queryOptions({
    queryKey: catalogKeys.owner(id),
    queryFn: ({ signal }) => call(books.owners[':id'].$get({ param: { id } }, { init: { signal } })),
  });
