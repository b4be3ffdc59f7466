import { queryOptions } from '@tanstack/react-query';
import type { BookPage } from '@domain/api-types';
import { HOME_LATEST_LIMIT } from '@domain/constants';
import { api } from '@web/lib/api';

/** Home's 'Our Latest Books': the 10 newest books that can be borrowed now. */
export const latestBooksQuery = queryOptions({
  queryKey: ['books', 'latest', HOME_LATEST_LIMIT],
  queryFn: ({ signal }) => api<BookPage>(`/api/books?sort=newest&pageSize=${HOME_LATEST_LIMIT}`, { signal }),
});
