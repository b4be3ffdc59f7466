import { and, asc, gt, inArray, like, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { adminCounterDeltas, adminCounters } from './schema';

// Counts kept by statement triggers (migrations 0017 and 0047): a writer appends its change to
// admin_counter_deltas, never waiting on another writer; a reader folds every delta logged so
// far into admin_counters and reads the totals there; the server folds them too, in bounded
// batches, when it starts and on each worker pass (foldBacklog). Folds in name order, so two
// folding at once take the counters' rows in the same order and never wait on each other the
// other way round.

/**
 * One fold: moves the logged deltas (at most `batch` of them, else all) into the totals and
 * answers how many it moved. Both drivers (PGlite, node-postgres) answer the rows as `rows`.
 */
async function foldOnce(db: DbOrTx, batch?: number): Promise<number> {
  const chosen =
    batch === undefined
      ? sql``
      : sql`where ctid = any(array(select ctid from ${adminCounterDeltas} limit ${batch}))`;
  const { rows } =
    (await db.execute(sql`with moved as (delete from ${adminCounterDeltas} ${chosen} returning name, delta),
      folded as (
        insert into ${adminCounters} (name, n) select name, sum(delta) from moved group by name order by name
        on conflict (name) do update set n = ${adminCounters}.n + excluded.n)
      select count(*)::int as n from moved`)) as unknown as { rows: { n: number }[] };
  return Number(rows[0]?.n ?? 0);
}

/** Every counter's total, after folding the logged deltas in (call it in a transaction). */
export async function foldCounters(tx: DbOrTx): Promise<void> {
  await foldOnce(tx);
}

/** Deltas one fold of the backlog moves at most: it holds their rows until its statement ends. */
const FOLD_BATCH = 5_000;

/**
 * Folds the logged deltas in batches, each its own statement, until the log is shorter than a
 * batch; answers how many it moved. Run when the server starts and on each worker pass, so the
 * fold a read does is what was logged since (a bulk load made while the server was down, like
 * the growth seed's 19,000 deltas at 100k, took the first read of /api/areas 51-271 ms to fold).
 */
export async function foldBacklog(db: DbOrTx, batch = FOLD_BATCH): Promise<number> {
  let moved = 0;
  for (;;) {
    const n = await foldOnce(db, batch);
    moved += n;
    if (n < batch) return moved;
  }
}

/** The counters whose name starts with `prefix` and whose total is above zero, by name. */
export async function positiveCounters(db: DbOrTx, prefix: string): Promise<{ name: string; n: number }[]> {
  const rows = await db.transaction(async (tx) => {
    await foldCounters(tx);
    return tx
      .select({ name: sql<string>`substr(${adminCounters.name}, ${prefix.length + 1})`, n: adminCounters.n })
      .from(adminCounters)
      .where(and(like(adminCounters.name, `${prefix}%`), gt(adminCounters.n, 0)))
      .orderBy(asc(sql`substr(${adminCounters.name}, ${prefix.length + 1})`));
  });
  return rows.map((r) => ({ name: r.name, n: Number(r.n) }));
}

/** These counters' totals, in the order named, after folding the logged deltas in. */
export async function countersOf(db: DbOrTx, names: string[]): Promise<number[]> {
  const rows = await db.transaction(async (tx) => {
    await foldCounters(tx);
    return tx.select().from(adminCounters).where(inArray(adminCounters.name, names));
  });
  return names.map((name) => Number(rows.find((r) => r.name === name)?.n ?? 0));
}
