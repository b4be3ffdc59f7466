import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookFormValues, BookStatusChange } from '@domain/schemas/book-form';
import { COVER_FIELD, NEW_PHOTO, PHOTO_ORDER_FIELD } from '@domain/constants';
import type { BooksApi } from '@server/modules/books/routes';
import type { SalesApi } from '@server/modules/sales/routes';
import { ApiError, apiClient, call } from '@web/lib/api';
import type { PhotoEntry } from './components/photos-picker';
import { catalogKeys } from '@web/lib/query-keys';

// The owner's side of the catalog (the API reference at /api/docs, "Books").

const books = apiClient<BooksApi>();

/** A page of Manage books; no cursor is the first page (the keys start with catalogKeys.mine). */
export const myBooksQuery = (cursor?: string) =>
  queryOptions({
    queryKey: [...catalogKeys.mine, cursor ?? null],
    queryFn: ({ signal }) => call(books.my.books.$get({ query: { cursor } }, { init: { signal } })),
    placeholderData: keepPreviousData,
  });

/**
 * The ISBN prefill: a listed book with this ISBN (as typed), or null when there is none or the
 * ISBN is not one.
 */
export const isbnPrefillQuery = (isbn: string) =>
  queryOptions({
    queryKey: catalogKeys.isbn(isbn),
    queryFn: async ({ signal }) => {
      try {
        return await call(books.books.isbn[':isbn'].$get({ param: { isbn } }, { init: { signal } }));
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 422)) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });

/**
 * The form as multipart: every field is sent, an empty optional one as '' (the shared schema
 * reads '' as "not set"), so an edit that clears the monthly price or summary clears it. The
 * photos go in order as COVER_FIELD files; an edit also sends their order, stored keys and
 * NEW_PHOTO for each file, so removed photos are left out.
 */
export function bookFormData(
  values: BookFormValues,
  photos: PhotoEntry[],
  { edit }: { edit: boolean },
): FormData {
  const data = new FormData();
  data.set('title', values.title);
  data.set('author', values.author);
  data.set('isbn', values.isbn ?? '');
  data.set('language', values.language);
  data.set('condition', values.condition);
  data.set('category', values.category);
  data.set('summary', values.summary ?? '');
  data.set('weeklyPrice', values.weeklyPrice);
  data.set('monthlyPrice', values.monthlyPrice ?? '');
  data.set('salePrice', values.salePrice ?? '');
  for (const photo of photos) if (photo.kind === 'new') data.append(COVER_FIELD, photo.file);
  if (edit) {
    data.set(PHOTO_ORDER_FIELD, photos.map((p) => (p.kind === 'stored' ? p.key : NEW_PHOTO)).join(','));
  }
  return data;
}

/**
 * Any write to a book changes listings, counts, the home page's latest books and the owner's
 * table: all of them live under catalogKeys.all, so one invalidation refetches them all.
 */
function useInvalidateBooks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: catalogKeys.all });
}

export function useCreateBook() {
  const invalidate = useInvalidateBooks();
  return useMutation({
    // The multipart form goes as the body itself: the route declares it for the document only
    // (the server's reader checks it), so the client has no typed `form` input for it.
    mutationFn: (data: FormData) => call(books.books.$post(undefined, { init: { body: data } })),
    onSuccess: invalidate,
  });
}

export function useUpdateBook(bookId: string) {
  const invalidate = useInvalidateBooks();
  return useMutation({
    mutationFn: (data: FormData) =>
      call(books.books[':id'].$patch({ param: { id: bookId } }, { init: { body: data } })),
    onSuccess: invalidate,
  });
}

export function useDeleteBook() {
  const invalidate = useInvalidateBooks();
  return useMutation({
    mutationFn: (bookId: string) => call(books.books[':id'].$delete({ param: { id: bookId } })),
    onSuccess: invalidate,
  });
}

export function useSetBookStatus() {
  const invalidate = useInvalidateBooks();
  return useMutation({
    mutationFn: ({ bookId, status }: { bookId: string } & BookStatusChange) =>
      call(books.books[':id'].status.$patch({ param: { id: bookId }, json: { status } })),
    onSuccess: invalidate,
  });
}

const sales = apiClient<SalesApi>();

/** The owner or an admin marks the book Sold; it leaves every listing. */
export function useMarkSold() {
  const invalidate = useInvalidateBooks();
  return useMutation({
    mutationFn: (bookId: string) => call(sales.books[':id'].sold.$post({ param: { id: bookId } })),
    onSuccess: invalidate,
  });
}
