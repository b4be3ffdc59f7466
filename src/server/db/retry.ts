import { AppError } from '@server/lib/errors';
import type { DbOrTx, Tx } from './client';
import { transactionAwaitingWrites } from './unawaited-writes';

// Lock order (docs/architecture.md, "Locks"): orders, then books, then user rows, each group in
// id order. Transactions that follow it do not deadlock each other; should PostgreSQL still pick
// one as a deadlock victim or serialization failure, it is run once more before the member
// hears 409 (never a 500).

const RETRYABLE = new Set(['40001', '40P01']); // serialization_failure, deadlock_detected

function isRetryable(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE.has(code)) return true;
  }
  return false;
}

/**
 * `db.transaction(work)`, run a second time after a deadlock or serialization failure; then 409.
 * `work` may leave writes to answer with the commit (db/unawaited-writes.ts).
 */
export async function transactionWithRetry<T>(db: DbOrTx, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transactionAwaitingWrites(db, work);
    } catch (err) {
      if (!isRetryable(err)) throw err;
      if (attempt >= 2) throw new AppError('CONCURRENT_CHANGE');
    }
  }
}
