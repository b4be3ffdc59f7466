import { isUuid } from '@domain/ids';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import { books, orderItems } from '@server/db/schema';

// An upload stores its cover files before the book row is inserted, so a server killed in
// between leaves files no row names. At startup, before this process serves anything, cover
// folders written before it started and named by no book and no order item (D7 keeps the
// covers of order history) are removed. A folder from an upload in flight on another instance
// is listed before the database is asked, and its row is committed milliseconds after its
// files, so it is found referenced.

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
    if (!isUuid(name)) continue;
    const info = await stat(join(dir, name)).catch(() => null);
    if (info?.isDirectory() && info.mtime < writtenBefore) candidates.push(name);
  }
  const orphans: string[] = [];
  for (let i = 0; i < candidates.length; i += BATCH) {
    const keys = candidates.slice(i, i + BATCH);
    const used = new Set<string>();
    for (const row of await db
      .select({ key: books.coverKey })
      .from(books)
      .where(inArray(books.coverKey, keys))) {
      used.add(row.key);
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
