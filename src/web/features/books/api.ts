import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookFormValues, BookStatusChange } from '@domain/schemas/book-form';
import { COVER_FIELD } from '@domain/schemas/book-form';
import type { BooksApi } from '@server/modules/books/routes';
import type { SalesApi } from '@server/modules/sales/routes';
import { apiClient, call } from '@web/lib/api';
import { catalogKeys } from '@web/lib/query-keys';

// The owner's side of the catalog (the API reference at /api/docs, "Books").

const books = apiClient<BooksApi>();

export const myBooksQuery = queryOptions({
  queryKey: catalogKeys.mine,
  queryFn: ({ signal }) => call(books.my.books.$get(undefined, { init: { signal } })),
});

/**
 * The form as multipart: every field is sent, an empty optional one as '' (the shared schema
 * reads '' as "not set"), so an edit that clears the monthly price or summary clears it.
 */
export function bookFormData(values: BookFormValues, cover: File | null): FormData {
  const data = new FormData();
  data.set('title', values.title);
  data.set('author', values.author);
  data.set('language', values.language);
  data.set('condition', values.condition);
  data.set('category', values.category);
  data.set('summary', values.summary ?? '');
  data.set('weeklyPrice', values.weeklyPrice);
  data.set('monthlyPrice', values.monthlyPrice ?? '');
  data.set('salePrice', values.salePrice ?? '');
  if (cover) data.set(COVER_FIELD, cover);
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

/** D28: the owner or an admin marks the book Sold; it leaves every listing. */
export function useMarkSold() {
  const invalidate = useInvalidateBooks();
  return useMutation({
    mutationFn: (bookId: string) => call(sales.books[':id'].sold.$post({ param: { id: bookId } })),
    onSuccess: invalidate,
  });
}
