import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '@domain/constants';
import { toMinor } from '@domain/money';
import { orders, payouts, user } from '@server/db/schema';
import { createUser } from '@server/seed/factories';
import { balancesFromRecords, keptBalances, payoutCountersTwoWays } from '@tests/support/balances';
import { insertShareOrder } from '@tests/support/order-fixture';
import { createTestContext, type TestContext } from '@tests/support/harness';
import { createLogger } from '@server/lib/logger';
import { startBalanceRecount, syncOwnerBalances } from './balances-service';
import { balanceOf } from './earnings';

// The owners' balances kept by triggers (migrations 0022, 0052) always equal what the orders and
// payouts say (D34): completed shares (an old order without a stored share at the configured fee)
// less payouts, the pending shares of paid open orders, the orders Earnings lists and the
// payouts, through completions, an order leaving Completed, an owner change, payouts recorded,
// changed and deleted, and a restart with another fee; and the count of owners owed with them.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const truth = (fee: number) => balancesFromRecords(ctx.db, fee);
const kept = () => keptBalances(ctx.db);
/** The kept counts of owners owed and payouts equal a count of the balances and payouts. */
async function expectOwedCounted() {
  const counters = await payoutCountersTwoWays(ctx.db);
  expect(counters.kept).toEqual(counters.counted);
}

const order = (ownerId: string, status: OrderStatus, subtotal: string, share: string | null) =>
  insertShareOrder(ctx.db, ownerId, status, subtotal, share);

async function payout(ownerId: string, amount: string) {
  const [row] = await ctx.db
    .insert(payouts)
    .values({
      ownerId,
      ownerName: 'An Owner',
      amount,
      paidOn: '2026-03-01',
      reference: 'REF',
      recordedByName: 'Admin',
    })
    .returning();
  return row;
}

describe('the kept owner balances (D34)', () => {
  it('equal the orders and payouts through every change, and are counted again when the fee changes', async () => {
    const fee = ctx.config.serviceFeePercent;
    const [a, b, c] = await Promise.all([createUser(ctx.db), createUser(ctx.db), createUser(ctx.db)]);
    const done = await order(a.id, 'Completed', '40000.00', '36000.00');
    await order(a.id, 'Completed', '12345.00', null); // made before shares were stored
    const open = await order(b.id, 'Delivered', '20000.00', '18000.00');
    await order(b.id, 'Processed', '10000.00', null); // pending, at the fee the server runs with
    await order(b.id, 'Cancelled', '9000.00', '8100.00');
    expect(await kept()).toEqual(await truth(fee));
    await expectOwedCounted();

    // Completion counts; a payout pays; a second payout is changed, then deleted.
    await ctx.db.update(orders).set({ status: 'Completed' }).where(eq(orders.id, open.id));
    await payout(a.id, '10000.00');
    const second = await payout(b.id, '5000.00');
    await ctx.db.update(payouts).set({ amount: '7000.00' }).where(eq(payouts.id, second.id));
    expect(await kept()).toEqual(await truth(fee));
    await expectOwedCounted();
    await ctx.db.delete(payouts).where(eq(payouts.id, second.id));
    // An order moved to another owner, and one that leaves Completed (an admin's correction).
    await ctx.db.update(orders).set({ ownerId: c.id }).where(eq(orders.id, done.id));
    await ctx.db.update(orders).set({ status: 'Returning in Progress' }).where(eq(orders.id, open.id));
    // A change the balance does not read leaves it as it was.
    await ctx.db.update(orders).set({ updatedAt: new Date() }).where(eq(orders.ownerId, a.id));
    expect(await kept()).toEqual(await truth(fee));
    await expectOwedCounted();
    // An owner deleted: their orders and payouts keep no owner, and their balance goes to zero.
    await ctx.db.delete(user).where(eq(user.id, c.id));
    expect(await kept()).toEqual(await truth(fee));
    await expectOwedCounted();

    // A restart with the same fee changes nothing; with another, the old order's share follows it
    // once the background recount has run (balance-recount.test.ts: its batches).
    const recounted = () => startBalanceRecount(ctx.db, createLogger('silent')).done;
    expect(await syncOwnerBalances(ctx.db, fee)).toBe(false);
    expect(await syncOwnerBalances(ctx.db, fee + 5)).toBe(true);
    await recounted();
    expect(await kept()).toEqual(await truth(fee + 5));
    expect(await kept()).not.toEqual(await truth(fee));
    expect(await syncOwnerBalances(ctx.db, fee)).toBe(true);
    await recounted();
    expect(await kept()).toEqual(await truth(fee));
    await expectOwedCounted();
  });

  it('follow an order from placed to paid, Completed and cancelled, several owners in one statement', async () => {
    const fee = ctx.config.serviceFeePercent;
    const [a, b] = await Promise.all([createUser(ctx.db), createUser(ctx.db)]);
    const placed = await order(a.id, 'Draft', '30000.00', '27000.00');
    const other = await order(b.id, 'Draft', '10000.00', null);
    const both = [placed.id, other.id];
    const checked = async (ownerId: string) => {
      expect(await kept()).toEqual(await truth(fee));
      await expectOwedCounted();
      // The Earnings page's figures read from the rows, as a payout reads them.
      const fromRows = await balanceOf(ctx.db, ownerId, ctx.config);
      const row = (await kept()).get(ownerId);
      expect([row?.earned ?? 0, row?.pending ?? 0, row?.paid ?? 0]).toEqual(
        [fromRows.earned, fromRows.pending, fromRows.paid].map(toMinor),
      );
    };
    for (const status of ['Waiting for Payment', 'Processed', 'Delivered', 'Completed'] as const) {
      await ctx.db.update(orders).set({ status }).where(inArray(orders.id, both));
      await checked(a.id);
    }
    await payout(a.id, '27000.00');
    await checked(a.id);
    // Moved back (an admin's correction) and cancelled: no longer earned nor listed.
    await ctx.db.update(orders).set({ status: 'Cancelled' }).where(inArray(orders.id, both));
    await checked(b.id);
    await ctx.db.delete(orders).where(inArray(orders.id, both));
    await checked(b.id);
  });
});
