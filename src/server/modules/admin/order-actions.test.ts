import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookStatus, OrderStatus } from '@domain/constants';
import { formatMoney } from '@domain/money';
import { createBook, createUser } from '@server/seed/factories';
import { books, emailNotifications, orders, user } from '@server/db/schema';
import { createTestContext, type Member, type TestContext, uncheckedInput } from '@tests/support/harness';
import { placeTestOrder } from '@tests/support/order-factories';
import type { OrdersApi } from '@server/modules/orders/routes';
import type { AdminApi } from './routes';

// The admin dashboard's order controls, end to end through the API the web calls
// (POST /api/orders/:id/actions, the one status service, D8): rules, messages, book effects
// and the D16 emails that follow.

let ctx: TestContext;
let admin: Member;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.admin({ name: 'Dashboard Admin' });
});
afterAll(() => ctx.close());

const act = (orderId: string, body: unknown, cookie = admin.cookie) =>
  ctx.answer(
    ctx
      .client<OrdersApi>(cookie)
      .orders[':id'].actions.$post({ param: { id: orderId }, json: uncheckedInput(body) }),
  );

async function bookStatuses(ids: string[]): Promise<BookStatus[]> {
  const rows = await ctx.db.select({ status: books.status }).from(books).where(inArray(books.id, ids));
  return rows.map((r) => r.status);
}

async function orderRow(id: string) {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

describe('Set Shipping Cost (spec section 5)', () => {
  it('refuses empty, zero, negative, non-numeric and 3-decimal costs with the spec message, changing nothing', async () => {
    const { order } = await placeTestOrder(ctx);
    for (const shippingCost of ['', '0', '0.00', '-5', 'abc', '1.2345', '1e4']) {
      const res = await act(order.id, { type: 'set_shipping_cost', shippingCost });
      expect(res.status, shippingCost).toBeGreaterThanOrEqual(400);
      expect(res.status, shippingCost).toBeLessThan(500);
      expect(res.body.error.message, shippingCost).toBe('Please enter a valid shipping cost');
    }
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: 'Draft', shippingCost: null, total: null });
  });

  it('refuses a fraction, less than Rp 1.000 and an amount the total could not hold with 422, never 500 (D32)', async () => {
    const { order } = await placeTestOrder(ctx);
    const cases: Array<[unknown, string]> = [
      ['9999999999.99', 'Price must be a whole number of rupiah'],
      ['9999999999', 'Shipping cost must be Rp 100.000.000 or less'],
      ['99999999999999999999', 'Shipping cost must be Rp 100.000.000 or less'],
      [9_999_999_999, 'Shipping cost must be Rp 100.000.000 or less'],
      ['15000.50', 'Price must be a whole number of rupiah'],
      ['999', 'Shipping cost must be at least Rp 1.000'],
    ];
    for (const [shippingCost, message] of cases) {
      const res = await act(order.id, { type: 'set_shipping_cost', shippingCost });
      expect(res.status, String(shippingCost)).toBe(422);
      expect(res.body.error.message, String(shippingCost)).toBe(message);
    }
    expect(await orderRow(order.id)).toMatchObject({ status: 'Draft', shippingCost: null, total: null });
    // The highest accepted cost fits: "15.000" typed the Indonesian way is fifteen thousand.
    const top = await act(order.id, { type: 'set_shipping_cost', shippingCost: '100.000.000' });
    expect(top.status).toBe(200);
    expect(top.body.shippingCost).toBe('100000000.00');
  });

  it('sets shipping, total = subtotal + shipping exactly, and moves to Waiting for Payment', async () => {
    const owner = await createUser(ctx.db);
    const made = [
      await createBook(ctx.db, { ownerId: owner.id, weeklyPrice: '12500.50' }),
      await createBook(ctx.db, { ownerId: owner.id, weeklyPrice: '7000.25' }),
    ];
    const { order } = await placeTestOrder(ctx, { books: made });
    const res = await act(order.id, { type: 'set_shipping_cost', shippingCost: '20.000' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'Waiting for Payment',
      subtotal: '19500.75',
      shippingCost: '20000.00',
      total: '39500.75',
    });
    const listed = await ctx.answer(
      ctx.client<AdminApi>(admin.cookie).admin.orders.$get({ query: { q: order.number } }),
    );
    expect(listed.body.items[0]).toMatchObject({ status: 'Waiting for Payment', total: '39500.75' });
    // A second shipping cost is refused: the order is no longer Draft.
    const again = await act(order.id, { type: 'set_shipping_cost', shippingCost: '1000' });
    expect(again.status).toBe(409);
  });

  it('confirms a pickup order with 0 (self pickup is free) and refuses any other amount', async () => {
    const { order } = await placeTestOrder(ctx, { deliveryMethod: 'pickup' });
    // D33: pickup orders start at Waiting for Payment; an admin may still set one back to Draft.
    expect(order.status).toBe('Waiting for Payment');
    expect((await act(order.id, { type: 'set_shipping_cost', shippingCost: '0' })).status).toBe(409);
    expect((await act(order.id, { type: 'set_status', status: 'Draft' })).status).toBe(200);
    const paid = await act(order.id, { type: 'set_shipping_cost', shippingCost: '5000' });
    expect(paid.body.error.message).toBe('Please enter a valid shipping cost');
    const free = await act(order.id, { type: 'set_shipping_cost', shippingCost: '0' });
    expect(free.status).toBe(200);
    expect(free.body).toMatchObject({ status: 'Waiting for Payment', shippingCost: '0.00' });
    expect(free.body.total).toBe(free.body.subtotal);
  });

  it('is the admin’s alone: the borrower and the owner get 403', async () => {
    const { order, borrower, books: made } = await placeTestOrder(ctx);
    const ownerCookie = await signInOwner(made[0].ownerId!);
    for (const cookie of [borrower.cookie, ownerCookie]) {
      const res = await act(order.id, { type: 'set_shipping_cost', shippingCost: '1000' }, cookie);
      expect(res.status).toBe(403);
    }
    expect((await orderRow(order.id)).status).toBe('Draft');
  });
});

/** The factory's owners have the factory password; sign one in. */
async function signInOwner(ownerId: string): Promise<string> {
  const [row] = await ctx.db.select().from(user).where(eq(user.id, ownerId));
  return ctx.signIn(row.email, 'password123');
}

describe('the buttons through every status, with their book effects and emails', () => {
  it('Draft -> ... -> Completed: Borrowed from Processed on, Available at the end; each D16 email once', async () => {
    const { order, borrower, books: made } = await placeTestOrder(ctx);
    const ids = made.map((b) => b.id);
    const steps: Array<[unknown, OrderStatus, BookStatus, string | null]> = [
      [
        { type: 'set_shipping_cost', shippingCost: '15000' },
        'Waiting for Payment',
        'Available',
        'order_shipping_cost_set',
      ],
      [
        { type: 'confirm_payment', amountReceived: '25000', bankReference: 'BCA-123' },
        'Processed',
        'Borrowed',
        'order_payment_confirmed',
      ],
      [{ type: 'mark_shipped' }, 'Delivery in Progress', 'Borrowed', 'order_shipped'],
      [{ type: 'mark_delivered' }, 'Delivered', 'Borrowed', 'order_delivered'],
      [{ type: 'mark_return_started' }, 'Returning in Progress', 'Borrowed', 'order_return_started'],
      [{ type: 'confirm_return_complete' }, 'Completed', 'Available', 'order_completed'],
    ];
    expect(await bookStatuses(ids)).toEqual(['Available']);
    for (const [action, status, bookStatus] of steps) {
      const res = await act(order.id, action);
      expect(res.status, JSON.stringify(action)).toBe(200);
      expect(res.body.status).toBe(status);
      expect(await bookStatuses(ids)).toEqual([bookStatus]);
    }
    // The book is free again: listed in the shop and no longer reserved.
    const [book] = await ctx.db.select().from(books).where(eq(books.id, ids[0]));
    expect(book).toMatchObject({ status: 'Available', reservedByOrderId: null, listed: true });

    const sent = await ctx.db
      .select({ type: emailNotifications.emailType, to: emailNotifications.recipientEmail })
      .from(emailNotifications)
      .where(eq(emailNotifications.orderId, order.id));
    const toBorrower = sent.filter((e) => e.to === borrower.user.email).map((e) => e.type);
    expect(toBorrower.sort()).toEqual(['order_placed', ...steps.map((s) => s[3] as string)].sort());
    expect(sent.filter((e) => e.to === admin.user.email).map((e) => e.type)).toEqual(['order_placed']);

    await ctx.deps.outbox.runOnce();
    const mail = await ctx.mailbox.waitFor(
      (m) =>
        m.to.includes(borrower.user.email) && m.subject === `Payment instructions for order #${order.number}`,
    );
    expect(mail.body).toContain(formatMoney('15000'));
    expect(mail.body).toContain(ctx.config.payment.accountNumber);
  });

  it('the select sets any of the 8 statuses; book effects follow the new status (D8)', async () => {
    const { order, books: made } = await placeTestOrder(ctx);
    const ids = made.map((b) => b.id);
    // Out on loan from Processed to Returning in Progress; Available before and after (D8).
    const path: Array<[OrderStatus, BookStatus]> = [
      ['Processed', 'Borrowed'],
      ['Draft', 'Available'],
      ['Cancelled', 'Available'],
      ['Delivered', 'Borrowed'],
      ['Completed', 'Available'],
      ['Waiting for Payment', 'Available'],
      ['Delivery in Progress', 'Borrowed'],
      ['Returning in Progress', 'Borrowed'],
    ];
    for (const [status, bookStatus] of path) {
      const res = await act(order.id, { type: 'set_status', status });
      expect(res.status, status).toBe(200);
      expect(res.body.status).toBe(status);
      expect(await bookStatuses(ids), status).toEqual([bookStatus]);
    }
    const unknown = await act(order.id, { type: 'set_status', status: 'Lost' });
    expect(unknown.status).toBe(422);
    expect((await orderRow(order.id)).status).toBe('Returning in Progress');
  });

  it('Cancel frees the books; it is refused once the order is Cancelled', async () => {
    const { order, books: made } = await placeTestOrder(ctx);
    await act(order.id, { type: 'set_shipping_cost', shippingCost: '1000' });
    await act(order.id, { type: 'confirm_payment', amountReceived: '25000', bankReference: 'BCA-123' });
    expect(await bookStatuses([made[0].id])).toEqual(['Borrowed']);
    const cancelled = await act(order.id, { type: 'cancel' });
    expect(cancelled.body.status).toBe('Cancelled');
    expect(await bookStatuses([made[0].id])).toEqual(['Available']);
    expect((await act(order.id, { type: 'cancel' })).status).toBe(409);
  });
});
