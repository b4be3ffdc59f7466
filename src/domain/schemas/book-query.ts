import { z } from 'zod';
import {
  CATEGORIES,
  CONDITIONS,
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT,
  LANGUAGES,
  LOCATION_MAX,
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
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type BookQueryInput = z.output<typeof bookQuerySchema>;
