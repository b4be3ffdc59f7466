import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '@domain/constants';
import { books, orderEvents, orderItems, orders } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import { resetClock, setClock } from '@server/lib/clock';
import { createBook } from '@server/seed/factories';
import { createTestContext, type Member, type TestContext } from '@tests/support/harness';
import { advanceTestOrder, placeTestOrder } from '@tests/support/order-factories';

// The narrow tables a changed week of the Statistics tab is computed from (migration 0044):
// after orders moved through their statuses, changed and deleted by hand, what the triggers kept
// equals what the migration's backfill computes from the rows. (The figures themselves are
// compared with a recount from the rows in statistics.test.ts.)

let ctx: TestContext;
let admin: Member;
let owner: Member;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.admin({ name: 'Narrow Admin' });
  owner = await ctx.member({ name: 'Narrow Owner' });
});
afterEach(() => resetClock());
afterAll(() => ctx.close());

const HOUR = 3_600_000;
const at = (iso: string, hours = 0) => new Date(Date.parse(iso) + hours * HOUR);

async function place(when: Date, borrower?: Member) {
  setClock(when);
  const book = await createBook(ctx.db, { ownerId: owner.user.id, weeklyPrice: '15000.00', createdAt: when });
  const placed = await placeTestOrder(ctx, { books: [book], deliveryMethod: 'pickup', borrower });
  await ctx.db.update(orders).set({ createdAt: when }).where(eq(orders.id, placed.order.id));
  return placed;
}

async function move(orderId: string, to: OrderStatus, when: Date) {
  setClock(when);
  await advanceTestOrder(ctx, { orderId, admin, to });
  await ctx.db
    .update(orderEvents)
    .set({ createdAt: when })
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, to)));
}

const rowsOf = async (db: DbOrTx, query: string) =>
  ((await db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] }).rows;

/**
 * The narrow tables as they stand; the sums folded per week (a week whose changes cancel out is
 * none), money to the cent as the read counts it.
 */
const narrow = async (db: DbOrTx) => ({
  orders: await rowsOf(db, 'select * from statistics_orders order by order_id'),
  members: await rowsOf(db, 'select * from statistics_members order by week, member'),
  sums: await rowsOf(
    db,
    `select * from (
      select week, sum(placed) placed, sum(listed) listed, sum(active) active, sum(paid) paid,
        sum(collected)::numeric(14,2) collected, sum(rent)::numeric(14,2) rent, sum(shares)::numeric(14,2) shares, sum(unshared) unshared,
        sum(handed) handed, sum(borrowed) borrowed, sum(completed) completed, sum(returned) returned,
        sum(on_time) on_time, sum(gateway_fees)::numeric(14,2) gateway_fees, sum(owner_payouts)::numeric(14,2) owner_payouts
      from statistics_sums group by week
    ) s
    where (placed, listed, active, paid, collected, rent, shares, unshared, handed, borrowed, completed,
      returned, on_time, gateway_fees, owner_payouts) <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    order by week`,
  ),
});

describe('the Statistics tab’s narrow tables', () => {
  it('what the triggers kept through every kind of write equals the migration’s backfill from the rows', async () => {
    const db = ctx.db;
    // Returned late: started after the due date, completed the week after.
    const late = await place(at('2027-01-04T04:00:00Z'));
    await move(late.order.id, 'Processed', at('2027-01-04T04:00:00Z', 3));
    await move(late.order.id, 'Delivered', at('2027-01-04T04:00:00Z', 20));
    const [loan] = await db.select().from(orders).where(eq(orders.id, late.order.id));
    await move(late.order.id, 'Returning in Progress', new Date(loan.dueAt!.getTime() + 30 * HOUR));
    await move(late.order.id, 'Completed', new Date(loan.dueAt!.getTime() + 80 * HOUR));
    // On time, by the same borrower in another week.
    const onTime = await place(at('2027-01-12T04:00:00Z'), late.borrower);
    await move(onTime.order.id, 'Processed', at('2027-01-12T04:00:00Z', 1));
    await move(onTime.order.id, 'Delivered', at('2027-01-12T04:00:00Z', 2));
    await move(onTime.order.id, 'Returning in Progress', at('2027-01-12T04:00:00Z', 30));
    await move(onTime.order.id, 'Completed', at('2027-01-12T04:00:00Z', 31));
    // Paid, then cancelled; placed and left waiting; placed and deleted.
    const cancelled = await place(at('2027-01-13T04:00:00Z'));
    await move(cancelled.order.id, 'Processed', at('2027-01-13T04:00:00Z', 2));
    await move(cancelled.order.id, 'Cancelled', at('2027-01-14T04:00:00Z'));
    const waiting = await place(at('2027-01-20T04:00:00Z'));
    const deleted = await place(at('2027-01-20T04:00:00Z', 5));
    await db.delete(orders).where(eq(orders.id, deleted.order.id));
    // Paid and handed over, then deleted: its money and its borrowed book leave their weeks.
    const handedThenDeleted = await place(at('2027-01-21T04:00:00Z'));
    await move(handedThenDeleted.order.id, 'Processed', at('2027-01-21T04:00:00Z', 1));
    await move(handedThenDeleted.order.id, 'Delivered', at('2027-01-21T04:00:00Z', 2));
    await db.delete(orders).where(eq(orders.id, handedThenDeleted.order.id));
    // By hand: an order's date moved to another week, its share forgotten (counted at the fee),
    // an item's quantity changed, a return's start moved before the due date, a book re-dated,
    // and a member gone (their orders stay, counted as placed but by no member).
    await db
      .update(orders)
      .set({ createdAt: at('2027-01-05T04:00:00Z'), ownerShare: null })
      .where(eq(orders.id, waiting.order.id));
    await db.update(orderItems).set({ quantity: 2 }).where(eq(orderItems.orderId, onTime.order.id));
    await db
      .update(orderEvents)
      .set({ createdAt: at('2027-01-04T04:00:00Z', 30) })
      .where(and(eq(orderEvents.orderId, late.order.id), eq(orderEvents.toStatus, 'Returning in Progress')));
    const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, cancelled.order.id));
    await db
      .update(books)
      .set({ createdAt: at('2026-12-28T04:00:00Z') })
      .where(eq(books.id, item.bookId!));
    await db.update(orders).set({ userId: null }).where(eq(orders.id, cancelled.order.id));

    const kept = await narrow(db);
    expect(kept.orders.length).toBe(4);
    expect(kept.sums.length).toBeGreaterThan(3);

    await db.execute(sql`delete from statistics_orders`);
    await db.execute(sql`delete from statistics_members`);
    await db.execute(sql`delete from statistics_sums`);
    const backfill = readFileSync(
      new URL('../../db/migrations/0044_statistics_narrow.sql', import.meta.url),
      'utf8',
    )
      .split('--> statement-breakpoint')
      .filter((statement) => /INSERT INTO "statistics_(orders|members|sums)"/.test(statement));
    expect(backfill.length).toBe(3);
    for (const statement of backfill) await db.execute(sql.raw(statement));
    expect(await narrow(db)).toEqual(kept);
  });
});
