import { z } from 'zod';

// The one paging shape of the API (docs/api.md, "Paging"): every list that pages answers
// `{ items, nextCursor, prevCursor }` (null where there is no such page), plus a capped `total`
// where the list counts its rows, and takes the page back as one opaque `cursor` query
// parameter that carries its direction inside. Keyset lists (docs/architecture.md, "Lists at
// scale") and the catalog (D17) alike. Every list route declares its answer with `pageSchema`
// or `countedPageSchema`, which mark it for the document (PAGE_MARKER); the paging contract test
// (src/server/api-docs/paging-contract.test.ts) fails for a list answer without the mark.

/** The OpenAPI extension every page schema carries, so tools and tests can tell a page. */
export const PAGE_MARKER = 'x-rakbuku-page';

/** The longest cursor the API accepts (a cursor is small: a list name, a sort key and an id). */
const CURSOR_MAX = 1000;

/** `cursor` in a list's query string: absent for the first page, 'last' for a keyset list's last one. */
export const cursorParam = z
  .string()
  .max(CURSOR_MAX)
  .optional()
  .describe("An answer's `nextCursor` or `prevCursor`, as given (opaque); absent for the first page");

/** A page of 20 unless asked otherwise (at most 100). */
const LIST_PAGE_SIZE = 20;

/** The query string of a list that has no search or filter: only where the page starts. */
export const cursorQuerySchema = z.object({
  cursor: cursorParam,
  pageSize: z.coerce.number().int().min(1).max(100).default(LIST_PAGE_SIZE),
});
export type CursorQuery = z.infer<typeof cursorQuerySchema>;

/** The capped count of a list that counts its rows (COUNT_CAP, a search SEARCH_COUNT_CAP, constants.ts). */
const countFields = {
  total: z
    .number()
    .int()
    .describe('How many rows match: exact up to the cap; the cap itself when `totalCapped`'),
  totalCapped: z
    .boolean()
    .describe('More rows match than `total` (shown as "More than 10,000", a search "More than 100")'),
};

/**
 * The one page schema: the rows, and opaque cursors to the pages either side. `extra` is what a
 * list adds beside its page (the catalog's page number and price ceiling, the orders that need
 * attention); it never renames a paging field.
 */
export const pageSchema = <T extends z.ZodType, E extends z.ZodRawShape = Record<never, never>>(
  item: T,
  extra?: E,
) =>
  z
    .object({
      items: z.array(item),
      nextCursor: z.string().nullable().describe('`cursor` for the next page; null on the last page'),
      prevCursor: z.string().nullable().describe('`cursor` for the previous page; null on the first page'),
      ...(extra ?? ({} as E)),
    })
    .meta({ [PAGE_MARKER]: true });

/** A page of a list that counts its rows: the page schema with the capped `total`. */
export const countedPageSchema = <T extends z.ZodType, E extends z.ZodRawShape = Record<never, never>>(
  item: T,
  extra?: E,
) => pageSchema(item, { ...countFields, ...(extra ?? ({} as E)) });

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  prevCursor: string | null;
}

/** A page with its capped count, as `countedPageSchema` declares it. */
export interface CursorPage<T> extends Page<T> {
  total: number;
  totalCapped: boolean;
}
