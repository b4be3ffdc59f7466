import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '@server/db/client';
import { books, user } from '@server/db/schema';
import { createDiskStorage } from '@server/lib/storage';
import { DEMO_LOGINS, seedDemo } from '@server/seed/demo';
import { findTestPostgres, openTestDatabase } from '@tests/support/database';

// Two PostgreSQL instances started together with SEED_DEMO=true on an empty database: the
// second crashed on the demo admin's duplicate email. Each instance migrates and seeds through
// its own pool, as main.ts does; both must start, and there is one set of demo data.

const serverUrl = await findTestPostgres();

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

describe.skipIf(!serverUrl)('two instances seeding one fresh PostgreSQL database at once', () => {
  const opened: Database[] = [];
  const folders: string[] = [];
  let fresh: Awaited<ReturnType<typeof openTestDatabase>> | null = null;
  afterAll(async () => {
    for (const database of opened) await database.close();
    await fresh?.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('both succeed, one seeds, the other finds it done; one set of demo data, no stray covers', {
    timeout: 240_000,
  }, async () => {
    fresh = await openTestDatabase(serverUrl!);
    const instances = await Promise.all(
      [0, 1].map(async () => {
        const database = await openDatabase({ databaseUrl: fresh!.url!, poolSize: 4 });
        opened.push(database);
        const folder = mkdtempSync(join(tmpdir(), 'rakbuku-seed-race-'));
        folders.push(folder);
        return { database, folder, storage: createDiskStorage(join(folder, 'uploads')) };
      }),
    );

    // As main.ts: migrate (one at a time under the lock), then seed, both instances at once.
    const results = await Promise.all(
      instances.map(async ({ database, storage }) => {
        await database.migrate();
        return seedDemo({ db: database.db, storage });
      }),
    );
    expect([...results].sort()).toEqual([false, true]);

    const { db } = fresh;
    const admins = await db.select().from(user).where(eq(user.email, DEMO_LOGINS[0].email));
    expect(admins).toHaveLength(1);
    for (const login of DEMO_LOGINS) {
      const [{ n }] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(user)
        .where(eq(user.email, login.email));
      expect(n, login.email).toBe(1);
    }
    // One set of books: every cover the database names is in the winner's folder, and the
    // loser kept none of the covers it drew before it found the demo there.
    const rows = await db.select({ coverKey: books.coverKey }).from(books);
    const winner = instances[results.indexOf(true)];
    const loser = instances[results.indexOf(false)];
    const winnerFiles = filesUnder(winner.folder);
    expect(winnerFiles.length).toBeGreaterThanOrEqual(rows.length);
    expect(new Set(rows.map((r) => r.coverKey)).size).toBe(rows.length);
    expect(filesUnder(loser.folder)).toEqual([]);

    // A third start later finds it seeded and changes nothing.
    expect(await seedDemo({ db: instances[0].database.db, storage: instances[0].storage })).toBe(false);
    const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(books);
    expect(total).toBe(rows.length);
  });
});
