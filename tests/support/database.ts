import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '@server/db/client';

// Each test file gets its own database: PGlite in memory by default, or a fresh database
// on the PostgreSQL server named by TEST_DATABASE_URL (CI sets it).

/** The local server the machines of this project run (trust auth), used when nothing else is named. */
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A PostgreSQL server for the tests that need one whatever the default database is (two
 * instances on one database): TEST_DATABASE_URL, else the local server when it answers.
 */
export async function findTestPostgres(): Promise<string | null> {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const client = new pg.Client({ connectionString: LOCAL_POSTGRES, connectionTimeoutMillis: 2000 });
  client.on('error', () => {});
  try {
    await client.connect();
    return LOCAL_POSTGRES;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A fresh database on `serverUrl`, or in PGlite when it is null (TEST_DATABASE_URL's choice by default). */
export async function openTestDatabase(
  serverUrl: string | null = process.env.TEST_DATABASE_URL ?? null,
): Promise<Database & { url: string | null }> {
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
