import { z } from 'zod';
import { cursorParam } from '@domain/cursor-page';
import {
  CATEGORIES,
  CONDITIONS,
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT,
  LANGUAGES,
  LOCATION_MAX,
  MAX_PAGE_NUMBER,
  MAX_PAGE_SIZE,
  MIN_SEARCH_LENGTH,
  SORT_KEYS,
} from '@domain/constants';

/**
 * The catalog query string (D17): every key optional, bad values refused. Pages go by number up
 * to MAX_PAGE_NUMBER (PAGE_TOO_DEEP past it) and on by `cursor` (docs/api.md, "Paging"); a search of one or two letters is
 * refused (SEARCH_TOO_SHORT). Those refusals carry their own codes (service.ts), so they are
 * not in this schema.
 */
export const bookQuerySchema = z.object({
  q: z
    .string()
    .max(100)
    .transform((s) => s.trim())
    .optional()
    .describe(
      `Words in the title or author, or an ISBN; at least ${MIN_SEARCH_LENGTH} characters (SEARCH_TOO_SHORT)`,
    ),
  category: z.enum(CATEGORIES).optional(),
  condition: z.enum(CONDITIONS).optional(),
  language: z.enum(LANGUAGES).optional(),
  /** D38: the owners' location, exactly as an area option names it; an empty one is no filter. */
  area: z
    .string()
    .max(LOCATION_MAX)
    .transform((s) => s.trim() || undefined)
    .optional(),
  maxPrice: z
    .string()
    .regex(/^\d{1,10}(\.\d{1,2})?$/)
    .optional(),
  sort: z.enum(SORT_KEYS).default(DEFAULT_SORT),
  page: z.coerce
    .number()
    .int()
    .min(1)
    .default(1)
    .describe(`A page number up to ${MAX_PAGE_NUMBER} (PAGE_TOO_DEEP past it); further pages by cursor`),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  cursor: cursorParam.describe(
    "A page's `nextCursor` or `prevCursor`: the books after or before that row, in the same sort and filters. Not with page > 1 (INVALID_CURSOR).",
  ),
});
export type BookQueryInput = z.output<typeof bookQuerySchema>;

/** Manage books pages (keyset: docs/architecture.md, "Lists at scale"). */
const MY_BOOKS_PAGE_SIZE = 50;
export const myBooksQuerySchema = z.object({
  cursor: cursorParam,
  pageSize: z.coerce.number().int().min(1).max(100).default(MY_BOOKS_PAGE_SIZE),
});
