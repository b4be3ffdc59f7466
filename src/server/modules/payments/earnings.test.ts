import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts } from '@server/db/schema';
import { resetClock, setClock } from '@server/lib/clock';
import { createBook } from '@server/seed/factories';
import { createTestContext, type Member, type TestContext, uncheckedInput } from '@tests/support/harness';
import { advanceTestOrder, placeTestOrder } from '@tests/support/order-factories';
import type { PaymentsApi } from './routes';
import type { OrdersApi } from '@server/modules/orders/routes';

// Earnings and payouts (D34). The race test means most on PostgreSQL
// (TEST_DATABASE_URL=postgres://... npx vitest run this file): two admins paying the same
// balance at the same moment pay it once.

let ctx: TestContext;
let admin: Member;
let admin2: Member;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.admin({ name: 'Payout Admin' });
  admin2 = await ctx.admin({ name: 'Second Admin' });
});
afterAll(() => ctx.close());

/** An owner with one order of two books (12.000 + 8.000 a week, one week) at `to`. */
async function ownerWithOrder(to: 'Completed' | 'Processed' = 'Completed') {
  const owner = await ctx.member({ name: 'Earning Owner' });
  const made = [
    await createBook(ctx.db, { ownerId: owner.user.id, weeklyPrice: '12000.00' }),
    await createBook(ctx.db, { ownerId: owner.user.id, weeklyPrice: '8000.00' }),
  ];
  const { order } = await placeTestOrder(ctx, { books: made });
  await advanceTestOrder(ctx, { orderId: order.id, admin, to });
  return { owner, order };
}

const pay = (body: unknown, cookie = admin.cookie) =>
  ctx.answer(ctx.client<PaymentsApi>(cookie).admin.payouts.$post({ json: uncheckedInput(body) }));
const earnings = (m: Member) => ctx.answer(ctx.client<PaymentsApi>(m.cookie).earnings.$get({ query: {} }));

describe('the owner’s share (D34)', () => {
  it('is items minus the service fee, pending while the order is open and payable once Completed', async () => {
    const { owner, order } = await ownerWithOrder('Processed');
    let res = await earnings(owner);
    expect(res.status).toBe(200);
    expect(res.body.totals).toEqual({ pending: '18000.00', earned: '0.00', paid: '0.00', payable: '0.00' });
    expect(res.body.orders.items[0]).toMatchObject({
      orderId: order.id,
      itemsTotal: '20000.00',
      serviceFee: '2000.00',
      ownerShare: '18000.00',
      state: 'pending',
    });
    await advanceTestOrder(ctx, { orderId: order.id, admin, to: 'Completed' });
    res = await earnings(owner);
    expect(res.body.totals).toEqual({
      pending: '0.00',
      earned: '18000.00',
      paid: '0.00',
      payable: '18000.00',
    });
    expect(res.body.orders.items[0]).toMatchObject({ state: 'payable' });
    expect(res.body.orders.items[0].completedAt).not.toBeNull();
    // The admin's Payouts tab lists the owner with the balance.
    const tab = await ctx.answer(ctx.client<PaymentsApi>(admin.cookie).admin.payouts.$get({ query: {} }));
    expect(tab.body.owners.items).toContainEqual(
      expect.objectContaining({ ownerId: owner.user.id, payable: '18000.00', email: owner.user.email }),
    );
  });
});

describe('pending money (D34)', () => {
  it('counts only paid orders: one under review or waiting for payment is not yet money on its way', async () => {
    const owner = await ctx.member({ name: 'Unpaid Owner' });
    const book = await createBook(ctx.db, { ownerId: owner.user.id, weeklyPrice: '12000.00' });
    const { order } = await placeTestOrder(ctx, { books: [book] });
    let res = await earnings(owner);
    expect(res.body.totals.pending).toBe('0.00');
    expect(res.body.orders.items[0]).toMatchObject({ orderId: order.id, state: 'unpaid' });
    await advanceTestOrder(ctx, { orderId: order.id, admin, to: 'Waiting for Payment' });
    res = await earnings(owner);
    expect(res.body.totals.pending).toBe('0.00');
    expect(res.body.orders.items[0]).toMatchObject({ state: 'unpaid' });
    await advanceTestOrder(ctx, { orderId: order.id, admin, to: 'Processed' });
    res = await earnings(owner);
    expect(res.body.totals.pending).toBe('10800.00');
    expect(res.body.orders.items[0]).toMatchObject({ state: 'pending' });
  });
});

describe('Record payout (D34)', () => {
  it('refuses more than the payable balance with 409 and records nothing', async () => {
    const { owner } = await ownerWithOrder();
    const res = await pay({
      ownerId: owner.user.id,
      amount: '18.001',
      paidOn: '2026-11-20',
      reference: 'TRF-1',
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('The payout cannot exceed the payable balance of Rp 18.000');
    expect(await ctx.db.select().from(payouts).where(eq(payouts.ownerId, owner.user.id))).toEqual([]);
  });

  it('pays part, then the rest; the owner sees it paid; then nothing is payable', async () => {
    const { owner } = await ownerWithOrder();
    const first = await pay({
      ownerId: owner.user.id,
      amount: '8.000',
      paidOn: '2026-11-20',
      reference: 'TRF-A',
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ amount: '8000.00', paidOn: '2026-11-20', reference: 'TRF-A' });
    const second = await pay({
      ownerId: owner.user.id,
      amount: '10000',
      paidOn: '2026-11-21',
      reference: 'TRF-B',
    });
    expect(second.status).toBe(201);
    const res = await earnings(owner);
    expect(res.body.totals).toEqual({
      pending: '0.00',
      earned: '18000.00',
      paid: '18000.00',
      payable: '0.00',
    });
    expect(res.body.payouts.items.map((p: { reference: string }) => p.reference)).toEqual(['TRF-B', 'TRF-A']);
    const again = await pay({
      ownerId: owner.user.id,
      amount: '1000',
      paidOn: '2026-11-21',
      reference: 'TRF-C',
    });
    expect(again.status).toBe(409);
    const tab = await ctx.answer(ctx.client<PaymentsApi>(admin.cookie).admin.payouts.$get({ query: {} }));
    expect(tab.body.owners.items.map((o: { ownerId: string }) => o.ownerId)).not.toContain(owner.user.id);
    expect(tab.body.history.items[0]).toMatchObject({ ownerId: owner.user.id, reference: 'TRF-B' });
  });

  it('two admins paying the same balance at the same moment pay it once', async () => {
    const { owner } = await ownerWithOrder();
    const body = { ownerId: owner.user.id, amount: '18000', paidOn: '2026-11-20', reference: 'RACE' };
    const results = await Promise.all([pay(body, admin.cookie), pay(body, admin2.cookie)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const rows = await ctx.db.select().from(payouts).where(eq(payouts.ownerId, owner.user.id));
    expect(rows).toHaveLength(1);
    expect((await earnings(owner)).body.totals.payable).toBe('0.00');
  });

  it('refuses bad input with 422: no amount, a fraction, a future date, no reference', async () => {
    const { owner } = await ownerWithOrder();
    for (const body of [
      { ownerId: owner.user.id, paidOn: '2026-11-20', reference: 'X' },
      { ownerId: owner.user.id, amount: '100.5', paidOn: '2026-11-20', reference: 'X' },
      { ownerId: owner.user.id, amount: '1000', paidOn: '2099-01-01', reference: 'X' },
      { ownerId: owner.user.id, amount: '1000', paidOn: 'yesterday', reference: 'X' },
      { ownerId: owner.user.id, amount: '1000', paidOn: '2026-11-20', reference: ' ' },
    ]) {
      expect((await pay(body)).status, JSON.stringify(body)).toBe(422);
    }
    expect(
      (await pay({ ownerId: 'nobody', amount: '1000', paidOn: '2026-11-20', reference: 'X' })).status,
    ).toBe(404);
    expect(await ctx.db.select().from(payouts).where(eq(payouts.ownerId, owner.user.id))).toEqual([]);
  });

  it("takes today as the operator's date (D21): at 17:30 UTC on 8 Dec, 9 Dec is today in Makassar", async () => {
    const { owner } = await ownerWithOrder();
    setClock(new Date('2026-12-08T17:30:00Z'));
    try {
      const payout = { ownerId: owner.user.id, amount: '1000', reference: 'TZ-1' };
      expect((await pay({ ...payout, paidOn: '2026-12-10' })).status).toBe(422);
      expect((await pay({ ...payout, paidOn: '2026-12-09' })).status).toBe(201);
    } finally {
      resetClock();
    }
  });
});

describe('payout details on the profile (D34)', () => {
  it('are saved, shown to the admin, and checked', async () => {
    const { owner } = await ownerWithOrder();
    const body = { bankName: 'BCA', accountName: 'Made Owner', accountNumber: '123-456-7890' };
    const saved = await ctx.answer(
      ctx.client<PaymentsApi>(owner.cookie).profile['payout-details'].$put({ json: body }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(body);
    const tab = await ctx.answer(ctx.client<PaymentsApi>(admin.cookie).admin.payouts.$get({ query: {} }));
    expect(
      tab.body.owners.items.find((o: { ownerId: string }) => o.ownerId === owner.user.id)?.payoutDetails,
    ).toEqual(body);
    const bad = await ctx.answer(
      ctx
        .client<PaymentsApi>(owner.cookie)
        .profile['payout-details'].$put({ json: { ...body, accountNumber: 'abc' } }),
    );
    expect(bad.status).toBe(422);
    const cleared = await ctx.answer(
      ctx.client<PaymentsApi>(owner.cookie).profile['payout-details'].$put({ json: {} }),
    );
    expect(cleared.body).toEqual({ bankName: null, accountName: null, accountNumber: null });
  });
});

describe('a paid-out order stays Completed (D41)', () => {
  const setStatus = (orderId: string, status: string) =>
    ctx.answer(
      ctx.client<OrdersApi>(admin.cookie).orders[':id'].actions.$post({
        param: { id: orderId },
        json: { type: 'set_status', status: uncheckedInput(status) },
      }),
    );
  const today = () => new Date().toISOString().slice(0, 10);

  it.each([
    ['paid out in full', '18000'],
    ['paid out in part', '5000'],
  ])(
    '%s: moving it back is refused with 409 and changes nothing; the balance never goes negative',
    async (_, amount) => {
      const { owner, order } = await ownerWithOrder('Completed');
      expect(
        (await pay({ ownerId: owner.user.id, amount, paidOn: today(), reference: `TRF-${amount}` })).status,
      ).toBe(201);
      const before = (await earnings(owner)).body;
      for (const status of ['Returning in Progress', 'Delivered', 'Waiting for Payment', 'Cancelled']) {
        const res = await setStatus(order.id, status);
        expect(res.status, status).toBe(409);
        expect(res.body.error).toEqual({
          code: 'ORDER_PAID_OUT',
          message:
            'The owner’s share of this order is already paid out, so the order stays Completed. Record any refund to the borrower outside the order.',
        });
      }
      const after = (await earnings(owner)).body;
      expect(after.totals).toEqual(before.totals);
      expect(Number(after.totals.payable)).toBeGreaterThanOrEqual(0);
      const detail = await ctx.answer(
        ctx.client<OrdersApi>(admin.cookie).orders[':id'].$get({ param: { id: order.id } }),
      );
      expect(detail.body.status).toBe('Completed');
    },
  );

  it('an order whose share is still covered by the unpaid balance may leave Completed', async () => {
    const { owner, order } = await ownerWithOrder('Completed');
    // A second completed order of the same owner: the payout covers only one share.
    const book = await createBook(ctx.db, { ownerId: owner.user.id, weeklyPrice: '20000.00' });
    const second = await placeTestOrder(ctx, { books: [book] });
    await advanceTestOrder(ctx, { orderId: second.order.id, admin, to: 'Completed' });
    expect(
      (await pay({ ownerId: owner.user.id, amount: '18000', paidOn: today(), reference: 'TRF-ONE' })).status,
    ).toBe(201);
    const res = await setStatus(order.id, 'Returning in Progress');
    expect(res.status).toBe(200);
    expect((await earnings(owner)).body.totals.payable).toBe('0.00');
    // Now the other order's share is the paid one: it stays Completed.
    expect((await setStatus(second.order.id, 'Returning in Progress')).status).toBe(409);
  });
});
