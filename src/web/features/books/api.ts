import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookDetail, ManagedBook } from '@domain/api-types';
import type { BookFormValues, BookStatusChange } from '@domain/schemas/book-form';
import { COVER_FIELD } from '@domain/schemas/book-form';
import { api } from '@web/lib/api';
import { catalogKeys } from '@web/features/catalog/api';

// The owner's side of the catalog (docs/api.md "Catalog and books").

export const myBooksQuery = queryOptions({
  queryKey: ['my-books'],
  queryFn: ({ signal }) => api<{ items: ManagedBook[] }>('/api/my/books', { signal }),
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
  if (cover) data.set(COVER_FIELD, cover);
  return data;
}

/** Any write to a book changes listings, counts and the owner's table: refetch them all. */
function useInvalidateBooks() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
      queryClient.invalidateQueries({ queryKey: myBooksQuery.queryKey }),
    ]);
}

export function useCreateBook() {
  const invalidate = useInvalidateBooks();
  return useMutation({
    mutationFn: (data: FormData) => api<BookDetail>('/api/books', { method: 'POST', body: data }),
    onSuccess: invalidate,
  });
}

export function useUpdateBook(bookId: string) {
  const invalidate = useInvalidateBooks();
  return useMutation({
    mutationFn: (data: FormData) =>
      api<BookDetail>(`/api/books/${encodeURIComponent(bookId)}`, { method: 'PATCH', body: data }),
    onSuccess: invalidate,
  });
}

export function useDeleteBook() {
  const invalidate = useInvalidateBooks();
  return useMutation({
    mutationFn: (bookId: string) =>
      api<void>(`/api/books/${encodeURIComponent(bookId)}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useSetBookStatus() {
  const invalidate = useInvalidateBooks();
  return useMutation({
    mutationFn: ({ bookId, status }: { bookId: string } & BookStatusChange) =>
      api<BookDetail>(`/api/books/${encodeURIComponent(bookId)}/status`, {
        method: 'PATCH',
        body: { status },
      }),
    onSuccess: invalidate,
  });
}
