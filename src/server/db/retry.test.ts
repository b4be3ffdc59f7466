import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@server/lib/errors';
import { openTestDatabase } from '@tests/support/database';
import type { Database } from './client';
import { transactionWithRetry } from './retry';

// A deadlock victim or a serialization failure is run once more, then 409.

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** The error node-postgres raises (drizzle wraps it in `cause`). */
const pgError = (code: string) =>
  Object.assign(new Error('Failed query'), {
    cause: Object.assign(new Error('deadlock detected'), { code }),
  });

describe('transactionWithRetry', () => {
  it('runs the transaction again after a deadlock, then answers with its result', async () => {
    let runs = 0;
    const result = await transactionWithRetry(database.db, async (tx) => {
      runs++;
      await tx.execute(sql`select 1`);
      if (runs === 1) throw pgError('40P01');
      return 'done';
    });
    expect({ runs, result }).toEqual({ runs: 2, result: 'done' });
  });

  it('answers 409 after a second serialization failure, and never retries other errors', async () => {
    let runs = 0;
    const failing = transactionWithRetry(database.db, async () => {
      runs++;
      throw pgError('40001');
    });
    await expect(failing).rejects.toEqual(new AppError('CONCURRENT_CHANGE'));
    expect(runs).toBe(2);

    let other = 0;
    await expect(
      transactionWithRetry(database.db, async () => {
        other++;
        throw pgError('23505');
      }),
    ).rejects.toThrow('Failed query');
    expect(other).toBe(1);
  });
});
