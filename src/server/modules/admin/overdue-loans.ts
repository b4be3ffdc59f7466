import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@server/db/client';
import { foldCounters } from '@server/db/counters';
import { adminCounters, orders } from '@server/db/schema';
import { now } from '@server/lib/clock';

// D21's overdue loans (Delivered, past their due time) counted without reading each one: the
// dashboard's card and the Needs you now count both ask, and at 1M orders about 89,000 loans are
// overdue (docs/performance.md, "Skewed growth"). Migration 0056 keeps the Delivered loans
// counted by their due time's UTC day ('loans-due:YYYY-MM-DD'); a due time never moves with the
// clock, so every loan of a day before today's is overdue, and of today's only those already past.

/** The counters' names, as order_kept_counters() writes them: they sort as their days do. */
const LOANS_DUE = 'loans-due:';
const loansDueCounter = (day: Date) => `${LOANS_DUE}${day.toISOString().slice(0, 10)}`;
const utcDayStart = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

/** How many loans are overdue on the clock: the kept days before today's, and today's read on orders_due_idx. */
export async function countOverdueLoans(db: DbOrTx): Promise<number> {
  const at = now();
  const today = utcDayStart(at);
  const parts = await db.transaction(async (tx) => {
    await foldCounters(tx);
    // One statement, planned once; today's part reads one day's loans at most.
    return unionAll(
      tx
        .select({ n: sql<string>`coalesce(sum(${adminCounters.n}), 0)::bigint`.as('n') })
        .from(adminCounters)
        .where(and(gte(adminCounters.name, LOANS_DUE), lt(adminCounters.name, loansDueCounter(today)))),
      tx
        .select({ n: sql<string>`count(*)::bigint`.as('n') })
        .from(orders)
        .where(and(eq(orders.status, 'Delivered'), gte(orders.dueAt, today), lt(orders.dueAt, at))),
    );
  });
  return parts.reduce((sum, part) => sum + Number(part.n), 0);
}
