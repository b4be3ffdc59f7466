import type { DbOrTx, Tx } from './types';

// A write whose answer nothing in its transaction reads (a queued notice, an armed timer) need
// not be waited for where it is made. On PostgreSQL a connection runs its statements in the order
// they were sent (db/client.ts pipelines them), so the write still runs before everything the
// transaction sends after it, the `commit` included, and its answer arrives with the commit's:
// the write and the commit cost one round trip, not two. Under load a round trip is a wait in
// the event loop, and checkout's notices, timers and commit were three of them.
//
// Nothing is lost that way. A write that fails aborts its transaction on the server, every
// statement after it fails, and the `commit` is answered as a rollback (without an error, which
// is why the writes are awaited once the transaction ends). The transaction then ends with the
// write's own error, which also decides whether it is retried (db/retry.ts).

// PGlite has no round trip to save (one connection, in this process), and a statement sent in
// its transaction without being waited for may run after the transaction closed: there every
// write is waited for where it is made.

const pendingWrites = new WeakMap<object, Promise<unknown>[]>();
const pipelined = new WeakSet<object>();

/** db/client.ts: `db`'s connections run statements in the order they were sent (PostgreSQL). */
export function markPipelined(db: object): void {
  pipelined.add(db);
}

/**
 * `write` is a statement on `tx`. Inside a transaction of `transactionAwaitingWrites` on
 * PostgreSQL it is left to answer with the commit and this resolves at once; anywhere else (a
 * plain transaction, a savepoint, no transaction, PGlite) it is waited for here.
 */
export async function writeWithoutWaiting(tx: DbOrTx, write: PromiseLike<unknown>): Promise<void> {
  await sendWithCommit(tx, write);
}

/**
 * As `writeWithoutWaiting`, for a write whose answer is read once the transaction has ended (the
 * rows checkout wrote, for its reply): `answer` is that answer. Read it only after the
 * transaction: inside it, awaiting `answer` is the round trip this saves.
 */
export async function sendWithCommit<T>(tx: DbOrTx, write: PromiseLike<T>): Promise<{ answer: Promise<T> }> {
  const pending = pendingWrites.get(tx);
  // Once: a drizzle query runs again each time it is awaited.
  const answer = Promise.resolve(write);
  if (!pending) {
    await answer;
    return { answer };
  }
  // Heard when the transaction ends; until then a rejection must not count as unhandled.
  answer.catch(() => {});
  pending.push(answer);
  return { answer };
}

/**
 * `db.transaction(work)`, where `work` may leave writes to answer with the commit
 * (`writeWithoutWaiting`): it ends with the first of them that failed, if any, as the
 * transaction did on the server.
 */
export async function transactionAwaitingWrites<T>(db: DbOrTx, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (!pipelined.has(db)) return db.transaction(work);
  const pending: Promise<unknown>[] = [];
  let result: T;
  try {
    result = await db.transaction((tx) => {
      pendingWrites.set(tx, pending);
      return work(tx);
    });
  } catch (err) {
    // A failed write makes every statement after it fail too: its own error is the cause.
    throw (await firstFailure(pending)) ?? err;
  }
  // The commit has answered, and so has every write sent before it.
  const failed = await firstFailure(pending);
  if (failed) throw failed;
  return result;
}

/** The error of the first of `writes` that failed, in the order they were sent; null if none did. */
async function firstFailure(writes: readonly Promise<unknown>[]): Promise<unknown> {
  for (const outcome of await Promise.allSettled(writes)) {
    if (outcome.status === 'rejected') return outcome.reason ?? new Error('a write failed');
  }
  return null;
}
