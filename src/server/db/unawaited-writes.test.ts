import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTestPostgres, openTestDatabase } from '@tests/support/database';
import { holdTransaction } from '@tests/support/held-transaction';
import type { Database, DbOrTx, Tx } from './client';
import { transactionWithRetry } from './retry';
import { sendWithCommit, writeWithoutWaiting } from './unawaited-writes';

// A write left to answer with the commit is never lost and never hides its failure: the
// transaction ends with its error and keeps nothing. On PGlite and on PostgreSQL
// (TEST_DATABASE_URL); the round trip it saves needs PostgreSQL's concurrency to be seen.

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`create table probe (id integer primary key)`);
});
afterAll(() => database.close());

/** The rows a raw select answers, on either driver. */
const rowsOf = async <R>(db: DbOrTx, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: R[] }).rows;

async function probeIds(): Promise<number[]> {
  return (await rowsOf<{ id: number }>(database.db, sql`select id from probe order by id`)).map(
    (row) => row.id,
  );
}

/** The PostgreSQL error code an error carries (drizzle wraps it in `cause`). */
function codeOf(err: unknown): unknown {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return null;
}

describe('writes left to answer with the commit', () => {
  it('are committed with the transaction', async () => {
    const result = await transactionWithRetry(database.db, async (tx) => {
      await writeWithoutWaiting(tx, tx.execute(sql`insert into probe values (1)`));
      await writeWithoutWaiting(tx, tx.execute(sql`insert into probe values (2)`));
      return 'done';
    });
    expect(result).toBe('done');
    expect(await probeIds()).toEqual([1, 2]);
  });

  /** The error a transaction of `work` ended with. */
  const errorOf = (work: (tx: Tx) => Promise<unknown>) =>
    transactionWithRetry(database.db, work).then(
      () => null,
      (e: unknown) => e,
    );

  it('a failed one ends the transaction with its own error and keeps nothing of it, even when nothing came after', async () => {
    const err = await errorOf(async (tx) => {
      await tx.execute(sql`insert into probe values (10)`);
      await writeWithoutWaiting(tx, tx.execute(sql`insert into probe values (1)`)); // taken
    });
    expect(codeOf(err)).toBe('23505');
    expect(await probeIds()).toEqual([1, 2]);
  });

  it("a failed one followed by other statements: the error is the write's, not the aborted transaction's", async () => {
    const err = await errorOf(async (tx) => {
      await writeWithoutWaiting(tx, tx.execute(sql`insert into probe values (2)`)); // taken
      await tx.execute(sql`insert into probe values (11)`);
    });
    expect(codeOf(err)).toBe('23505');
    expect(await probeIds()).toEqual([1, 2]);
  });

  it("a write's answer, read once the transaction has ended, is the rows it wrote", async () => {
    const { answer } = await transactionWithRetry(database.db, (tx) =>
      sendWithCommit(tx, rowsOf<{ id: number }>(tx, sql`insert into probe values (4), (5) returning id`)),
    );
    expect(await answer).toEqual([{ id: 4 }, { id: 5 }]);
    await database.db.execute(sql`delete from probe where id in (4, 5)`);
  });

  it('a write whose answer is kept for later still ends its transaction with its own error when it fails', async () => {
    const err = await errorOf(async (tx) => {
      await sendWithCommit(tx, tx.execute(sql`insert into probe values (12), (1)`)); // 1 is taken
      await writeWithoutWaiting(tx, tx.execute(sql`insert into probe values (13)`));
    });
    expect(codeOf(err)).toBe('23505');
    expect(await probeIds()).toEqual([1, 2]);
  });

  it('outside such a transaction the write is waited for where it is made', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await writeWithoutWaiting(tx, tx.execute(sql`insert into probe values (1)`)); // taken
        return 'not reached';
      }),
    ).rejects.toSatisfy((e) => codeOf(e) === '23505');
    await writeWithoutWaiting(database.db, database.db.execute(sql`insert into probe values (3)`));
    expect(await probeIds()).toEqual([1, 2, 3]);
  });
});

const serverUrl = await findTestPostgres();

describe.skipIf(!serverUrl)('on PostgreSQL, the transaction goes on before the write answers', () => {
  let server: Database;
  beforeAll(async () => {
    server = await openTestDatabase(serverUrl);
    await server.db.execute(sql`create table probe (id integer primary key, n integer not null)`);
    await server.db.execute(sql`insert into probe values (1, 0)`);
  });
  afterAll(() => server?.close());

  it('a write waiting for a lock another transaction holds lets its transaction go on, and commits', async () => {
    const row = await holdTransaction(server.db, sql`select 1 from probe where id = 1 for update`);
    const steps: string[] = [];
    const writer = transactionWithRetry(server.db, async (tx) => {
      await writeWithoutWaiting(tx, tx.execute(sql`update probe set n = n + 1 where id = 1`));
      // Reached while the update still waits for the row: nothing waited for its answer.
      steps.push('went on');
      await row.release();
      return 'committed';
    });
    expect(await writer).toBe('committed');
    expect(steps).toEqual(['went on']);
    expect(await rowsOf(server.db, sql`select n from probe where id = 1`)).toEqual([{ n: 1 }]);
  });

  it('so does a write whose answer is read after the commit, and the answer is its rows', async () => {
    const row = await holdTransaction(server.db, sql`select 1 from probe where id = 1 for update`);
    const steps: string[] = [];
    const sent = await transactionWithRetry(server.db, async (tx) => {
      const kept = await sendWithCommit(
        tx,
        rowsOf<{ n: number }>(tx, sql`update probe set n = n + 1 where id = 1 returning n`),
      );
      steps.push('went on');
      await row.release();
      return kept;
    });
    expect(steps).toEqual(['went on']);
    expect(await sent.answer).toEqual([{ n: 2 }]);
  });
});
