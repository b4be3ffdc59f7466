import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { and, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import { books, orderItems } from '@server/db/schema';

// An upload stores its photo files before the book row is inserted, so a server killed in
// between leaves files no row names; a deleted book (D7) keeps its row but no page shows its
// photos any more. At startup, before this process serves anything, photo folders written
// before it started and named by no book that is not deleted (its cover or its other photos,
// D18) and no order item (D7 keeps the covers of order history) are removed. A folder from an upload in flight on another instance
// is listed before the database is asked, and its row is committed milliseconds after its
// files, so it is found referenced.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BATCH = 500;

export async function sweepOrphanCovers(
  db: DbOrTx,
  uploadsRoot: string,
  { writtenBefore }: { writtenBefore: Date },
): Promise<string[]> {
  const dir = join(uploadsRoot, 'covers');
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return []; // no uploads yet
  }
  const candidates: string[] = [];
  for (const name of names) {
    if (!UUID.test(name)) continue;
    const info = await stat(join(dir, name)).catch(() => null);
    if (info?.isDirectory() && info.mtime < writtenBefore) candidates.push(name);
  }
  const orphans: string[] = [];
  for (let i = 0; i < candidates.length; i += BATCH) {
    const keys = candidates.slice(i, i + BATCH);
    const used = new Set<string>();
    for (const row of await db
      .select({ cover: books.coverKey, extra: books.extraPhotoKeys })
      .from(books)
      .where(
        and(
          isNull(books.deletedAt),
          or(
            inArray(books.coverKey, keys),
            sql`${books.extraPhotoKeys} && array[${sql.join(
              keys.map((k) => sql`${k}`),
              sql`, `,
            )}]::text[]`,
          ),
        ),
      )) {
      for (const key of [row.cover, ...row.extra]) used.add(key);
    }
    for (const row of await db
      .select({ key: orderItems.coverKey })
      .from(orderItems)
      .where(inArray(orderItems.coverKey, keys))) {
      used.add(row.key);
    }
    orphans.push(...keys.filter((k) => !used.has(k)));
  }
  for (const key of orphans) await rm(join(dir, key), { recursive: true, force: true });
  return orphans;
}
