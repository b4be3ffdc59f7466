import { isUuid } from '@domain/ids';
import { and, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import { books, orderItems } from '@server/db/schema';
import type { Storage } from '@server/lib/storage';

// An upload stores its photo files before the book row is inserted, so a server killed in
// between leaves files no row names; a deleted book keeps its row but no page shows its
// photos any more. At startup, before this process serves anything, photos whose files were all
// written before it started and that no book that is not deleted names (its cover or its other
// photos) and no order item names (D7 keeps the covers of order history) are removed, from
// the disk or the bucket alike. An upload in flight on another instance is listed before
// the database is asked, and its row is committed milliseconds after its files, so it is found
// referenced.

const BATCH = 500;

export async function sweepOrphanCovers(
  db: DbOrTx,
  storage: Storage,
  { writtenBefore }: { writtenBefore: Date },
): Promise<string[]> {
  // covers/<key>/<variant>.webp, grouped by key; a key with any file written since start is young.
  const covers = new Map<string, { files: string[]; young: boolean }>();
  for await (const entry of storage.list('covers/')) {
    const key = entry.key.split('/')[1] ?? '';
    if (!isUuid(key)) continue;
    const cover = covers.get(key) ?? { files: [], young: false };
    cover.files.push(entry.key);
    if (entry.modifiedAt >= writtenBefore) cover.young = true;
    covers.set(key, cover);
  }
  const candidates = [...covers].filter(([, c]) => !c.young).map(([key]) => key);
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
  for (const key of orphans) {
    for (const file of covers.get(key)?.files ?? []) await storage.delete(file);
  }
  return orphans;
}
