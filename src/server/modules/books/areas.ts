import type { CatalogAreas } from '@domain/api-types';
import type { DbOrTx } from '@server/db/client';
import { positiveCounters } from '@server/db/counters';

// D38: the catalog's area filter offers the areas that exist, the owners' locations of the
// books that can be borrowed now (docs/product/decisions.md#d38). Pickup points are not areas:
// a book is where its owner is, and a pickup point is only where an order may be handed over.
// Every catalog page asks for the list, so it is kept per catalog version: a write to any book
// (an owner moving moves their books, migration 0015) moves the version and so the list. The
// counts themselves are kept by PostgreSQL per area (migration 0047), so reading them again
// after a write reads one row per area, not every listed book.

const kept = new WeakMap<object, { version: number; areas: Promise<CatalogAreas> }>();

async function queryAreas(db: DbOrTx): Promise<CatalogAreas> {
  const rows = await positiveCounters(db, 'area:');
  return { items: rows.map((row) => ({ area: row.name, books: row.n })) };
}

export async function catalogAreas(db: DbOrTx, readVersion: () => Promise<number>): Promise<CatalogAreas> {
  const version = await readVersion();
  const known = kept.get(db);
  if (known && known.version === version) return known.areas;
  const areas = queryAreas(db);
  kept.set(db, { version, areas });
  areas.catch(() => {
    if (kept.get(db)?.areas === areas) kept.delete(db);
  });
  return areas;
}
