import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fromMinor, toMinor } from '@domain/money';
import { ownerShare } from '@domain/pricing';
import { orders, payments } from '@server/db/schema';
import { resetClock, setClock } from '@server/lib/clock';
import { createBook } from '@server/seed/factories';
import { fireDueTimers } from '@server/timers/fire';
import {
  createGatewayTestContext,
  type GatewayTestContext,
  sendUnknownPayment,
} from '@tests/support/gateway';
import type { Member } from '@tests/support/harness';
import { advanceTestOrder, placeTestOrder } from '@tests/support/order-factories';
import type { PaymentsApi } from '@server/modules/payments/routes';
import type { FinanceApi } from './routes';

// D43: the gateway's fee is the platform's cost. The admin's Finance tab sums a month's paid
// orders (rent, shipping, owners' shares, service fees through the pricing module) and every
// gateway fee of the month, late money included; the platform's net share is the service fees
// minus the gateway fees. The owner's Earnings page never sees a fee.

let g: GatewayTestContext;
let admin: Member;
let owner: Member;
beforeAll(async () => {
  g = await createGatewayTestContext();
  admin = await g.ctx.admin({ name: 'Finance Admin' });
  owner = await g.ctx.member({ name: 'Finance Owner' });
});
afterEach(() => resetClock());
afterAll(() => g.close());

const work = () => g.ctx.deps.outbox.runOnce();
const figures = async (month?: string) => {
  const res = await g.ctx.answer(
    g.ctx.client<FinanceApi>(admin.cookie).admin.finance.$get({ query: month ? { month } : {} }),
  );
  expect(res.status).toBe(200);
  return res.body;
};

/** A pickup order of the owner's books at these weekly prices, paid at `at` through `by`. */
async function paidOrder(prices: string[], at: Date, by: 'qris' | 'va', options: { late?: boolean } = {}) {
  setClock(at);
  const bookRows = [];
  for (const weeklyPrice of prices)
    bookRows.push(await createBook(g.ctx.db, { ownerId: owner.user.id, weeklyPrice }));
  const placed = await placeTestOrder(g.ctx, { books: bookRows, deliveryMethod: 'pickup' });
  const orderId = placed.order.id;
  await g.ctx.answer(
    g.ctx
      .client<PaymentsApi>(placed.borrower.cookie)
      .orders[':id'].payment.gateway.$get({ param: { id: orderId } }),
  );
  const rows = await g.ctx.db.select().from(payments).where(eq(payments.orderId, orderId));
  const payment = rows.find((p) => (by === 'qris' ? p.method === 'qris' : p.channel === 'BNI'))!;
  if (options.late) {
    setClock(new Date(at.getTime() + 49 * 3_600_000));
    await fireDueTimers({ db: g.ctx.db, config: g.ctx.config, log: g.ctx.deps.log });
  }
  await g.gateway.pay(payment.providerRef);
  await work();
  const [order] = await g.ctx.db.select().from(orders).where(eq(orders.id, orderId));
  return order;
}

const DECEMBER = new Date('2026-12-03T02:00:00Z');
const NOVEMBER = new Date('2026-11-20T02:00:00Z');

describe('the Finance tab’s sums (D43)', () => {
  it('a month’s rent, shares, service fees, gateway fees and the platform’s net share add up', async () => {
    const pct = g.ctx.config.serviceFeePercent;
    // December: one order paid by QRIS (0.7%, rounded up), one by a virtual account (Rp 4,000).
    const a = await paidOrder(['15000.00'], DECEMBER, 'qris');
    const b = await paidOrder(['25000.00', '15500.00'], DECEMBER, 'va');
    expect([a.status, b.status]).toEqual(['Processed', 'Processed']);
    // Late money for an order the window cancelled: no sale, but its fee is paid all the same.
    const late = await paidOrder(['30000.00'], DECEMBER, 'qris', { late: true });
    expect(late.status).toBe('Cancelled');
    // Paid, then cancelled by an admin: the money goes back, so no sale; the fee stays a cost.
    const undone = await paidOrder(['20000.00'], DECEMBER, 'qris');
    setClock(DECEMBER);
    await advanceTestOrder(g.ctx, { orderId: undone.id, admin, to: 'Cancelled' });
    // Money with an unknown reference: no order, no payment row; its fee is a cost all the same.
    setClock(DECEMBER);
    expect(await sendUnknownPayment(g.gateway, 'py-stray-finance')).toBe(200);
    await work();
    // November: one order, which December does not count.
    const nov = await paidOrder(['12000.00'], NOVEMBER, 'qris');

    const december = await figures('2026-12');
    const sales = [a, b];
    const items = sales.reduce((sum, o) => sum + toMinor(o.subtotal), 0);
    const shares = sales.reduce((sum, o) => sum + toMinor(ownerShare(o.subtotal, pct).ownerShare), 0);
    const fees =
      toMinor('105.00') + toMinor('4000.00') + toMinor('210.00') + toMinor('140.00') + toMinor('350.00');
    expect(december).toEqual({
      month: '2026-12',
      paidOrders: 2,
      received: fromMinor(items),
      itemsTotal: fromMinor(items),
      shipping: '0.00',
      ownerShares: fromMinor(shares),
      serviceFees: fromMinor(items - shares),
      gatewayFees: fromMinor(fees),
      platformNet: fromMinor(items - shares - fees),
      gatewayPayments: 5,
    });
    // The figures are the pricing module's: 10% of Rp 15,000 and of Rp 40,500 (half up).
    expect(december.serviceFees).toBe(
      fromMinor(
        toMinor(ownerShare('15000.00', pct).serviceFee) + toMinor(ownerShare('40500.00', pct).serviceFee),
      ),
    );

    const november = await figures('2026-11');
    expect(november).toMatchObject({
      paidOrders: 1,
      itemsTotal: nov.subtotal,
      gatewayFees: '84.00',
      gatewayPayments: 1,
    });
    expect(toMinor(november.platformNet)).toBe(toMinor(ownerShare(nov.subtotal, pct).serviceFee) - 8400);

    // Without a month: the operator's current month.
    setClock(new Date('2026-12-31T15:30:00Z')); // 23:30 in Bali, still December there
    expect((await figures()).month).toBe('2026-12');
    setClock(new Date('2026-12-31T16:30:00Z')); // 00:30 on 1 January in Bali
    expect(await figures()).toMatchObject({ month: '2027-01', paidOrders: 0, platformNet: '0.00' });
  });

  it('the fees can exceed the platform’s share: the net share is negative, never taken from the owner', async () => {
    // A Rp 1,000 book by virtual account: service fee Rp 100, gateway fee Rp 4,000.
    const month = new Date('2027-02-10T02:00:00Z');
    const order = await paidOrder(['1000.00'], month, 'va');
    const feb = await figures('2027-02');
    const { serviceFee, ownerShare: share } = ownerShare('1000.00', g.ctx.config.serviceFeePercent);
    expect(feb).toMatchObject({
      paidOrders: 1,
      ownerShares: share,
      serviceFees: serviceFee,
      gatewayFees: '4000.00',
      platformNet: fromMinor(toMinor(serviceFee) - 400_000),
    });
    expect(feb.platformNet.startsWith('-')).toBe(true);
    expect(order.ownerShare).toBe(share);
  });

  it('the owner’s Earnings page shows each order’s share as fixed at checkout, whatever the gateway kept', async () => {
    const res = await g.ctx.answer(
      g.ctx.client<PaymentsApi>(owner.cookie).earnings.$get({ query: { pageSize: '100' } }),
    );
    expect(res.status).toBe(200);
    const paid = res.body.orders.items.filter((o) => o.status === 'Processed');
    expect(paid.length).toBeGreaterThan(0);
    for (const o of paid) {
      expect(o.ownerShare).toBe(ownerShare(o.itemsTotal, g.ctx.config.serviceFeePercent).ownerShare);
      expect(toMinor(o.ownerShare) + toMinor(o.serviceFee)).toBe(toMinor(o.itemsTotal));
    }
    const pending = paid.reduce((sum, o) => sum + toMinor(o.ownerShare), 0);
    expect(toMinor(res.body.totals.pending)).toBe(pending);
  });

  it('refuses a malformed month with 422', async () => {
    for (const month of ['2026-13', '2026-1', 'december', '2026-12-01']) {
      const res = await g.ctx.answer(
        g.ctx.client<FinanceApi>(admin.cookie).admin.finance.$get({ query: { month: month } }),
      );
      expect(res.status).toBe(422);
    }
  });
});
