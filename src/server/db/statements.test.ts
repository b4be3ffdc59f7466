import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '@tests/support/database';
import { pickupLocations } from './schema';
import { preparedStatement } from './statements';

// A statement prepared once per database runs on whichever connection it is given: the
// database's, or a transaction's (it sees that transaction's writes, and none after a
// rollback). On PGlite by default, on PostgreSQL when TEST_DATABASE_URL names a server.

describe('a prepared statement', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let builds = 0;
  const byName = preparedStatement((db) => {
    builds++;
    return db
      .select({ id: pickupLocations.id })
      .from(pickupLocations)
      .where(eq(pickupLocations.name, sql.placeholder('name')))
      .prepare('rk_test_location_by_name');
  });

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.migrate();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('is built once and runs in a transaction on the transaction’s connection', async () => {
    const { db } = database;
    expect(await byName(db).execute({ name: 'Lane Test' })).toEqual([]);
    const seenInside = await db
      .transaction(async (tx) => {
        await tx.insert(pickupLocations).values({ name: 'Lane Test', location: 'Ubud', address: 'Jl. 1' });
        const inside = await byName(tx).execute({ name: 'Lane Test' });
        // Rolled back: nothing of it stays.
        throw Object.assign(new Error('roll back'), { inside });
      })
      .catch((err: { inside?: unknown[] }) => err.inside);
    expect(seenInside).toHaveLength(1);
    expect(await byName(db).execute({ name: 'Lane Test' })).toEqual([]);
    expect(builds).toBe(1);
  });
});
