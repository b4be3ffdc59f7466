import { isUuid } from '@domain/ids';
import { SORT_KEYS, type SortKey } from '@domain/constants';
import { AppError } from '@server/lib/errors';
import type { RowKey } from './catalog-delta';

// A catalog cursor names one row's place in a sort and a direction: "the books after (or
// before) this row". Opaque to clients (base64url of a small JSON array), it carries the
// direction and the sort's own keys, so one `cursor` parameter pages both ways (docs/api.md,
// "Paging"), and
// a page asked by cursor is an index range scan from that place, however deep (D17). A row
// added or removed between two pages moves no other row across the cursor: nothing is skipped
// or shown twice.

/** Which keys each sort reads, in its order (service.ts SORT_GROUPS). */
const KEYS_OF: Record<SortKey, (keyof RowKey)[]> = {
  newest: ['created', 'id'],
  oldest: ['created', 'id'],
  'price-low': ['price', 'created', 'id'],
  'price-high': ['price', 'created', 'id'],
  'title-az': ['title', 'id'],
  'title-za': ['title', 'id'],
};

const DIGITS = /^-?\d{1,19}$/;

/** Which way from the cursor's row a page reads. */
export type CursorSide = 'after' | 'before';
const SIDE_MARK: Record<CursorSide, string> = { after: 'a', before: 'b' };

/** The cursor of the books `side` of `key` in `sort`. */
export function encodeCursor(sort: SortKey, side: CursorSide, key: RowKey): string {
  const values = KEYS_OF[sort].map((name) =>
    typeof key[name] === 'bigint' ? key[name].toString() : key[name],
  );
  return Buffer.from(JSON.stringify([sort, SIDE_MARK[side], ...values])).toString('base64url');
}

const invalid = () => new AppError('INVALID_CURSOR');

/**
 * The side and row key a cursor names (fields its sort does not read are zero), or
 * INVALID_CURSOR when it is not one of ours or belongs to another sort (a URL edited by hand,
 * or an old link).
 */
export function decodeCursor(sort: SortKey, cursor: string): { side: CursorSide; key: RowKey } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed[0] !== sort || !SORT_KEYS.includes(parsed[0])) throw invalid();
  const side = parsed[1] === SIDE_MARK.after ? 'after' : parsed[1] === SIDE_MARK.before ? 'before' : null;
  if (side === null) throw invalid();
  const names = KEYS_OF[sort];
  const values = parsed.slice(2);
  if (values.length !== names.length || !values.every((v) => typeof v === 'string')) throw invalid();
  const key: RowKey = { id: '', created: 0n, price: 0n, title: '' };
  names.forEach((name, i) => {
    const value = values[i] as string;
    if (name === 'id') {
      if (!isUuid(value)) throw invalid();
      key.id = value;
    } else if (name === 'title') {
      if (value.length > 1000) throw invalid();
      key.title = value;
    } else {
      if (!DIGITS.test(value)) throw invalid();
      key[name] = BigInt(value);
    }
  });
  return { side, key };
}
