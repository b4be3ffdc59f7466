import { isUuid } from '@domain/ids';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { COUNT_CAP, SEARCH_COUNT_CAP } from '@domain/constants';
import type { CursorPage, CursorQuery } from '@domain/cursor-page';
import type { DbOrTx } from '@server/db/client';
import { AppError } from './errors';

// Keyset (cursor) paging for every list that may grow without bound (docs/architecture.md,
// "Lists at scale"). Rows are sorted newest first by (created_at, id) (or by another key, largest
// first, and the id); a page is the rows after (or before) the last row seen, found by an index
// in that order, so page 1000 costs what page 1 does and a row inserted or deleted between two
// pages neither repeats nor hides another. A cursor is opaque to clients: base64url of
// [list, direction, key, id]. The key travels as PostgreSQL's own text, so no microsecond (or
// cent) is lost on the way.

/** Where a page starts. */
export type Position =
  | { kind: 'first' }
  | { kind: 'last' }
  | { kind: 'after' | 'before'; at: string; id: string };

/** The sort key every keyset query selects next to its ids. */
export interface KeyRow {
  at: string;
  id: string;
}

/** A list's sort columns, newest first, and what its id is. */
export interface Keyset {
  /** Names the list in its cursors: a cursor of one list is refused by another. */
  list: string;
  at: AnyPgColumn | SQL;
  /**
   * What `at` is: a time (the default), a day, or an amount (a list sorted largest first, such
   * as the owners with a payable balance). Its PostgreSQL text travels in the cursor.
   */
  atType?: 'timestamptz' | 'date' | 'numeric';
  id: AnyPgColumn;
  idType: 'uuid' | 'text';
}

/** The PostgreSQL text of each kind of sort key, as a cursor may carry it. */
const AT_TEXT = {
  timestamptz: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  numeric: /^-?\d{1,20}(\.\d{1,6})?$/,
} as const;
const invalid = () => new AppError('INVALID_CURSOR');

export function writeCursor(list: string, kind: 'after' | 'before', key: KeyRow): string {
  return Buffer.from(JSON.stringify([list, kind === 'after' ? 'a' : 'b', key.at, key.id])).toString(
    'base64url',
  );
}

/** 400 INVALID_CURSOR for anything this server did not write for this list. */
function readCursor(keys: Pick<Keyset, 'list' | 'idType' | 'atType'>, cursor: string | undefined): Position {
  if (cursor === undefined || cursor === '') return { kind: 'first' };
  if (cursor === 'last') return { kind: 'last' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw invalid();
  const [list, dir, at, id] = parsed as unknown[];
  if (list !== keys.list || (dir !== 'a' && dir !== 'b')) throw invalid();
  if (typeof at !== 'string' || !AT_TEXT[keys.atType ?? 'timestamptz'].test(at)) throw invalid();
  if (typeof id !== 'string' || id.length === 0 || id.length > 100) throw invalid();
  if (keys.idType === 'uuid' && !isUuid(id)) throw invalid();
  return { kind: dir === 'a' ? 'after' : 'before', at, id };
}

/** The sort key to select beside the page's ids. */
export const keyColumns = (keys: Keyset) => ({
  at: sql<string>`${keys.at}::text`,
  id: sql<string>`${keys.id}`,
});

/** The rows past the cursor (none for the first and the last page). */
export function seekAfter(keys: Keyset, pos: Position): SQL | undefined {
  if (pos.kind !== 'after' && pos.kind !== 'before') return undefined;
  const id = keys.idType === 'uuid' ? sql`${pos.id}::uuid` : sql`${pos.id}::text`;
  const at = sql`${pos.at}::${sql.raw(keys.atType ?? 'timestamptz')}`;
  return pos.kind === 'after'
    ? sql`(${keys.at}, ${keys.id}) < (${at}, ${id})`
    : sql`(${keys.at}, ${keys.id}) > (${at}, ${id})`;
}

/** Reading towards the start: oldest first (the rows are turned round). */
const readsBackwards = (pos: Position) => pos.kind === 'before' || pos.kind === 'last';

/** Newest first, or oldest first when reading towards the start (the rows are turned round). */
export function keyOrder(keys: Keyset, pos: Position): SQL[] {
  return readsBackwards(pos)
    ? [sql`${keys.at} asc`, sql`${keys.id} asc`]
    : [sql`${keys.at} desc`, sql`${keys.id} desc`];
}

/**
 * One page of keys: `fetch` runs the list's own query (its filters, plus the seek condition,
 * order and limit given here) and answers the sort keys of its rows.
 */
export function keysetPage<K extends KeyRow>(
  keys: Keyset,
  cursor: string | undefined,
  pageSize: number,
  fetch: (seek: SQL | undefined, orderBy: SQL[], limit: number, direction: 'asc' | 'desc') => Promise<K[]>,
): Promise<{ rows: K[]; nextCursor: string | null; prevCursor: string | null }> {
  return walkPage(
    keys,
    cursor,
    pageSize,
    (pos, limit) =>
      fetch(seekAfter(keys, pos), keyOrder(keys, pos), limit, readsBackwards(pos) ? 'asc' : 'desc'),
    (row) => row,
  );
}

/**
 * A page of any keyset list, however its rows are read: `read` answers the rows from `pos` in
 * reading order (newest first from the first page or after a cursor; oldest first towards the
 * start), at least `limit` of them when that many remain. A page towards the start that comes
 * back short is the first page (rows were deleted meanwhile): it is read again as the first page;
 * a page past the end that comes back empty is read as the last page. `keyOf` is a row's place
 * in the list, written into the cursors either side.
 */
export async function walkPage<R>(
  keys: Pick<Keyset, 'list' | 'idType' | 'atType'>,
  cursor: string | undefined,
  pageSize: number,
  read: (pos: Position, limit: number) => Promise<R[]>,
  keyOf: (row: R) => KeyRow,
): Promise<{ rows: R[]; nextCursor: string | null; prevCursor: string | null }> {
  const readPage = async (pos: Position) => {
    const found = await read(pos, pageSize + 1);
    const more = found.length > pageSize;
    const rows = found.slice(0, pageSize);
    if (readsBackwards(pos)) rows.reverse();
    return { rows, more };
  };
  let pos = readCursor(keys, cursor);
  let { rows, more } = await readPage(pos);
  if (pos.kind === 'before' && !more && rows.length < pageSize) {
    pos = { kind: 'first' };
    ({ rows, more } = await readPage(pos));
  } else if (pos.kind === 'after' && rows.length === 0) {
    pos = { kind: 'last' };
    ({ rows, more } = await readPage(pos));
  }
  const first = rows[0];
  const last = rows.at(-1);
  const hasNewer = pos.kind === 'after' || (readsBackwards(pos) && more);
  const hasOlder = pos.kind === 'before' || ((pos.kind === 'first' || pos.kind === 'after') && more);
  return {
    rows,
    nextCursor: hasOlder && last ? writeCursor(keys.list, 'after', keyOf(last)) : null,
    prevCursor: hasNewer && first ? writeCursor(keys.list, 'before', keyOf(first)) : null,
  };
}

/**
 * How many rows of `table` match `where`, counting at most `cap` + 1 of them (COUNT_CAP, or
 * SEARCH_COUNT_CAP for a search). A search for words inside a text (`walk: keys`) counts in the
 * list's own order like its page: a common word is found in the first rows read, instead of
 * every match being gathered from the trigram index before the count stops (a rare one still
 * takes that index). A search by a text's start counts in its own index's order, the first
 * matches it reads.
 */
export async function cappedCount(
  db: DbOrTx,
  table: PgTable,
  where: SQL | undefined,
  search?: { walk?: Keyset },
): Promise<{ total: number; totalCapped: boolean }> {
  const cap = search ? SEARCH_COUNT_CAP : COUNT_CAP;
  const matching = db
    .select({ one: sql`1`.as('one') })
    .from(table)
    .where(where);
  const capped = (search?.walk ? matching.orderBy(...keyOrder(search.walk, { kind: 'first' })) : matching)
    .limit(cap + 1)
    .as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return cappedTotal(Number(row?.n ?? 0), cap);
}

/** A list's total as a count answers it: above `cap`, the cap and "more than". */
export const cappedTotal = (n: number, cap = COUNT_CAP): { total: number; totalCapped: boolean } =>
  n > cap ? { total: cap, totalCapped: true } : { total: n, totalCapped: false };

/**
 * A whole keyset answer of a list that needs no second read: `fetch` answers the page's rows
 * with their sort keys, `view` turns each into what the API shows, and the count is capped.
 */
export async function cursorPageOf<K extends KeyRow, V>(
  db: DbOrTx,
  list:
    | { keys: Keyset; table: PgTable; where: SQL | undefined }
    | { keys: Keyset; keptCount: number | Promise<number> },
  query: CursorQuery,
  fetch: (seek: SQL | undefined, orderBy: SQL[], limit: number) => Promise<K[]>,
  view: (row: K) => V,
): Promise<CursorPage<V>> {
  // A list whose count a trigger keeps (`keptCount`) reads no rows to count them.
  const [page, counted] = await Promise.all([
    keysetPage(list.keys, query.cursor, query.pageSize, fetch),
    'keptCount' in list
      ? Promise.resolve(list.keptCount).then((n) => cappedTotal(n))
      : cappedCount(db, list.table, list.where),
  ]);
  return {
    items: page.rows.map(view),
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
    ...counted,
  };
}
