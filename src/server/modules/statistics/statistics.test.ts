import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '@domain/constants';
import { addDays, localDate } from '@domain/loan';
import { fromMinor, toMinor } from '@domain/money';
import { ownerShare } from '@domain/pricing';
import type { StatisticsWeek } from '@domain/statistics-types';
import {
  books as booksTable,
  type Book,
  orderEvents,
  orderItems,
  orders,
  payments,
  paymentTasks,
  payouts,
  statisticsStale,
  statisticsWeeks,
} from '@server/db/schema';
import { resetClock, setClock } from '@server/lib/clock';
import { createBook } from '@server/seed/factories';
import { createGatewayTestContext, type GatewayTestContext } from '@tests/support/gateway';
import type { Member } from '@tests/support/harness';
import { advanceTestOrder, placeTestOrder } from '@tests/support/order-factories';
import type { StatisticsApi } from './routes';
import type { PaymentsApi } from '@server/modules/payments/routes';

// The admin's Statistics tab: twelve weeks, Monday to Sunday in the operator's zone (Asia/Makassar,
// UTC+8). Orders are placed and moved through their statuses with the clock set across several
// weeks; every figure the API answers is then computed again here from the rows themselves.
// (An order's and an event's created_at are the database's time, so each step's rows are dated to
// the clock as it is taken, the moment it happened in production.)

let g: GatewayTestContext;
let admin: Member;
let owner: Member;
let otherOwner: Member;
beforeAll(async () => {
  g = await createGatewayTestContext();
  admin = await g.ctx.admin({ name: 'Stats Admin' });
  owner = await g.ctx.member({ name: 'Stats Owner' });
  otherOwner = await g.ctx.member({ name: 'Other Stats Owner' });
});
afterEach(() => resetClock());
afterAll(() => g.close());

const TZ = 'Asia/Makassar';
const HOUR = 3_600_000;
/** Now: Wednesday 10 March 2027, 12:00 in Bali. The current week began Monday 8 March. */
const NOW = new Date('2027-03-10T04:00:00Z');
/** Noon in Bali on the given local date, plus `hours`. */
const bali = (date: string, hours = 0) => new Date(Date.parse(`${date}T04:00:00Z`) + hours * HOUR);
/** The Monday `n` weeks before the current week's. */
const week = (n: number) => addDays('2027-03-08', -7 * n);

const statistics = async (at = NOW) => {
  setClock(at);
  const res = await g.ctx.client<StatisticsApi>(admin.cookie).admin.statistics.$get({ query: {} });
  if (res.status !== 200) throw new Error(`statistics answered ${res.status}: ${await res.text()}`);
  return res.json();
};

/** Lists a book of `who` at `at`. */
/** The admin records a payout to an owner, as the Payouts tab does. */
const payOut = (
  admin: Member,
  payout: { ownerId: string; amount: string; paidOn: string; reference: string },
) => g.ctx.answer(g.ctx.client<PaymentsApi>(admin.cookie).admin.payouts.$post({ json: payout }));

async function listBook(who: Member, at: Date, weeklyPrice = '15000.00'): Promise<Book> {
  return createBook(g.ctx.db, { ownerId: who.user.id, weeklyPrice, createdAt: at });
}

/** Places an order of `bookRows` at `at` (pickup, so it waits for payment at once). */
async function place(bookRows: Book[], at: Date, borrower?: Member) {
  setClock(at);
  const placed = await placeTestOrder(g.ctx, { books: bookRows, deliveryMethod: 'pickup', borrower });
  await g.ctx.db.update(orders).set({ createdAt: at }).where(eq(orders.id, placed.order.id));
  return placed;
}

/** Moves the order to `to` at `at`, dating the step's event to that moment. */
async function move(orderId: string, to: OrderStatus, at: Date) {
  setClock(at);
  await advanceTestOrder(g.ctx, { orderId, admin, to });
  await g.ctx.db
    .update(orderEvents)
    .set({ createdAt: at })
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, to)));
}

/** Pays the order through the gateway's QRIS at `at` (a fee is recorded on the payment). */
async function payByQris(orderId: string, borrower: Member, at: Date) {
  setClock(at);
  await g.ctx.answer(
    g.ctx.client<PaymentsApi>(borrower.cookie).orders[':id'].payment.gateway.$get({ param: { id: orderId } }),
  );
  const rows = await g.ctx.db.select().from(payments).where(eq(payments.orderId, orderId));
  await g.gateway.pay(rows.find((p) => p.method === 'qris')!.providerRef);
  await g.ctx.deps.outbox.runOnce();
}

// ---------------------------------------------------------------- the figures, from the rows

const mondayOf = (date: string) => {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  return addDays(date, -weekday);
};
const weekOfInstant = (at: Date | null) => (at ? mondayOf(localDate(at, TZ)) : null);
const median = (values: number[]) => {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  const m = s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
  return Math.round(m / 60_000);
};
const sumMoney = (values: (string | null)[]) => fromMinor(values.reduce((n, v) => n + toMinor(v ?? '0'), 0));

/** Every week's figures, computed in JavaScript from every row of the tables. */
async function expectedFromRows(weekStarts: string[]): Promise<StatisticsWeek[]> {
  const db = g.ctx.db;
  const [allOrders, items, allBooks, events, allPayments, tasks, allPayouts] = await Promise.all([
    db.select().from(orders),
    db.select().from(orderItems),
    db.select().from(booksTable),
    db.select().from(orderEvents),
    db.select().from(payments),
    db.select().from(paymentTasks),
    db.select().from(payouts),
  ]);
  const pct = g.ctx.config.serviceFeePercent;
  return weekStarts.map((w) => {
    const placed = allOrders.filter((o) => weekOfInstant(o.createdAt) === w);
    const paid = allOrders.filter((o) => weekOfInstant(o.paymentConfirmedAt) === w);
    const sold = paid.filter((o) => o.status !== 'Cancelled');
    const handedOver = allOrders.filter((o) => weekOfInstant(o.deliveredAt) === w);
    const completed = allOrders.filter((o) => o.status === 'Completed' && weekOfInstant(o.completedAt) === w);
    const returned = completed.filter((o) => o.dueAt !== null);
    const onTime = returned.filter((o) => {
      const started = events
        .filter((e) => e.orderId === o.id && e.toStatus === 'Returning in Progress')
        .map((e) => e.createdAt.getTime());
      const at = started.length ? Math.min(...started) : o.completedAt!.getTime();
      return at <= o.dueAt!.getTime();
    });
    const listed = allBooks.filter((b) => weekOfInstant(b.createdAt) === w);
    const handedIds = new Set(handedOver.map((o) => o.id));
    const members = new Set([
      ...placed.flatMap((o) => (o.userId ? [o.userId] : [])),
      ...listed.flatMap((b) => (b.ownerId ? [b.ownerId] : [])),
    ]);
    const rent = sold.reduce((n, o) => n + toMinor(o.subtotal), 0);
    const shares = sold.reduce((n, o) => n + toMinor(ownerShare(o.subtotal, pct).ownerShare), 0);
    return {
      weekStart: w,
      ordersPlaced: placed.length,
      ordersCompleted: completed.length,
      booksListed: listed.length,
      booksBorrowed: items.filter((i) => handedIds.has(i.orderId)).reduce((n, i) => n + i.quantity, 0),
      activeMembers: members.size,
      medianMinutesToPayment: median(
        paid.map((o) => o.paymentConfirmedAt!.getTime() - o.createdAt.getTime()),
      ),
      medianMinutesToHandover: median(
        handedOver
          .filter((o) => o.paymentConfirmedAt)
          .map((o) => o.deliveredAt!.getTime() - o.paymentConfirmedAt!.getTime()),
      ),
      loansReturned: returned.length,
      loansReturnedOnTime: onTime.length,
      collected: sumMoney(sold.map((o) => o.total ?? o.subtotal)),
      serviceFees: fromMinor(rent - shares),
      gatewayFees: sumMoney([
        ...allPayments.filter((p) => weekOfInstant(p.paidAt) === w).map((p) => p.fee),
        ...tasks
          .filter((t) => t.paymentId === null && t.fee !== null && weekOfInstant(t.createdAt) === w)
          .map((t) => t.fee),
      ]),
      ownerPayouts: sumMoney(allPayouts.filter((p) => mondayOf(p.paidOn) === w).map((p) => p.amount)),
    };
  });
}

describe('the admin’s weekly statistics', () => {
  it('is empty but whole with nothing yet: twelve weeks ending with the current one', async () => {
    const body = await statistics();
    expect(body.timeZone).toBe(TZ);
    expect(body.weeks.map((w) => w.weekStart)).toEqual(Array.from({ length: 12 }, (_, i) => week(11 - i)));
    expect(body.weeks[11]).toEqual({
      weekStart: '2027-03-08',
      ordersPlaced: 0,
      ordersCompleted: 0,
      booksListed: 0,
      booksBorrowed: 0,
      activeMembers: 0,
      medianMinutesToPayment: null,
      medianMinutesToHandover: null,
      loansReturned: 0,
      loansReturnedOnTime: 0,
      collected: '0.00',
      serviceFees: '0.00',
      gatewayFees: '0.00',
      ownerPayouts: '0.00',
    });
  });

  it('every figure of every week equals what the rows say, orders moved through their statuses over several weeks', async () => {
    // Before the twelve weeks: listed, borrowed and returned there, counted nowhere.
    const old = await listBook(owner, bali(week(14)));
    const before = await place([old], bali(week(14)));
    await move(before.order.id, 'Completed', bali(week(13), 24));

    // Week -9: the owner lists three books, another owner one.
    const [a, b, c] = [
      await listBook(owner, bali(week(9))),
      await listBook(owner, bali(week(9), 2), '20000.00'),
      await listBook(owner, bali(week(9), 3)),
    ];
    const d = await listBook(otherOwner, bali(week(9), 26));
    // Week -8: one borrower takes two books (paid 3 h 10 min later by the admin's confirmation,
    // handed over the next day) and returns them on time: started in week -7, completed in week -6.
    const first = await place([a, b], bali(week(8)));
    await move(first.order.id, 'Processed', bali(week(8), 3 + 10 / 60));
    await move(first.order.id, 'Delivered', bali(week(8), 27));
    await move(first.order.id, 'Returning in Progress', bali(week(7), 1)); // due the day after
    await move(first.order.id, 'Completed', bali(week(6), 5));
    // Week -8 too: another borrower pays by QRIS (a gateway fee), has the book a day and a half
    // later, starts the return two days after the due date (week -6) and it completes in week -5.
    const second = await place([c], bali(week(8), 30));
    await payByQris(second.order.id, second.borrower, bali(week(8), 31 + 25 / 60));
    await move(second.order.id, 'Delivered', bali(week(8), 67));
    const [loan] = await g.ctx.db.select().from(orders).where(eq(orders.id, second.order.id));
    await move(second.order.id, 'Returning in Progress', new Date(loan.dueAt!.getTime() + 48 * HOUR));
    await move(second.order.id, 'Completed', bali(week(5), 1));
    // Week -4: an order paid, then cancelled by the admin: no money collected, its timing counts.
    const undone = await place([d], bali(week(4)));
    await move(undone.order.id, 'Processed', bali(week(4), 1));
    await move(undone.order.id, 'Cancelled', bali(week(4), 2));
    // Week -1: an order placed and never paid; the owner is paid out for the two loans.
    const waiting = await place([await listBook(otherOwner, bali(week(2)))], bali(week(1)));
    expect(waiting.order.status).toBe('Waiting for Payment');
    setClock(bali(addDays(week(1), 2), 3));
    const [owed] = await g.ctx.db.select().from(orders).where(eq(orders.id, first.order.id));
    const payout = await payOut(admin, {
      ownerId: owner.user.id,
      amount: owed.ownerShare ?? '',
      paidOn: addDays(week(1), 2),
      reference: 'TRF-1',
    });
    expect(payout.status).toBe(201);

    const body = await statistics();
    const starts = body.weeks.map((w) => w.weekStart);
    expect(body.weeks).toEqual(await expectedFromRows(starts));

    // And by hand, so the figures are the ones meant, not only the same reading twice.
    const at = (n: number) => body.weeks[11 - n];
    expect(body.weeks.reduce((n, w) => n + w.ordersPlaced, 0)).toBe(4);
    expect(at(9)).toMatchObject({ booksListed: 4, activeMembers: 2, ordersPlaced: 0 });
    expect(at(8)).toMatchObject({
      ordersPlaced: 2,
      booksBorrowed: 3,
      activeMembers: 2,
      // 3 h 10 min and 1 h 25 min: the median of two is their mean, 2 h 17.5 min, rounded.
      medianMinutesToPayment: Math.round((190 + 85) / 2),
    });
    expect(at(8).medianMinutesToHandover).not.toBeNull();
    expect(toMinor(at(8).collected)).toBe(toMinor(first.order.subtotal) + toMinor(second.order.subtotal));
    expect(toMinor(at(8).gatewayFees)).toBeGreaterThan(0);
    expect(at(6)).toMatchObject({ ordersCompleted: 1, loansReturned: 1, loansReturnedOnTime: 1 });
    expect(at(5)).toMatchObject({ ordersCompleted: 1, loansReturned: 1, loansReturnedOnTime: 0 });
    expect(at(4)).toMatchObject({
      ordersPlaced: 1,
      medianMinutesToPayment: 60,
      collected: '0.00',
      serviceFees: '0.00',
    });
    expect(at(1)).toMatchObject({
      ordersPlaced: 1,
      medianMinutesToPayment: null,
      ownerPayouts: owed.ownerShare,
    });
    expect(at(2)).toMatchObject({ booksListed: 1, activeMembers: 1 });
    // The first order's service fee is the pricing module's.
    expect(toMinor(at(8).serviceFees)).toBe(
      toMinor(ownerShare(first.order.subtotal, g.ctx.config.serviceFeePercent).serviceFee) +
        toMinor(ownerShare(second.order.subtotal, g.ctx.config.serviceFeePercent).serviceFee),
    );
  });

  it('a week runs Monday 00:00 to Sunday 24:00 in Bali, not in UTC', async () => {
    // Sunday 23:30 in Bali is 15:30 UTC; Monday 00:30 in Bali is still Sunday in UTC.
    const late = await listBook(otherOwner, new Date(`${addDays(week(3), -1)}T15:30:00Z`));
    const early = await listBook(otherOwner, new Date(`${addDays(week(3), -1)}T16:30:00Z`));
    const body = await statistics();
    const byStart = new Map(body.weeks.map((w) => [w.weekStart, w]));
    const expected = await expectedFromRows(body.weeks.map((w) => w.weekStart));
    expect(body.weeks).toEqual(expected);
    expect(localDate(late.createdAt, TZ)).toBe(addDays(week(3), -1));
    expect(localDate(early.createdAt, TZ)).toBe(week(3));
    expect(byStart.get(week(4))?.booksListed).toBe(1);
    expect(byStart.get(week(3))?.booksListed).toBe(1);
  });

  it('the weeks follow the clock: on Monday 00:00 in Bali a new week begins and the oldest leaves', async () => {
    const sunday = await statistics(new Date('2027-03-14T15:59:00Z')); // Sunday 23:59 in Bali
    expect(sunday.weeks.at(-1)?.weekStart).toBe('2027-03-08');
    const monday = await statistics(new Date('2027-03-14T16:00:00Z')); // Monday 00:00 in Bali
    expect(monday.weeks.at(-1)?.weekStart).toBe('2027-03-15');
    expect(monday.weeks[0].weekStart).toBe(sunday.weeks[1].weekStart);
  });

  it('looks back: the twelve weeks ending with the week of a given day; a malformed day is refused with 422', async () => {
    setClock(NOW);
    const api = g.ctx.client<StatisticsApi>(admin.cookie).admin.statistics;
    const res = await api.$get({ query: { weeksEnding: '2027-01-03' } }); // a Sunday
    if (res.status !== 200) throw new Error(`statistics answered ${res.status}`);
    const back = await res.json();
    expect(back.weeks.map((w) => w.weekStart)).toEqual(
      Array.from({ length: 12 }, (_, i) => addDays('2026-12-28', -7 * (11 - i))),
    );
    expect(back.weeks).toEqual(await expectedFromRows(back.weeks.map((w) => w.weekStart)));
    for (const weeksEnding of ['2027-02-30', '2027-1-3', 'soon']) {
      const bad = await g.ctx.answer(
        g.ctx
          .client<StatisticsApi>(admin.cookie)
          .admin.statistics.$get({ query: { weeksEnding: weeksEnding } }),
      );
      expect(bad.status, weeksEnding).toBe(422);
    }
  });
  it('a kept week follows every change of its rows: listed, placed, paid, handed over, returned late, completed, paid out, and history rewritten', async () => {
    const db = g.ctx.db;
    /** Reads the twelve weeks, checks every figure against the rows, and answers the week of `n`. */
    const figures = async (n: number) => {
      const body = await statistics();
      expect(body.weeks).toEqual(await expectedFromRows(body.weeks.map((w) => w.weekStart)));
      return body.weeks[11 - n];
    };
    const keptWeeks = async () => (await db.select().from(statisticsWeeks)).map((r) => r.week);
    // Week -2 is closed and kept from the first read on: each change below must reach it.
    const before = await figures(2);
    expect(await keptWeeks()).toEqual(expect.arrayContaining([week(2), week(1), week(0)]));

    const book = await listBook(owner, bali(week(2)));
    const listed = await figures(2);
    expect(listed.booksListed).toBe(before.booksListed + 1);

    const borrower = await g.ctx.member({ name: 'Stats Kept Borrower' });
    const placed = await place([book], bali(week(2), 1), borrower);
    const afterPlaced = await figures(2);
    expect(afterPlaced.ordersPlaced).toBe(listed.ordersPlaced + 1);
    expect(afterPlaced.activeMembers).toBe(listed.activeMembers + 1);

    await move(placed.order.id, 'Processed', bali(week(2), 3));
    const paid = await figures(2);
    expect(toMinor(paid.collected)).toBe(toMinor(afterPlaced.collected) + toMinor(placed.order.subtotal));
    expect(paid.medianMinutesToPayment).not.toBeNull();

    await move(placed.order.id, 'Delivered', bali(week(2), 26));
    const handedOver = await figures(2);
    expect(handedOver.booksBorrowed).toBe(paid.booksBorrowed + 1);
    expect(handedOver.medianMinutesToHandover).not.toBeNull();

    // Returned two days late, completed on Monday of the current week.
    const completedBefore = await figures(0);
    const [loan] = await db.select().from(orders).where(eq(orders.id, placed.order.id));
    await move(placed.order.id, 'Returning in Progress', new Date(loan.dueAt!.getTime() + 48 * HOUR));
    await move(placed.order.id, 'Completed', bali(week(0), -1));
    const completed = await figures(0);
    expect(completed).toMatchObject({
      ordersCompleted: completedBefore.ordersCompleted + 1,
      loansReturned: completedBefore.loansReturned + 1,
      loansReturnedOnTime: completedBefore.loansReturnedOnTime,
    });
    // The return's start moved back before the due date (history rewritten): on time after all.
    await db
      .update(orderEvents)
      .set({ createdAt: new Date(loan.dueAt!.getTime() - HOUR) })
      .where(
        and(eq(orderEvents.orderId, placed.order.id), eq(orderEvents.toStatus, 'Returning in Progress')),
      );
    expect((await figures(0)).loansReturnedOnTime).toBe(completedBefore.loansReturnedOnTime + 1);

    const paidOutBefore = await figures(1);
    const [owed] = await db.select().from(orders).where(eq(orders.id, placed.order.id));
    setClock(NOW);
    const payout = await payOut(admin, {
      ownerId: owner.user.id,
      amount: owed.ownerShare ?? '',
      paidOn: addDays(week(1), 4),
      reference: 'TRF-KEPT',
    });
    expect(payout.status).toBe(201);
    expect(toMinor((await figures(1)).ownerPayouts)).toBe(
      toMinor(paidOutBefore.ownerPayouts) + toMinor(owed.ownerShare!),
    );

    // An order's placing moved by hand to week -3: week -2 loses it, week -3 gains it.
    const third = await figures(3);
    await db
      .update(orders)
      .set({ createdAt: bali(week(3)) })
      .where(eq(orders.id, placed.order.id));
    expect((await figures(2)).ordersPlaced).toBe(afterPlaced.ordersPlaced - 1);
    expect((await figures(3)).ordersPlaced).toBe(third.ordersPlaced + 1);
    // Every write was read back: the change log is empty again.
    expect(await db.select().from(statisticsStale)).toEqual([]);
  });

  it('logs a day once however many writes touched it; a write in the UTC day of a week boundary reaches both weeks', async () => {
    const db = g.ctx.db;
    await statistics(); // every week kept, the log emptied
    // Sunday 10:00, 23:30 and Monday 00:30 in Bali: one UTC day (Sunday), two weeks in Bali.
    const sunday = addDays(week(5), -1);
    for (const time of ['02:00', '15:30', '16:30'])
      await listBook(otherOwner, new Date(`${sunday}T${time}:00Z`));
    // (Other writers meanwhile, a worker's, may log their own days.)
    const logged = (await db.select().from(statisticsStale)).map((r) => r.at?.toISOString());
    expect(logged.filter((at) => at?.startsWith(sunday))).toEqual([`${sunday}T00:00:00.000Z`]);
    expect(logged.every((at) => at === undefined || at.endsWith('T00:00:00.000Z'))).toBe(true);
    const body = await statistics();
    expect(body.weeks).toEqual(await expectedFromRows(body.weeks.map((w) => w.weekStart)));
    expect(await db.select().from(statisticsStale)).toEqual([]);
  });

  it('keeps no week across a change of the service fee: the kept rows of another fee are computed again', async () => {
    const db = g.ctx.db;
    // Every order here stored its share, so a fee change moves no figure; the kept rows must go all the same.
    const truth = await statistics();
    await db
      .update(statisticsWeeks)
      .set({ ordersPlaced: 999 })
      .where(eq(statisticsWeeks.week, week(2)));
    const fee = g.ctx.config.serviceFeePercent;
    try {
      g.ctx.config.serviceFeePercent = fee + 1;
      const body = await statistics();
      expect(body.weeks).toEqual(truth.weeks);
      const kept = await db.select().from(statisticsWeeks);
      expect(kept.length).toBeGreaterThan(0);
      expect(kept.every((r) => Number(r.serviceFeePercent) === fee + 1)).toBe(true);
    } finally {
      g.ctx.config.serviceFeePercent = fee;
    }
  });

  it('the migration’s backfill keeps every week from the first dated row to the last, each as its rows say', async () => {
    const db = g.ctx.db;
    await listBook(otherOwner, bali(week(0)));
    await db.delete(statisticsWeeks);
    await db.delete(statisticsStale);
    const migration = readFileSync(
      new URL('../../db/migrations/0042_statistics_weeks.sql', import.meta.url),
      'utf8',
    ).split('--> statement-breakpoint');
    await db.execute(sql.raw(migration[migration.length - 1]));
    const keptRows = () => db.select().from(statisticsWeeks).orderBy(statisticsWeeks.week);
    const kept = await keptRows();
    // From the first test's oldest rows (week -14) to the current week, every week, none twice.
    expect(kept.map((r) => r.week)).toEqual(Array.from({ length: 15 }, (_, i) => week(14 - i)));
    expect(new Set(kept.map((r) => `${r.timeZone} ${Number(r.serviceFeePercent)}`))).toEqual(
      new Set([`${TZ} ${g.ctx.config.serviceFeePercent}`]),
    );
    // The answer is the backfill's rows (nothing logged, nothing missing), equal to the rows.
    const body = await statistics();
    expect(body.weeks).toEqual(await expectedFromRows(body.weeks.map((w) => w.weekStart)));
    expect(await keptRows()).toEqual(kept);
  });
});
