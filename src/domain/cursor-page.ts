import { z } from 'zod';

// One page of a list that pages by keyset (docs/architecture.md, "Lists at scale"): the rows,
// opaque cursors to the pages either side, and a count that stops at COUNT_CAP (constants.ts;
// SEARCH_COUNT_CAP for a search) so that no answer counts a million rows.

/** The longest cursor the API accepts (a cursor is small: a list name, a time and an id). */
const CURSOR_MAX = 400;

/** `cursor` in a list's query string: absent for the first page, 'last' for the last one. */
export const cursorParam = z.string().max(CURSOR_MAX).optional();

/** A page of 20 unless asked otherwise (at most 100). */
const LIST_PAGE_SIZE = 20;

/** The query string of a list that has no search or filter: only where the page starts. */
export const cursorQuerySchema = z.object({
  cursor: cursorParam,
  pageSize: z.coerce.number().int().min(1).max(100).default(LIST_PAGE_SIZE),
});
export type CursorQuery = z.infer<typeof cursorQuerySchema>;

export const cursorPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    /** How many rows match: exact up to the cap (COUNT_CAP, a search SEARCH_COUNT_CAP); the cap when totalCapped. */
    total: z.number().int(),
    /** More rows match than the cap (shown as "More than 10,000", a search "More than 100"). */
    totalCapped: z.boolean(),
    pageSize: z.number().int(),
    /** The next (older) page, or null on the last page. */
    next: z.string().nullable(),
    /** The previous (newer) page, or null on the first page. */
    prev: z.string().nullable(),
  });

export interface CursorPage<T> {
  items: T[];
  total: number;
  totalCapped: boolean;
  pageSize: number;
  next: string | null;
  prev: string | null;
}
