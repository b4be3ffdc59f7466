import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client';

// Each test file gets its own database: PGlite in memory by default, or a fresh database
// on the PostgreSQL server named by TEST_DATABASE_URL (CI sets it).

export async function openTestDatabase(): Promise<Database & { url: string | null }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ databaseUrl: 'memory://' });
    return { ...database, url: null };
  }
  const name = `rakbuku_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 20 });
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
