import { isUuid } from '@domain/ids';
import { SORT_KEYS, type SortKey } from '@domain/constants';
import { AppError } from '@server/lib/errors';
import type { RowKey } from './catalog-delta';

// A catalog cursor names one row's place in a sort: "the books after (or before) this row".
// Opaque to clients (base64url of a small JSON array), it carries only the sort's own keys, so
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

/** The cursor of `key` in `sort`. */
export function encodeCursor(sort: SortKey, key: RowKey): string {
  const values = KEYS_OF[sort].map((name) =>
    typeof key[name] === 'bigint' ? key[name].toString() : key[name],
  );
  return Buffer.from(JSON.stringify([sort, ...values])).toString('base64url');
}

const invalid = () => new AppError('INVALID_CURSOR');

/**
 * The row key a cursor names (fields its sort does not read are zero), or INVALID_CURSOR when
 * it is not one of ours or belongs to another sort (a URL edited by hand, or an old link).
 */
export function decodeCursor(sort: SortKey, cursor: string): RowKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed[0] !== sort || !SORT_KEYS.includes(parsed[0])) throw invalid();
  const names = KEYS_OF[sort];
  const values = parsed.slice(1);
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
  return key;
}
