import { z } from 'zod';
import { cursorParam } from '@domain/cursor-page';
import {
  CATEGORIES,
  CONDITIONS,
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT,
  LANGUAGES,
  MAX_PAGE_SIZE,
  SORT_KEYS,
} from '@domain/constants';

/** The catalog query string (D17): every key optional, bad values refused with 422. */
export const bookQuerySchema = z.object({
  q: z
    .string()
    .max(100)
    .transform((s) => s.trim())
    .optional(),
  category: z.enum(CATEGORIES).optional(),
  condition: z.enum(CONDITIONS).optional(),
  language: z.enum(LANGUAGES).optional(),
  maxPrice: z
    .string()
    .regex(/^\d{1,10}(\.\d{1,2})?$/)
    .optional(),
  sort: z.enum(SORT_KEYS).default(DEFAULT_SORT),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type BookQueryInput = z.output<typeof bookQuerySchema>;

/** Manage books pages (keyset: docs/architecture.md, "Lists at scale"). */
export const MY_BOOKS_PAGE_SIZE = 50;
export const myBooksQuerySchema = z.object({
  cursor: cursorParam,
  pageSize: z.coerce.number().int().min(1).max(100).default(MY_BOOKS_PAGE_SIZE),
});
