import type { SQL } from 'drizzle-orm';
import type { Db } from '@server/db/client';

/**
 * A transaction on one of `db`'s connections that runs `statement` (a lock, say) and then stays
 * open, holding that connection and its locks, until `release()`, which resolves once it ended.
 */
export async function holdTransaction(db: Db, statement: SQL): Promise<{ release(): Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held!: () => void;
  const holding = new Promise<void>((resolve) => {
    held = resolve;
  });
  const transaction = db.transaction(async (tx) => {
    await tx.execute(statement);
    held();
    await released;
  });
  // A statement that failed ended the transaction before it held anything: heard here.
  await Promise.race([holding, transaction]);
  return {
    release: async () => {
      release();
      await transaction;
    },
  };
}
