import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emailNotifications, orderEvents, orders, timers } from '@server/db/schema';
import { resetClock, setClock } from '@server/lib/clock';
import { createBook, createUser } from '@server/seed/factories';
import { fireDueTimers } from '@server/timers/fire';
import { createTestContext, type Member, type TestContext, uncheckedInput } from '@tests/support/harness';
import { advanceTestOrder, placeTestOrder } from '@tests/support/order-factories';
import type { DeliveryPricesApi } from './routes';
import type { CartApi } from '@server/modules/cart/routes';
import type { CheckoutApi } from '@server/modules/checkout/routes';

// D49: a delivery on a route with a price gets it at checkout and is payable at once, like
// pickup; without one it waits in Draft; a later change never touches a placed order.
// D50: an order waiting for its shipping cost reminds the admins once, 4 hours before the
// 24 hours run out, from a timer row (so a restart or a SIGKILL loses nothing).

const HOUR = 3_600_000;

let ctx: TestContext;
let admin: Member;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.admin({ name: 'Route Admin' });
});
afterEach(() => resetClock());
afterAll(() => ctx.close());

const setPrice = (body: Record<string, unknown>, cookie = admin.cookie) =>
  ctx.answer(
    ctx.client<DeliveryPricesApi>(cookie).admin['delivery-prices'].$put({ json: uncheckedInput(body) }),
  );
/** The admin's table through the typed client (its answer type is the route's declaration). */
async function listPrices() {
  const res = await ctx.client<DeliveryPricesApi>(admin.cookie).admin['delivery-prices'].$get();
  if (res.status !== 200) throw new Error(`listing prices answered ${res.status}`);
  return (await res.json()).items;
}
const orderRow = async (id: string) => (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0];
const fire = () => fireDueTimers({ db: ctx.db, config: ctx.config, log: ctx.deps.log });
const emailsOf = (orderId: string, type: string) =>
  ctx.db
    .select()
    .from(emailNotifications)
    .where(and(eq(emailNotifications.orderId, orderId), eq(emailNotifications.emailType, type)));

/** A borrower in `borrowerArea` with one book of an owner in `ownerArea` in the cart, placed by delivery. */
async function deliveryOrder(ownerArea: string, borrowerArea: string) {
  const owner = await createUser(ctx.db, { location: ownerArea });
  const borrower = await ctx.member({ location: borrowerArea });
  const book = await createBook(ctx.db, { ownerId: owner.id, weeklyPrice: '20000.00' });
  const placed = await placeTestOrder(ctx, { borrower, books: [book] });
  return { ...placed, owner };
}

describe('delivery prices per pair of areas (D49)', () => {
  it('are kept by admins in whole rupiah, one per route, and refused to members and bad input', async () => {
    const made = await setPrice({ ownerArea: 'Sanur', borrowerArea: 'Kuta', price: '12000' });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ ownerArea: 'Sanur', borrowerArea: 'Kuta', price: '12000.00' });
    // The same route again replaces its price; a default (no owner area) is a route of its own.
    const replaced = await setPrice({ ownerArea: 'Sanur', borrowerArea: 'Kuta', price: 13000 });
    expect(replaced.body.id).toBe(made.body.id);
    expect((await setPrice({ ownerArea: null, borrowerArea: 'Kuta', price: '9000' })).status).toBe(200);
    const kuta = (await listPrices()).filter((row) => row.borrowerArea === 'Kuta');
    expect(kuta.map((row) => [row.ownerArea, row.price])).toEqual([
      [null, '9000.00'],
      ['Sanur', '13000.00'],
    ]);

    for (const bad of [
      { ownerArea: 'Sanur', borrowerArea: 'Kuta', price: '12500.50' },
      { ownerArea: 'Sanur', borrowerArea: 'Kuta', price: '500' },
      { ownerArea: 'Sanur', borrowerArea: 'K', price: '12000' },
      { ownerArea: 'Sanur', borrowerArea: 'Kuta', price: 'free' },
    ]) {
      const res = await setPrice(bad);
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
    }
    const member = await ctx.member();
    expect(
      (await setPrice({ ownerArea: null, borrowerArea: 'Kuta', price: '1000' }, member.cookie)).status,
    ).toBe(403);
    expect((await listPrices()).filter((row) => row.borrowerArea === 'Kuta').map((row) => row.price)).toEqual(
      ['9000.00', '13000.00'],
    );
    const gone = await ctx.answer(
      ctx
        .client<DeliveryPricesApi>(admin.cookie)
        .admin['delivery-prices'][':id'].$delete({ param: { id: made.body.id } }),
    );
    expect(gone.status).toBe(204);
    const again = await ctx.answer(
      ctx
        .client<DeliveryPricesApi>(admin.cookie)
        .admin['delivery-prices'][':id'].$delete({ param: { id: made.body.id } }),
    );
    expect(again.body.error.code).toBe('DELIVERY_PRICE_NOT_FOUND');
  });

  it('price a delivery on a priced route at checkout: shown before placing, payable at once, never changed after', async () => {
    await setPrice({ ownerArea: 'Canggu', borrowerArea: 'Seminyak', price: '15000' });
    const owner = await createUser(ctx.db, { location: 'Canggu' });
    const borrower = await ctx.member({ location: 'Seminyak' });
    const book = await createBook(ctx.db, { ownerId: owner.id, weeklyPrice: '20000.00' });
    await ctx.answer(ctx.client<CartApi>(borrower.cookie).cart.items.$post({ json: { bookId: book.id } }));
    const options = await ctx.answer(ctx.client<CheckoutApi>(borrower.cookie).checkout.options.$get());
    expect(options.body.deliveryPrices).toEqual([{ ownerId: owner.id, shippingCost: '15000.00' }]);

    const placed = await placeTestOrder(ctx, { borrower, books: [] });
    expect(placed.order).toMatchObject({
      status: 'Waiting for Payment',
      shippingCost: '15000.00',
      total: '35000.00',
    });
    expect(placed.order.paymentDueAt).not.toBeNull();
    const row = await orderRow(placed.order.id);
    expect(row).toMatchObject({ status: 'Waiting for Payment', shippingCost: '15000.00', total: '35000.00' });
    const events = await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, row.id));
    expect(events.map((e) => [e.toStatus, e.action])).toEqual([
      ['Draft', 'place_order'],
      ['Waiting for Payment', 'delivery_priced_by_area'],
    ]);
    // The payment instructions go at once; the borrower's placed email says so.
    expect(await emailsOf(row.id, 'order_shipping_cost_set')).toHaveLength(1);
    // No 24-hour promise to keep: no reminder armed (its one timer is the payment window's).
    const armed = await ctx.db.select().from(timers).where(eq(timers.subjectId, row.id));
    expect(armed.map((t) => t.kind).filter((kind) => kind.startsWith('shipping-promise'))).toEqual([]);

    // A price change afterwards never touches the placed order.
    await setPrice({ ownerArea: 'Canggu', borrowerArea: 'Seminyak', price: '25000' });
    expect(await orderRow(row.id)).toMatchObject({ shippingCost: '15000.00', total: '35000.00' });
  });

  it("use the borrower area's default for an owner area without a price of its own", async () => {
    await setPrice({ ownerArea: null, borrowerArea: 'Amed', price: '30000' });
    await setPrice({ ownerArea: 'Lovina', borrowerArea: 'Amed', price: '22000' });
    const fromLovina = await deliveryOrder('Lovina', 'Amed');
    const fromUbud = await deliveryOrder('Ubud', 'Amed');
    expect(fromLovina.order).toMatchObject({ status: 'Waiting for Payment', shippingCost: '22000.00' });
    expect(fromUbud.order).toMatchObject({ status: 'Waiting for Payment', shippingCost: '30000.00' });
  });

  it('leave a route with no price in Draft for an admin, as the spec says; pickup stays free', async () => {
    await setPrice({ ownerArea: 'Ubud', borrowerArea: 'Tabanan', price: '15000' });
    const unpriced = await deliveryOrder('Tabanan', 'Ubud');
    expect(unpriced.order).toMatchObject({
      status: 'Draft',
      shippingCost: null,
      total: null,
      paymentDueAt: null,
    });
    expect(await emailsOf(unpriced.order.id, 'order_shipping_cost_set')).toHaveLength(0);
    const owner = await createUser(ctx.db, { location: 'Ubud' });
    const borrower = await ctx.member({ location: 'Tabanan' });
    const book = await createBook(ctx.db, { ownerId: owner.id });
    const pickup = await placeTestOrder(ctx, { borrower, books: [book], deliveryMethod: 'pickup' });
    expect(pickup.order).toMatchObject({ status: 'Waiting for Payment', shippingCost: '0.00' });
  });
});

describe('the 24-hour promise (D50)', () => {
  it('reminds the admins once, at 20 hours, of an order still without its shipping cost', async () => {
    // The 24 hours count from the moment of placing, on the clock the timers read.
    const placedAt = Date.parse('2026-12-02T02:00:00Z');
    setClock(new Date(placedAt));
    const { order } = await deliveryOrder('Sidemen', 'Munduk');
    const at = (hours: number) => setClock(new Date(placedAt + hours * HOUR));
    // The reminder is a row committed with the order: a restarted (or SIGKILLed) server finds it.
    const [timer] = await ctx.db.select().from(timers).where(eq(timers.subjectId, order.id));
    expect(timer.dueAt.getTime() - placedAt).toBe(20 * HOUR);

    at(20 - 1 / 60);
    await fire();
    expect(await emailsOf(order.id, 'order_shipping_promise_due')).toHaveLength(0);

    at(20);
    await fire();
    const sent = await emailsOf(order.id, 'order_shipping_promise_due');
    expect(sent.map((e) => e.recipientEmail)).toContain(admin.user.email);
    expect(sent.every((e) => e.recipientType === 'admin')).toBe(true);
    expect(sent[0]?.subject).toContain('4 hours left');

    // Once per order: later passes (or a second worker) send nothing more.
    at(30);
    await fire();
    await fire();
    expect(await emailsOf(order.id, 'order_shipping_promise_due')).toHaveLength(sent.length);
  });

  it('sends nothing for an order priced before the reminder', async () => {
    const placedAt = Date.parse('2026-12-02T02:00:00Z');
    setClock(new Date(placedAt));
    const { order } = await deliveryOrder('Pemuteran', 'Jimbaran');
    setClock(new Date(placedAt + 3 * HOUR));
    await advanceTestOrder(ctx, { orderId: order.id, admin, to: 'Waiting for Payment' });
    // Priced: its reminder is cancelled, not left pending.
    const [reminder] = await ctx.db
      .select()
      .from(timers)
      .where(and(eq(timers.subjectId, order.id), like(timers.kind, 'shipping-promise%')));
    expect(reminder.cancelledAt).not.toBeNull();
    setClock(new Date(placedAt + 21 * HOUR));
    await fire();
    expect(await emailsOf(order.id, 'order_shipping_promise_due')).toHaveLength(0);
  });
});
