import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@server/db/client';
import { foldCounters } from '@server/db/counters';
import { adminCounters, orders } from '@server/db/schema';
import { now } from '@server/lib/clock';

// The admin's counts kept by the database (migrations 0017 and 0056), read after one fold in one
// statement: the dashboard's cards and the Needs you now count both ask for several at once.
//
// Among them D21's overdue loans (Delivered, past their due time): at 1M orders about 89,000 are
// overdue (docs/performance.md, "Skewed growth"), and counting them read each. The orders'
// trigger keeps the Delivered loans counted by their due time's UTC day ('loans-due:YYYY-MM-DD');
// a due time never moves with the clock, so every loan of a day before today's is overdue, and of
// today's only those already past, which are read on orders_due_idx (one day's loans at most).

/** The name the overdue loans are asked for by (no counter is named so). */
export const OVERDUE_LOANS = 'overdue-loans';

/** The days' counters, as order_kept_counters() names them: they sort as their days do. */
const LOANS_DUE = 'loans-due:';
const loansDueCounter = (day: Date) => `${LOANS_DUE}${day.toISOString().slice(0, 10)}`;
const utcDayStart = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

/** These counters' totals (OVERDUE_LOANS among them if asked, on the clock), by name. */
export async function keptCounts(db: DbOrTx, names: string[]): Promise<Map<string, number>> {
  const at = now();
  const today = utcDayStart(at);
  const rows = await db.transaction(async (tx) => {
    await foldCounters(tx);
    const named = tx
      .select({ name: adminCounters.name, n: sql<string>`${adminCounters.n}::bigint`.as('n') })
      .from(adminCounters)
      .where(inArray(adminCounters.name, names));
    if (!names.includes(OVERDUE_LOANS)) return named;
    return unionAll(
      named,
      tx
        .select({
          name: sql<string>`${OVERDUE_LOANS}`.as('name'),
          n: sql<string>`coalesce(sum(${adminCounters.n}), 0)::bigint`.as('n'),
        })
        .from(adminCounters)
        .where(and(gte(adminCounters.name, LOANS_DUE), lt(adminCounters.name, loansDueCounter(today)))),
      tx
        .select({ name: sql<string>`${OVERDUE_LOANS}`.as('name'), n: sql<string>`count(*)::bigint`.as('n') })
        .from(orders)
        .where(and(eq(orders.status, 'Delivered'), gte(orders.dueAt, today), lt(orders.dueAt, at))),
    );
  });
  const totals = new Map(names.map((name) => [name, 0]));
  // The overdue loans come in two rows (the days before today, today); a counter in one.
  for (const row of rows) totals.set(row.name, (totals.get(row.name) ?? 0) + Number(row.n));
  return totals;
}
