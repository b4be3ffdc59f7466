import { and, asc, gt, inArray, like, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { adminCounterDeltas, adminCounters } from './schema';

// Counts kept by statement triggers (migrations 0017 and 0047): a writer appends its change to
// admin_counter_deltas, never waiting on another writer; a reader folds every delta logged so
// far into admin_counters and reads the totals there. Folds in name order, so two folding at once
// take the counters' rows in the same order and never wait on each other the other way round.

/** Every counter's total, after folding the logged deltas in (call it in a transaction). */
export async function foldCounters(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`with moved as (delete from ${adminCounterDeltas} returning name, delta)
    insert into ${adminCounters} (name, n) select name, sum(delta) from moved group by name order by name
    on conflict (name) do update set n = ${adminCounters}.n + excluded.n`);
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
