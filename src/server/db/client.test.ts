import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { findTestPostgres } from '@tests/support/database';
import { openDatabase } from './client';

// The PostgreSQL connections the app opens. JIT stays off: compiling took 100-150 ms per
// statement once a table grew past the planner's jit_above_cost (the load bench's catalog
// changes read), for statements that run in a fraction of a millisecond. A transaction's
// `begin` travels with its first statement: one round trip fewer per write.

const serverUrl = await findTestPostgres();

describe.skipIf(!serverUrl)('a PostgreSQL connection', () => {
  it('runs without JIT, and keeps the server settings its URL names', async () => {
    const url = new URL(serverUrl!);
    url.searchParams.set('options', '-c application_name=rakbuku-client-test');
    const database = await openDatabase({ databaseUrl: url.toString() });
    try {
      const settings = (await database.db.execute(
        sql`select current_setting('jit') as jit, current_setting('application_name') as name`,
      )) as unknown as { rows: { jit: string; name: string }[] };
      expect(settings.rows[0]).toEqual({ jit: 'off', name: 'rakbuku-client-test' });
    } finally {
      await database.close();
    }
  });

  it("holds a transaction's begin back and sends it with the statement after it", async () => {
    const database = await openDatabase({ databaseUrl: serverUrl!, poolSize: 1 });
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const client = await pool.connect();
    try {
      // pg reports the status the server last sent: 'I' idle, 'T' in a transaction.
      await client.query('begin');
      expect(client.getTransactionStatus()).toBe('I');
      await client.query('create temporary table held_back (n int)');
      expect(client.getTransactionStatus()).toBe('T');
      await client.query('rollback');
      expect(client.getTransactionStatus()).toBe('I');
      const table = await client.query("select to_regclass('pg_temp.held_back') as t");
      expect(table.rows[0].t).toBeNull();
    } finally {
      client.release();
      await database.close();
    }
  });

  it('rolls back every statement of a failed transaction, the first one included', async () => {
    const database = await openDatabase({ databaseUrl: serverUrl!, poolSize: 1 });
    const { db } = database;
    try {
      await db.execute(sql`create temporary table first_write (n int)`);
      const failed = db.transaction(async (tx) => {
        await tx.execute(sql`insert into first_write values (1)`);
        await tx.execute(sql`insert into first_write values (2)`);
        throw new Error('refused');
      });
      await expect(failed).rejects.toThrow('refused');
      const rows = (await db.execute(sql`select count(*)::int as n from first_write`)) as unknown as {
        rows: { n: number }[];
      };
      expect(rows.rows[0].n).toBe(0);
    } finally {
      await database.close();
    }
  });

  it('does not carry a begin that was never followed into the next use of the connection', async () => {
    const database = await openDatabase({ databaseUrl: serverUrl!, poolSize: 1 });
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    try {
      const first = await pool.connect();
      await first.query('begin');
      first.release();
      const again = await pool.connect();
      try {
        expect(again).toBe(first);
        await again.query('select 1');
        expect(again.getTransactionStatus()).toBe('I');
      } finally {
        again.release();
      }
    } finally {
      await database.close();
    }
  });

  it('keeps two connections open however long it sits idle, and closes the others', async () => {
    // A connection closed after a quiet spell costs the next request its start-up and the
    // backend's first reads of the catalog (docs/performance.md, "Warm connections").
    const database = await openDatabase({ databaseUrl: serverUrl!, poolSize: 6, timeouts: { idleMs: 20 } });
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    try {
      const held = await Promise.all([1, 2, 3, 4, 5].map(() => pool.connect()));
      for (const client of held) client.release();
      expect(pool.totalCount).toBe(5);
      // The idle timers of the three above the warm two close them; none is set for the two.
      await expect.poll(() => pool.totalCount, { timeout: 10_000, interval: 5 }).toBeLessThanOrEqual(2);
      expect(pool.totalCount).toBe(2);
      expect(pool.idleCount).toBe(2);
      const again = await pool.connect();
      expect(held).toContain(again);
      again.release();
    } finally {
      await database.close();
    }
  });
});
