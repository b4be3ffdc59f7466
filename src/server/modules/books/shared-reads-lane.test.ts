import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookPage } from '@domain/api-types';
import { bookQuerySchema } from '@domain/schemas/book-query';
import { type Database, openDatabase } from '@server/db/client';
import { currentVersions } from '@server/db/versions';
import { holdTransaction } from '@tests/support/held-transaction';
import { createBook, createUser } from '@server/seed/factories';
import { findTestPostgres, openTestDatabase } from '@tests/support/database';
import { catalogCacheOf } from './catalog-cache';
import { listBooksJson } from './service';

// Nearly every request waits for the shared read of the versions, and a catalog request after
// a change for the shared read of the changes. Under load every pooled connection is often busy
// in a transaction, so those reads have connections of their own (db/client.ts): a cached page
// then answers without waiting for the pool. Here the pool has one connection, held open by a
// transaction, while a change commits elsewhere. PostgreSQL only (PGlite has one connection).

const serverUrl = await findTestPostgres();

/** The value, or a failure when it takes longer than `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`waited over ${ms} ms`)), ms)),
  ]);
}

describe.skipIf(!serverUrl)('the shared reads while every pooled connection is busy', () => {
  let real: Awaited<ReturnType<typeof openTestDatabase>>;
  let database: Database;
  let ownerId: string;

  beforeAll(async () => {
    real = await openTestDatabase(serverUrl!);
    await real.migrate();
    ownerId = (await createUser(real.db)).id;
    for (let i = 0; i < 3; i++) await createBook(real.db, { ownerId });
    database = await openDatabase({ databaseUrl: real.url!, poolSize: 1 });
  });
  afterAll(async () => {
    await database?.close();
    await real?.close();
  });

  it('reads the versions and the catalog changes without waiting for the pool', async () => {
    const { db } = database;
    const query = bookQuerySchema.parse({ sort: 'oldest' });
    const first = JSON.parse((await listBooksJson(db, query)).text) as BookPage;
    expect(first.items).toHaveLength(3);
    const before = await currentVersions(db);

    // The pool's only connection, busy until released.
    const busy = await holdTransaction(db, sql`select 1`);
    try {
      // Another instance adds a book the catalog does not show: the catalog version moves.
      await createBook(real.db, { ownerId, status: 'Unavailable' });
      const after = await within(currentVersions(db), 3000);
      expect(after.catalog).toBeGreaterThan(before.catalog);
      // The cache reads that change, which leaves its page as it is: a hit.
      const cache = catalogCacheOf(db);
      const hits = cache.stats.hits;
      await within(cache.reach(after.catalog), 3000);
      expect(cache.version).toBe(after.catalog);
      const again = JSON.parse((await within(listBooksJson(db, query), 3000)).text) as BookPage;
      expect(again).toEqual(first);
      expect(cache.stats.hits).toBe(hits + 1);
    } finally {
      await busy.release();
    }
  });
});
