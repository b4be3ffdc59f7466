import { z } from 'zod';

// One page of a list that pages by keyset (docs/architecture.md, "Lists at scale"): the rows,
// opaque cursors to the pages either side, and a count that stops at COUNT_CAP so that no
// answer counts a million rows.

/** Counts stop here: a list with more matches says "10,000+". */
export const COUNT_CAP = 10_000;
/** The longest cursor the API accepts (a cursor is small: a list name, a time and an id). */
const CURSOR_MAX = 400;

/** `cursor` in a list's query string: absent for the first page, 'last' for the last one. */
export const cursorParam = z.string().max(CURSOR_MAX).optional();

export const cursorPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    /** How many rows match: exact up to COUNT_CAP; COUNT_CAP when totalCapped. */
    total: z.number().int(),
    /** More than COUNT_CAP rows match (shown as "10,000+"). */
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
