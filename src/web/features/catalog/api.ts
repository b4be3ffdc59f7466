import { keepPreviousData, type QueryKey, queryOptions } from '@tanstack/react-query';
import type { BookDetail, BookPage, BookQuery, BookSummary, OwnerProfile } from '@domain/api-types';
import { api, toQueryString } from '@web/lib/api';

// Catalog reads (docs/api.md "Catalog and books"). Every filter runs on the server (D17); the
// web only turns the URL into a query string.

function queryString(query: BookQuery): string {
  return toQueryString({
    q: query.q,
    category: query.category,
    condition: query.condition,
    language: query.language,
    maxPrice: query.maxPrice,
    sort: query.sort,
    page: query.page,
    pageSize: query.pageSize,
  });
}

export const catalogKeys = {
  all: ['catalog'] as const,
  // Listing keys are plain QueryKeys so one listing component can take either endpoint.
  books: (query: BookQuery): QueryKey => ['catalog', 'books', query],
  book: (id: string) => ['catalog', 'book', id] as const,
  moreFromOwner: (id: string) => ['catalog', 'more-from-owner', id] as const,
  owner: (id: string) => ['catalog', 'owner', id] as const,
  ownerBooks: (id: string, query: BookQuery): QueryKey => ['catalog', 'owner-books', id, query],
};

/** A page of the public catalog. The previous page stays on screen while the next loads, so the grid doesn't flash. */
export const bookPageQuery = (query: BookQuery) =>
  queryOptions({
    queryKey: catalogKeys.books(query),
    queryFn: ({ signal }) => api<BookPage>(`/api/books${queryString(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const ownerBooksQuery = (ownerId: string, query: BookQuery) =>
  queryOptions({
    queryKey: catalogKeys.ownerBooks(ownerId, query),
    queryFn: ({ signal }) =>
      api<BookPage>(`/api/owners/${encodeURIComponent(ownerId)}/books${queryString(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const bookDetailQuery = (id: string) =>
  queryOptions({
    queryKey: catalogKeys.book(id),
    queryFn: ({ signal }) => api<BookDetail>(`/api/books/${encodeURIComponent(id)}`, { signal }),
  });

export const moreFromOwnerQuery = (id: string) =>
  queryOptions({
    queryKey: catalogKeys.moreFromOwner(id),
    queryFn: ({ signal }) =>
      api<{ items: BookSummary[] }>(`/api/books/${encodeURIComponent(id)}/more-from-owner`, { signal }),
  });

export const ownerProfileQuery = (id: string) =>
  queryOptions({
    queryKey: catalogKeys.owner(id),
    queryFn: ({ signal }) => api<OwnerProfile>(`/api/owners/${encodeURIComponent(id)}`, { signal }),
  });
