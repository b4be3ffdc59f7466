import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { QueueRow } from '@domain/admin-types';
import { emailNotifications, orderEvents, orders, paymentTasks } from '@server/db/schema';
import { resetClock, setClock } from '@server/lib/clock';
import { createBook, createUser } from '@server/seed/factories';
import { createTestContext, type Member, type TestContext } from '@tests/support/harness';
import { advanceTestOrder, placeTestOrder } from '@tests/support/order-factories';
import { insertOrder } from '@tests/support/order-fixture';
import { insertPaymentTask } from '@tests/support/payment-tasks';
import type { AdminApi } from './routes';
import type { FinanceApi } from '@server/modules/finance/routes';
import type { PaymentsApi } from '@server/modules/payments/routes';

// D50: the admin's "Needs you now" queue: each kind of waiting work appears when it is due and
// leaves when it is handled, all of it by deadline, soonest (and so late) first; and the
// dashboard's figure of delivery orders priced after their 24 hours this week.

const HOUR = 3_600_000;

let ctx: TestContext;
let admin: Member;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.admin({ name: 'Queue Admin' });
});
afterEach(() => resetClock());
afterAll(() => ctx.close());

/** Every test starts from an empty queue: what earlier tests left waiting is handled here. */
beforeEach(async () => {
  await ctx.db.update(orders).set({ status: 'Cancelled' });
  await ctx.db.update(paymentTasks).set({ resolvedAt: new Date() });
  await ctx.db.delete(emailNotifications);
});

async function queuePage(query: { cursor?: string; pageSize?: string } = {}) {
  const res = await ctx.client<AdminApi>(admin.cookie).admin.queue.$get({ query });
  if (res.status !== 200) throw new Error(`the queue answered ${res.status}`);
  return res.json();
}
const queue = async () => (await queuePage({ pageSize: '100' })).items;
const find = (rows: QueueRow[], kind: QueueRow['kind'], id: string) =>
  rows.find((r) => r.kind === kind && r.id === id);

/** A delivery order on a route without a delivery price (D49): it waits in Draft. */
async function unpricedOrder() {
  const owner = await createUser(ctx.db, { location: 'Amed' });
  const borrower = await ctx.member({ location: 'Canggu' });
  const book = await createBook(ctx.db, { ownerId: owner.id, weeklyPrice: '20000.00' });
  return (await placeTestOrder(ctx, { borrower, books: [book] })).order;
}
const placedAt = async (orderId: string, at: Date) =>
  ctx.db.update(orders).set({ createdAt: at }).where(eq(orders.id, orderId));

async function failedEmail(failedAt: Date) {
  const [row] = await ctx.db
    .insert(emailNotifications)
    .values({
      recipientEmail: 'queue-failed@example.com',
      recipientType: 'user',
      emailType: 'test',
      subject: 'Your order is on its way',
      textBody: 'x',
      htmlBody: '<p>x</p>',
      attempts: 21,
      lastError: 'Connection refused',
      failedAt,
    })
    .returning();
  return row;
}

describe('Needs you now (D50)', () => {
  it('lists an unpriced delivery order with its 24-hour deadline, late once it passes, until it is priced', async () => {
    const order = await unpricedOrder();
    const placed = (await ctx.db.select().from(orders).where(eq(orders.id, order.id)))[0].createdAt;
    setClock(new Date(placed.getTime() + 23 * HOUR));
    const row = find(await queue(), 'shipping_cost', order.id);
    expect(row).toMatchObject({
      kind: 'shipping_cost',
      number: order.number,
      late: false,
      ownerArea: 'Amed',
      borrowerArea: 'Canggu',
      deliveryMethod: 'delivery',
    });
    expect(Date.parse(row!.dueAt) - placed.getTime()).toBe(24 * HOUR);
    // The queue's count of these orders is kept (migration 0056), and follows them.
    expect((await queuePage()).total).toBe(1);

    setClock(new Date(placed.getTime() + 25 * HOUR));
    expect(find(await queue(), 'shipping_cost', order.id)?.late).toBe(true);

    await advanceTestOrder(ctx, { orderId: order.id, admin, to: 'Waiting for Payment' });
    expect(find(await queue(), 'shipping_cost', order.id)).toBeUndefined();
    expect((await queuePage()).total).toBe(0);
    // A pickup order never waits for a shipping cost.
    const owner = await createUser(ctx.db);
    const borrower = await ctx.member();
    const book = await createBook(ctx.db, { ownerId: owner.id });
    const pickup = await placeTestOrder(ctx, { borrower, books: [book], deliveryMethod: 'pickup' });
    expect((await queue()).some((r) => r.id === pickup.order.id)).toBe(false);
    expect((await queuePage()).total).toBe(0);
    // Nor does a cancelled or deleted one.
    const cancelled = await unpricedOrder();
    const deleted = await unpricedOrder();
    expect((await queuePage()).total).toBe(2);
    await ctx.db.update(orders).set({ status: 'Cancelled' }).where(eq(orders.id, cancelled.id));
    await ctx.db.delete(orders).where(eq(orders.id, deleted.id));
    expect((await queuePage()).total).toBe(0);
  });

  it('lists a payment claim from "I have paid" until the admin confirms it', async () => {
    const borrower = await ctx.member();
    const owner = await createUser(ctx.db);
    const { order } = await insertOrder(ctx.db, {
      borrower: borrower.user,
      ownerId: owner.id,
      status: 'Waiting for Payment',
      shippingCost: '15000',
    });
    expect(find(await queue(), 'payment_claim', order.id)).toBeUndefined();
    expect((await queuePage()).total).toBe(0);
    const claimed = await ctx.answer(
      ctx.client<PaymentsApi>(borrower.cookie).orders[':id']['payment-claim'].$post({
        param: { id: order.id },
        form: {},
      }),
    );
    expect(claimed.status).toBe(200);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(find(await queue(), 'payment_claim', order.id)).toMatchObject({
      dueAt: row.paymentClaimedAt!.toISOString(),
      total: row.total,
      userName: borrower.user.name,
      receiptUrl: null,
      late: false,
    });
    expect((await queuePage()).total).toBe(1);
    await advanceTestOrder(ctx, { orderId: order.id, admin, to: 'Processed' });
    expect(find(await queue(), 'payment_claim', order.id)).toBeUndefined();
    expect((await queuePage()).total).toBe(0);
  });

  it('lists an open payment task (D44) until it is resolved', async () => {
    const task = await insertPaymentTask(ctx.db, { order: null, amount: '25000.00' });
    expect(find(await queue(), 'payment_task', task.id)).toMatchObject({
      taskKind: 'unknown_reference',
      amount: '25000.00',
      orderNumber: null,
      dueAt: task.createdAt.toISOString(),
    });
    const dismissed = await ctx.answer(
      ctx.client<FinanceApi>(admin.cookie).admin['payment-tasks'][':id'].dismiss.$post({
        param: { id: task.id },
        json: { note: 'Handled by phone' },
      }),
    );
    expect(dismissed.status).toBe(200);
    expect(find(await queue(), 'payment_task', task.id)).toBeUndefined();
  });

  it('lists a loan once it is overdue, late, until its return starts', async () => {
    const borrower = await ctx.member();
    const owner = await createUser(ctx.db);
    const { order } = await insertOrder(ctx.db, { borrower: borrower.user, ownerId: owner.id });
    await advanceTestOrder(ctx, { orderId: order.id, admin, to: 'Delivered' });
    const [delivered] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
    const dueAt = delivered.dueAt!;
    setClock(new Date(dueAt.getTime() - 1));
    expect(find(await queue(), 'overdue_return', order.id)).toBeUndefined();
    const { total } = await queuePage();
    setClock(new Date(dueAt.getTime() + 1));
    expect(find(await queue(), 'overdue_return', order.id)).toMatchObject({
      late: true,
      dueAt: dueAt.toISOString(),
      ownerName: owner.name,
    });
    // The count follows (overdue loans kept by due day, migration 0056), whatever hour it is due.
    expect((await queuePage()).total).toBe(total + 1);
    await advanceTestOrder(ctx, { orderId: order.id, admin, to: 'Returning in Progress' });
    expect(find(await queue(), 'overdue_return', order.id)).toBeUndefined();
    expect((await queuePage()).total).toBe(total);
  });

  it('lists a failed email until the admin retries it', async () => {
    const email = await failedEmail(new Date());
    expect(find(await queue(), 'failed_email', email.id)).toMatchObject({
      recipientEmail: 'queue-failed@example.com',
      subject: 'Your order is on its way',
      dueAt: email.failedAt!.toISOString(),
    });
    const retried = await ctx.answer(
      ctx.client<AdminApi>(admin.cookie).admin.emails[':id'].retry.$post({ param: { id: email.id } }),
    );
    expect(retried.status).toBe(200);
    expect(find(await queue(), 'failed_email', email.id)).toBeUndefined();
    expect(await queuePage()).toMatchObject({ items: [], total: 0, nextCursor: null, prevCursor: null });
  });

  it('puts the unpriced orders first, late first, then the rest by deadline, and pages through them by cursor without a gap or a repeat', async () => {
    const t0 = Date.parse('2026-12-07T04:00:00Z');
    setClock(new Date(t0));
    const at = (hours: number) => new Date(t0 + hours * HOUR);
    // An order placed 30 hours ago (6 hours late), one placed 2 hours ago (22 hours left).
    const late = await unpricedOrder();
    await placedAt(late.id, at(-30));
    const fresh = await unpricedOrder();
    await placedAt(fresh.id, at(-2));
    const email = await failedEmail(at(-3));
    const task = await insertPaymentTask(ctx.db, { order: null });
    await ctx.db
      .update(paymentTasks)
      .set({ createdAt: at(-1) })
      .where(eq(paymentTasks.id, task.id));
    // A task failed at the same moment as the email: the tie goes to the kind ranked first.
    const tie = await insertPaymentTask(ctx.db, { order: null });
    await ctx.db
      .update(paymentTasks)
      .set({ createdAt: at(-3) })
      .where(eq(paymentTasks.id, tie.id));

    // D50: the orders waiting for their shipping cost first (late, then by time left), then the
    // work already due, longest waiting first.
    const expected = [
      ['shipping_cost', late.id],
      ['shipping_cost', fresh.id],
      ['payment_task', tie.id],
      ['failed_email', email.id],
      ['payment_task', task.id],
    ];
    const rows = await queue();
    expect(rows.map((r) => [r.kind, r.id])).toEqual(expected);
    expect(rows.map((r) => r.late)).toEqual([true, false, false, false, false]);
    expect(Date.parse(rows[1].dueAt) - t0).toBe(22 * HOUR);

    // Pages of 2 forwards, then back from the last page, give the same rows in the same order.
    const forwards: string[][] = [];
    let page = await queuePage({ pageSize: '2' });
    expect(page).toMatchObject({ total: 5, totalCapped: false, prevCursor: null });
    forwards.push(...page.items.map((r) => [r.kind, r.id]));
    while (page.nextCursor) {
      page = await queuePage({ pageSize: '2', cursor: page.nextCursor });
      forwards.push(...page.items.map((r) => [r.kind, r.id]));
    }
    expect(forwards).toEqual(expected);
    // Backwards, a short page at the start is read as the first page (as every keyset list does).
    const backwards = new Map<string, string[]>();
    page = await queuePage({ pageSize: '2', cursor: 'last' });
    const pages = [page.items];
    while (page.prevCursor) {
      page = await queuePage({ pageSize: '2', cursor: page.prevCursor });
      pages.unshift(page.items);
    }
    for (const r of pages.flat()) backwards.set(`${r.kind}:${r.id}`, [r.kind, r.id]);
    expect([...backwards.values()]).toEqual(expected);
    expect(pages[0].map((r) => [r.kind, r.id])).toEqual(expected.slice(0, 2));

    for (const cursor of [
      'nonsense',
      Buffer.from(JSON.stringify(['admin-queue', 'a', 'x', 'y'])).toString('base64url'),
    ]) {
      const res = await ctx.answer(
        ctx.client<AdminApi>(admin.cookie).admin.queue.$get({ query: { cursor: cursor } }),
      );
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('INVALID_CURSOR');
    }
  });

  it('is the admins’ alone', async () => {
    const member = await ctx.member();
    expect(
      (await ctx.answer(ctx.client<AdminApi>(member.cookie).admin.queue.$get({ query: {} }))).status,
    ).toBe(403);
    expect((await ctx.answer(ctx.client<AdminApi>().admin.queue.$get({ query: {} }))).status).toBe(401);
  });
});

describe('the late-priced figure (D50)', () => {
  it('counts the delivery orders priced after their 24 hours this week, in the operator’s zone', async () => {
    // Wednesday 9 December 2026, 10:00 in Bali (UTC+8); the week began Monday 7 December 00:00 there.
    const clock = Date.parse('2026-12-09T02:00:00Z');
    const weekStart = Date.parse('2026-12-06T16:00:00Z');
    const cases = [
      // [placed, priced]: late this week, on time this week, late last week, late just after the week began.
      [weekStart - 40 * HOUR, weekStart + 5 * HOUR],
      [weekStart + 1 * HOUR, weekStart + 20 * HOUR],
      [weekStart - 60 * HOUR, weekStart - 1],
      [weekStart - 25 * HOUR, weekStart],
    ];
    const ids: string[] = [];
    for (const [placed, priced] of cases) {
      const order = await unpricedOrder();
      await advanceTestOrder(ctx, { orderId: order.id, admin, to: 'Waiting for Payment' });
      await placedAt(order.id, new Date(placed));
      await ctx.db
        .update(orderEvents)
        .set({ createdAt: new Date(priced) })
        .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.fromStatus, 'Draft')));
      ids.push(order.id);
    }
    setClock(new Date(clock));

    // The same figure computed from the rows themselves.
    const events = await ctx.db
      .select({ orderId: orderEvents.orderId, pricedAt: orderEvents.createdAt, placedAt: orders.createdAt })
      .from(orderEvents)
      .innerJoin(orders, eq(orders.id, orderEvents.orderId))
      .where(
        and(
          eq(orderEvents.fromStatus, 'Draft'),
          eq(orderEvents.toStatus, 'Waiting for Payment'),
          eq(orders.deliveryMethod, 'delivery'),
          inArray(orders.id, ids),
        ),
      );
    const fromRows = new Set(
      events
        .filter(
          (e) => e.pricedAt.getTime() >= weekStart && e.pricedAt.getTime() - e.placedAt.getTime() > 24 * HOUR,
        )
        .map((e) => e.orderId),
    ).size;
    expect(fromRows).toBe(2);
    const stats = await ctx.client<AdminApi>(admin.cookie).admin.stats.$get();
    expect(stats.status).toBe(200);
    if (stats.status === 200) expect((await stats.json()).pricedLateThisWeek).toBe(fromRows);
  });
});
