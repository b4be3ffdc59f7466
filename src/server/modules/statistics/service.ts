import { and, eq, inArray, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { addDays, localDate } from '@domain/loan';
import { fromMinor, toMinor } from '@domain/money';
import { STATISTICS_WEEKS, type StatisticsWeek, type WeeklyStatistics } from '@domain/statistics-types';
import type { AppDeps } from '@server/app-env';
import type { DbOrTx } from '@server/db/client';
import {
  books,
  orderItems,
  orders,
  payments,
  paymentTasks,
  payouts,
  statisticsOrders,
  statisticsStale,
  statisticsSums,
  statisticsWeeks,
  statisticsZone,
} from '@server/db/schema';
import { now } from '@server/lib/clock';
import { shareSql } from '@server/modules/payments/service';
import { returnedOnTimeSql } from '@server/modules/reviews/service';

// The admin's Statistics tab: the last 12 weeks of the marketplace, Monday to Sunday in the
// operator's zone (D21). A week's figures are computed once from the rows and kept
// (`statistics_weeks`, migration 0042): a read is then twelve kept rows, whatever the weeks'
// activity (docs/performance.md, "The admin's Statistics tab"). A figure depends only on rows
// dated inside its week (placed, paid, handed over, completed, listed, paid out), so a kept week
// stays exact until one of those rows is written; the migration's statement triggers log every
// such write in `statistics_stale`, whoever makes it, and a read first forgets the weeks logged
// and computes them again from the narrow tables the same kind of triggers keep (migration 0044,
// docs/decisions/0008-statistics-weeks-kept.md): a few index entries per week, whatever its
// activity. In another operator zone than those tables' the weeks are computed from the rows,
// each figure by an indexed range on the moment it happened, grouped by week in PostgreSQL
// (migrations 0031 and 0038). The money is counted as the Finance tab counts it
// (finance/figures-service.ts) and the on-time share as the member's card does
// (reviews/service.ts).

/** One read folds the log and fills the missing weeks at a time, so none keeps a week it forgot. */
const STATISTICS_LOCK = sql`hashtext('statistics-weeks')`;

/** The Monday (YYYY-MM-DD) of the week a local date falls in. */
function mondayOf(date: string): string {
  // 1970-01-05 was a Monday: whole weeks since then.
  const days = Math.round(
    (Date.parse(`${date}T00:00:00Z`) - Date.parse('1970-01-05T00:00:00Z')) / 86_400_000,
  );
  return addDays(date, -(((days % 7) + 7) % 7));
}

/** The week (its local Monday, as text) an instant column falls in. */
const weekOf = (column: AnyPgColumn | SQL, timeZone: string) =>
  sql<string>`to_char(date_trunc('week', ${column} at time zone ${timeZone}), 'YYYY-MM-DD')`;

/**
 * Minutes between two instants, the median over the group (the mean of the middle two when they
 * are even), rounded half up as numeric; null over no rows.
 */
const medianMinutes = (from: AnyPgColumn, to: AnyPgColumn) =>
  sql<
    number | null
  >`round((percentile_cont(0.5) within group (order by extract(epoch from (${to} - ${from}))) / 60)::numeric)::int`;

// The week's expression carries the zone as a parameter, so PostgreSQL cannot match a repeated
// one in GROUP BY: the groups are by the first column instead.
const byFirstColumn = sql`1`;

const total = (value: SQL) => sql<string>`coalesce(sum(${value}), 0)::numeric(14,2)::text`;

type FigureConfig = Pick<AppDeps['config'], 'timeZone' | 'serviceFeePercent'>;

export async function weeklyStatistics(
  deps: Pick<AppDeps, 'db' | 'config'>,
  query: { weeksEnding?: string } = {},
): Promise<WeeklyStatistics> {
  const { config } = deps;
  const tz = config.timeZone;
  const fee = String(config.serviceFeePercent);
  const lastMonday = mondayOf(query.weeksEnding ?? localDate(now(), tz));
  const mondays = Array.from({ length: STATISTICS_WEEKS }, (_, i) =>
    addDays(lastMonday, -7 * (STATISTICS_WEEKS - 1 - i)),
  );
  const weeks = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${STATISTICS_LOCK})`);
    await forgetChangedWeeks(tx, config);
    const kept = await tx
      .select()
      .from(statisticsWeeks)
      .where(
        and(
          eq(statisticsWeeks.timeZone, tz),
          sql`${statisticsWeeks.serviceFeePercent} = ${fee}::numeric`,
          inArray(statisticsWeeks.week, mondays),
        ),
      );
    const byWeek = new Map<string, StatisticsWeek>(kept.map((row) => [row.week, weekOfRow(row)]));
    const missing = mondays.filter((monday) => !byWeek.has(monday));
    const keep = async (fresh: StatisticsWeek[]) => {
      await tx.insert(statisticsWeeks).values(fresh.map((w) => rowOfWeek(w, tz, fee)));
      for (const w of fresh) byWeek.set(w.weekStart, w);
    };
    if (missing.length > 0 && (await narrowZone(tx)) === tz) {
      await keep(await figuresFromNarrow(tx, config, missing));
    } else {
      // In another zone than the narrow tables': from the big tables. Each run of consecutive
      // missing weeks is read in one pass, so a changed week far back and the current one do not
      // read every kept week between them again.
      for (const run of runsOfMissing(mondays, byWeek)) {
        await keep(await figuresFromRows(tx, config, run[0], addDays(run[run.length - 1], 7)));
      }
    }
    return mondays.map((monday) => byWeek.get(monday)!);
  });
  return { timeZone: tz, weeks };
}

/** The zone the narrow tables count weeks in (migration 0044). */
async function narrowZone(tx: DbOrTx): Promise<string | undefined> {
  const [row] = await tx.select({ timeZone: statisticsZone.timeZone }).from(statisticsZone);
  return row?.timeZone;
}

/**
 * The figures of these weeks from the narrow tables the triggers keep (migration 0044): the
 * week's sums and its two medians. The changes the writes appended to a week's sums are folded
 * into one row first (so the next read adds few); a median is read at the middle of the week's index range of durations (the two middle
 * values when they are even), so `percentile_cont` over them equals it over the whole week.
 */
async function figuresFromNarrow(
  tx: DbOrTx,
  config: FigureConfig,
  mondays: string[],
): Promise<StatisticsWeek[]> {
  const so = statisticsOrders;
  const ss = statisticsSums;
  const weeks = sql`${`{${mondays.join(',')}}`}::date[]`;
  const middle = (duration: AnyPgColumn, week: AnyPgColumn, n: SQL) => sql`(
    select round((percentile_cont(0.5) within group (order by m.d) / 60)::numeric)::int
    from (
      select ${duration} as d from ${so}
      where ${week} = w.week and ${duration} is not null
      order by ${duration} offset greatest((${n} - 1) / 2, 0) limit 2 - ${n} % 2
    ) m)`;
  const money = (value: SQL) => sql`coalesce(${value}, 0)::numeric(14,2)::text`;
  const count = (column: string) => sql.raw(`coalesce(s.${column}, 0)::int`);
  type Row = {
    week: string;
    placed: number;
    listed: number;
    active: number;
    paid_median: number | null;
    collected: string;
    rent: string;
    shares: string;
    handed_median: number | null;
    borrowed: number;
    completed: number;
    returned: number;
    on_time: number;
    fees: string;
    paid_out: string;
  };
  // Both drivers (PGlite, node-postgres) answer the rows as `rows`.
  const { rows } = (await tx.execute(sql`
    with folded as (
      delete from ${ss} where ${ss.week} = any(${weeks}) returning *
    ), s as (
      insert into ${ss}
      select week, sum(placed), sum(listed), sum(active), sum(paid), sum(collected), sum(rent), sum(shares),
        sum(unshared), sum(handed), sum(borrowed), sum(completed), sum(returned), sum(on_time),
        sum(gateway_fees), sum(owner_payouts)
      from folded group by week
      returning *
    )
    select to_char(w.week, 'YYYY-MM-DD') as week, ${count('placed')} as placed, ${count('listed')} as listed,
      ${count('active')} as active,
      ${middle(so.secondsToPayment, so.paidWeek, count('paid'))} as paid_median,
      ${money(sql`s.collected`)} as collected, ${money(sql`s.rent`)} as rent,
      -- Orders made before shares were stored: their share at the configured fee (as shareSql).
      ${money(sql`s.shares + case when s.unshared > 0 then (
        select sum(${so.subtotal} - round(${so.subtotal} * ${config.serviceFeePercent} / 100)) from ${so}
        where ${so.paidWeek} = w.week and ${so.sold} and ${so.ownerShare} is null
      ) else 0 end`)} as shares,
      ${middle(so.secondsToHandover, so.deliveredWeek, count('handed'))} as handed_median,
      ${count('borrowed')} as borrowed, ${count('completed')} as completed, ${count('returned')} as returned,
      ${count('on_time')} as on_time, ${money(sql`s.gateway_fees`)} as fees,
      ${money(sql`s.owner_payouts`)} as paid_out
    from unnest(${weeks}) w(week)
    left join s on s.week = w.week
    order by w.week`)) as unknown as { rows: Row[] };
  return rows.map((r) => ({
    weekStart: r.week,
    ordersPlaced: r.placed,
    ordersCompleted: r.completed,
    booksListed: r.listed,
    booksBorrowed: r.borrowed,
    activeMembers: r.active,
    medianMinutesToPayment: r.paid_median,
    medianMinutesToHandover: r.handed_median,
    loansReturned: r.returned,
    loansReturnedOnTime: r.on_time,
    collected: fromMinor(toMinor(r.collected)),
    // The service fee of each order is its rent minus the owner's share (D34), as on Finance.
    serviceFees: fromMinor(toMinor(r.rent) - toMinor(r.shares)),
    gatewayFees: fromMinor(toMinor(r.fees)),
    ownerPayouts: fromMinor(toMinor(r.paid_out)),
  }));
}

/** The weeks without kept figures, in runs of consecutive Mondays. */
function runsOfMissing(mondays: string[], kept: Map<string, unknown>): string[][] {
  const runs: string[][] = [];
  mondays.forEach((monday, i) => {
    if (kept.has(monday)) return;
    if (i > 0 && !kept.has(mondays[i - 1])) runs[runs.length - 1].push(monday);
    else runs.push([monday]);
  });
  return runs;
}

/**
 * Deletes the kept weeks a write logged since the last read (and every week kept for another
 * zone or fee, which the log's days no longer keep in step), emptying the log. The log holds UTC
 * days (migration 0053): a day's first and last instant may fall in two weeks of the zone, and
 * both are forgotten. The weeks are gathered once (an array), not looked up per kept week.
 */
async function forgetChangedWeeks(tx: DbOrTx, config: FigureConfig): Promise<void> {
  const tz = config.timeZone;
  await tx.execute(sql`
    with changed as (delete from ${statisticsStale} returning ${statisticsStale.at}, ${statisticsStale.day})
    delete from ${statisticsWeeks}
    where ${statisticsWeeks.timeZone} <> ${tz}
      or ${statisticsWeeks.serviceFeePercent} <> ${String(config.serviceFeePercent)}::numeric
      or ${statisticsWeeks.week} = any(array(
        select distinct date_trunc('week', x)::date from changed,
          lateral (values (at at time zone ${tz}), ((at + interval '1 day' - interval '1 microsecond') at time zone ${tz}),
            (day::timestamp)) v(x)
        where x is not null
      ))`);
}

const weekOfRow = (row: typeof statisticsWeeks.$inferSelect): StatisticsWeek => ({
  weekStart: row.week,
  ordersPlaced: row.ordersPlaced,
  ordersCompleted: row.ordersCompleted,
  booksListed: row.booksListed,
  booksBorrowed: row.booksBorrowed,
  activeMembers: row.activeMembers,
  medianMinutesToPayment: row.medianMinutesToPayment,
  medianMinutesToHandover: row.medianMinutesToHandover,
  loansReturned: row.loansReturned,
  loansReturnedOnTime: row.loansReturnedOnTime,
  collected: fromMinor(toMinor(row.collected)),
  serviceFees: fromMinor(toMinor(row.serviceFees)),
  gatewayFees: fromMinor(toMinor(row.gatewayFees)),
  ownerPayouts: fromMinor(toMinor(row.ownerPayouts)),
});

const rowOfWeek = (
  { weekStart, ...figures }: StatisticsWeek,
  timeZone: string,
  serviceFeePercent: string,
) => ({
  week: weekStart,
  timeZone,
  serviceFeePercent,
  ...figures,
});

/** The figures of the weeks from `firstMonday` up to (not including) `endMonday`, from the rows. */
async function figuresFromRows(
  db: DbOrTx,
  config: FigureConfig,
  firstMonday: string,
  endMonday: string,
): Promise<StatisticsWeek[]> {
  const tz = config.timeZone;
  const instant = (date: string) => sql`(${date}::timestamp at time zone ${tz})`;
  const within = (column: AnyPgColumn) =>
    and(sql`${column} >= ${instant(firstMonday)}`, sql`${column} < ${instant(endMonday)}`);

  const placedWeek = weekOf(orders.createdAt, tz);
  const paidWeek = weekOf(orders.paymentConfirmedAt, tz);
  const deliveredWeek = weekOf(orders.deliveredAt, tz);
  const completedWeek = weekOf(orders.completedAt, tz);
  const listedWeek = weekOf(books.createdAt, tz);
  const feeWeek = weekOf(payments.paidAt, tz);
  const strayWeek = weekOf(paymentTasks.createdAt, tz);
  const payoutWeek = sql<string>`to_char(date_trunc('week', ${payouts.paidOn}::timestamp), 'YYYY-MM-DD')`;
  const members = unionAll(
    db
      .select({ week: placedWeek.as('week'), member: sql<string>`${orders.userId}`.as('member') })
      .from(orders)
      .where(and(within(orders.createdAt), isNotNull(orders.userId))),
    db
      .select({ week: listedWeek.as('week'), member: sql<string>`${books.ownerId}`.as('member') })
      .from(books)
      .where(and(within(books.createdAt), isNotNull(books.ownerId))),
  ).as('active');
  const notCancelled = ne(orders.status, 'Cancelled');

  const [placed, paid, delivered, borrowed, completed, listed, active, fees, strays, paidOut] =
    // One connection in a transaction: the reads run one after another.
    await Promise.all([
      db
        .select({ week: placedWeek, n: sql<number>`count(*)::int` })
        .from(orders)
        .where(within(orders.createdAt))
        .groupBy(byFirstColumn),
      db
        .select({
          week: paidWeek,
          median: medianMinutes(orders.createdAt, orders.paymentConfirmedAt),
          // Paid, then cancelled: the money went back, so it is no sale (as on Finance).
          collected: sql<string>`coalesce(sum(coalesce(${orders.total}, ${orders.subtotal})) filter (where ${notCancelled}), 0)::numeric(14,2)::text`,
          rent: sql<string>`coalesce(sum(${orders.subtotal}) filter (where ${notCancelled}), 0)::numeric(14,2)::text`,
          shares: sql<string>`coalesce(sum(${shareSql(config)}) filter (where ${notCancelled}), 0)::numeric(14,2)::text`,
        })
        .from(orders)
        .where(and(isNotNull(orders.paymentConfirmedAt), within(orders.paymentConfirmedAt)))
        .groupBy(byFirstColumn),
      db
        .select({ week: deliveredWeek, median: medianMinutes(orders.paymentConfirmedAt, orders.deliveredAt) })
        .from(orders)
        .where(and(isNotNull(orders.deliveredAt), within(orders.deliveredAt)))
        .groupBy(byFirstColumn),
      db
        .select({ week: deliveredWeek, n: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
        .from(orders)
        .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
        .where(and(isNotNull(orders.deliveredAt), within(orders.deliveredAt)))
        .groupBy(byFirstColumn),
      db
        .select({
          week: completedWeek,
          n: sql<number>`count(*)::int`,
          returned: sql<number>`count(${orders.dueAt})::int`,
          onTime: sql<number>`count(*) filter (where ${returnedOnTimeSql})::int`,
        })
        .from(orders)
        .where(and(isNotNull(orders.completedAt), within(orders.completedAt), eq(orders.status, 'Completed')))
        .groupBy(byFirstColumn),
      db
        .select({ week: listedWeek, n: sql<number>`count(*)::int` })
        .from(books)
        .where(within(books.createdAt))
        .groupBy(byFirstColumn),
      db
        .select({ week: members.week, n: sql<number>`count(distinct ${members.member})::int` })
        .from(members)
        .groupBy(members.week),
      db
        .select({ week: feeWeek, fees: total(sql`coalesce(${payments.fee}, 0)`) })
        .from(payments)
        .where(and(isNotNull(payments.paidAt), within(payments.paidAt)))
        .groupBy(byFirstColumn),
      // Money with an unknown reference: no payment row, its task keeps the fee.
      db
        .select({ week: strayWeek, fees: total(sql`${paymentTasks.fee}`) })
        .from(paymentTasks)
        .where(
          and(isNull(paymentTasks.paymentId), isNotNull(paymentTasks.fee), within(paymentTasks.createdAt)),
        )
        .groupBy(byFirstColumn),
      db
        .select({ week: payoutWeek, amount: total(sql`${payouts.amount}`) })
        .from(payouts)
        .where(
          and(sql`${payouts.paidOn} >= ${firstMonday}::date`, sql`${payouts.paidOn} < ${endMonday}::date`),
        )
        .groupBy(byFirstColumn),
    ]);

  const byWeek = <T extends { week: string }>(rows: T[]) => new Map(rows.map((r) => [r.week, r]));
  const maps = {
    placed: byWeek(placed),
    paid: byWeek(paid),
    delivered: byWeek(delivered),
    borrowed: byWeek(borrowed),
    completed: byWeek(completed),
    listed: byWeek(listed),
    active: byWeek(active),
    fees: byWeek(fees),
    strays: byWeek(strays),
    paidOut: byWeek(paidOut),
  };
  const weeks: StatisticsWeek[] = [];
  for (let week = firstMonday; week < endMonday; week = addDays(week, 7)) {
    const p = maps.paid.get(week);
    const c = maps.completed.get(week);
    const rent = toMinor(p?.rent ?? '0');
    weeks.push({
      weekStart: week,
      ordersPlaced: maps.placed.get(week)?.n ?? 0,
      ordersCompleted: c?.n ?? 0,
      booksListed: maps.listed.get(week)?.n ?? 0,
      booksBorrowed: maps.borrowed.get(week)?.n ?? 0,
      activeMembers: maps.active.get(week)?.n ?? 0,
      medianMinutesToPayment: p?.median ?? null,
      medianMinutesToHandover: maps.delivered.get(week)?.median ?? null,
      loansReturned: c?.returned ?? 0,
      loansReturnedOnTime: c?.onTime ?? 0,
      collected: fromMinor(toMinor(p?.collected ?? '0')),
      // The service fee of each order is its rent minus the owner's share, as on Finance.
      serviceFees: fromMinor(rent - toMinor(p?.shares ?? '0')),
      gatewayFees: fromMinor(
        toMinor(maps.fees.get(week)?.fees ?? '0') + toMinor(maps.strays.get(week)?.fees ?? '0'),
      ),
      ownerPayouts: fromMinor(toMinor(maps.paidOut.get(week)?.amount ?? '0')),
    });
  }
  return weeks;
}
