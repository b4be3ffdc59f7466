import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '@domain/constants';
import { orderNumber } from '@domain/order-number';
import { emailNotifications, orderEvents, orders } from '@server/db/schema';
import { createTestContext, type Member, type TestContext, uncheckedInput } from '@tests/support/harness';
import { advanceTestOrder, placeTestOrder } from '@tests/support/order-factories';
import type { AdminApi } from './routes';
import type { OrdersApi } from '@server/modules/orders/routes';

// The admin's bulk status change (POST /api/admin/orders/bulk-status): each order moves through
// the one status service (D8) under its own rules and in its own transaction; the ones that
// cannot move are named with the single-order button's refusal, and stay as they were.

let ctx: TestContext;
let admin: Member;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.admin({ name: 'Bulk Admin' });
});
afterAll(() => ctx.close());

/** As the admin by default; `null` for a guest. */
const bulk = (body: unknown, cookie: string | null = admin.cookie) =>
  ctx.answer(
    ctx
      .client<AdminApi>(cookie ?? undefined)
      .admin.orders['bulk-status'].$post({ json: uncheckedInput(body) }),
  );

async function orderAt(status: OrderStatus): Promise<string> {
  const { order } = await placeTestOrder(ctx);
  if (status !== 'Draft') await advanceTestOrder(ctx, { orderId: order.id, admin, to: status });
  return order.id;
}

async function statuses(ids: string[]): Promise<Record<string, OrderStatus>> {
  const rows = await ctx.db.select().from(orders).where(inArray(orders.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r.status]));
}

const eventsOf = (id: string, action: string) =>
  ctx.db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, id), eq(orderEvents.action, action)));

describe('bulk Mark as Delivered on mixed orders', () => {
  it('moves the ones that may move, each once with its event and emails; names the others with the reason', async () => {
    const ready = [
      await orderAt('Delivery in Progress'),
      await orderAt('Delivery in Progress'),
      await orderAt('Delivery in Progress'),
    ];
    const processed = await orderAt('Processed');
    const completed = await orderAt('Completed');
    const unknown = randomUUID();

    // The first is named twice: it moves once.
    const res = await bulk({
      action: 'mark_delivered',
      orderIds: [ready[0], processed, ready[1], unknown, completed, ready[2], ready[0]],
    });
    expect(res.status).toBe(200);
    expect(res.body.moved).toEqual(ready.map((id) => ({ id, number: orderNumber(id), status: 'Delivered' })));
    expect(res.body.refused).toEqual([
      {
        id: processed,
        number: orderNumber(processed),
        code: 'ORDER_ACTION_NOT_NOW',
        params: { status: 'Processed' },
      },
      { id: unknown, number: orderNumber(unknown), code: 'ORDER_NOT_FOUND' },
      {
        id: completed,
        number: orderNumber(completed),
        code: 'ORDER_ACTION_NOT_NOW',
        params: { status: 'Completed' },
      },
    ]);

    expect(await statuses([...ready, processed, completed])).toEqual({
      [ready[0]]: 'Delivered',
      [ready[1]]: 'Delivered',
      [ready[2]]: 'Delivered',
      [processed]: 'Processed',
      [completed]: 'Completed',
    });
    for (const id of ready) {
      const [event] = await eventsOf(id, 'mark_delivered');
      expect(event).toMatchObject({ actorId: admin.user.id, actorRole: 'admin', toStatus: 'Delivered' });
      expect(await eventsOf(id, 'mark_delivered')).toHaveLength(1);
      // The same emails the single button queues (D16), once.
      const emails = await ctx.db
        .select()
        .from(emailNotifications)
        .where(and(eq(emailNotifications.orderId, id), eq(emailNotifications.emailType, 'order_delivered')));
      expect(emails.length, id).toBeGreaterThan(0);
      expect(new Set(emails.map((e) => e.recipientEmail)).size).toBe(emails.length);
    }
    expect(await eventsOf(processed, 'mark_delivered')).toHaveLength(0);
  });

  it('each of the four actions moves its own status on, and refuses an order already moved on', async () => {
    const steps = [
      ['mark_shipped', 'Processed', 'Delivery in Progress'],
      ['mark_delivered', 'Delivery in Progress', 'Delivered'],
      ['mark_return_started', 'Delivered', 'Returning in Progress'],
      ['confirm_return_complete', 'Returning in Progress', 'Completed'],
    ] as const;
    for (const [action, from, to] of steps) {
      const id = await orderAt(from);
      const first = await bulk({ action, orderIds: [id] });
      expect(first.body, action).toEqual({
        moved: [{ id, number: orderNumber(id), status: to }],
        refused: [],
      });
      const again = await bulk({ action, orderIds: [id] });
      expect(again.body.refused, action).toEqual([
        { id, number: orderNumber(id), code: 'ORDER_ACTION_NOT_NOW', params: { status: to } },
      ]);
      expect(await statuses([id])).toEqual({ [id]: to });
    }
  });
});

describe('racing', () => {
  it('a bulk move and the single button on the same order at once: the order moves once', async () => {
    const id = await orderAt('Delivery in Progress');
    const others = [await orderAt('Delivery in Progress'), await orderAt('Delivery in Progress')];
    const [fromBulk, fromButton] = await Promise.all([
      bulk({ action: 'mark_delivered', orderIds: [others[0], id, others[1]] }),
      ctx.answer(
        ctx
          .client<OrdersApi>(admin.cookie)
          .orders[':id'].actions.$post({ param: { id: id }, json: { type: 'mark_delivered' } }),
      ),
    ]);
    expect(fromBulk.status).toBe(200);
    const bulkMovedIt = fromBulk.body.moved.some((m) => m.id === id);
    // Exactly one of the two moved it; the other was told it had moved on.
    expect(bulkMovedIt).toBe(fromButton.status === 409);
    if (!bulkMovedIt) {
      expect(fromBulk.body.refused).toEqual([
        { id, number: orderNumber(id), code: 'ORDER_ACTION_NOT_NOW', params: { status: 'Delivered' } },
      ]);
    }
    expect(fromBulk.body.moved.map((m) => m.id)).toEqual(expect.arrayContaining(others));
    expect(await eventsOf(id, 'mark_delivered')).toHaveLength(1);
    expect(await statuses([id])).toEqual({ [id]: 'Delivered' });
  });
});

describe('who may, and what is refused whole', () => {
  it('refuses a guest (401) and a member (403), moving nothing', async () => {
    const id = await orderAt('Delivery in Progress');
    const member = await ctx.member();
    expect((await bulk({ action: 'mark_delivered', orderIds: [id] }, null)).status).toBe(401);
    const refused = await bulk({ action: 'mark_delivered', orderIds: [id] }, member.cookie);
    expect(refused.status).toBe(403);
    expect(await statuses([id])).toEqual({ [id]: 'Delivery in Progress' });
  });

  it('refuses bad ids, no ids, more than 100 and an action that is no next step with 422, moving nothing', async () => {
    const id = await orderAt('Delivery in Progress');
    const cases: unknown[] = [
      { action: 'mark_delivered', orderIds: [id, 'not-an-id'] },
      { action: 'mark_delivered', orderIds: [id, 42] },
      { action: 'mark_delivered', orderIds: [] },
      { action: 'mark_delivered', orderIds: id },
      { action: 'mark_delivered', orderIds: [id, ...Array.from({ length: 100 }, () => randomUUID())] },
      { action: 'cancel', orderIds: [id] },
      { action: 'set_status', orderIds: [id] },
      { orderIds: [id] },
    ];
    for (const body of cases) {
      const res = await bulk(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect((res.body as unknown as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
    }
    const tooMany = await bulk({
      action: 'mark_delivered',
      orderIds: Array.from({ length: 101 }, randomUUID),
    });
    expect(
      (tooMany.body as unknown as { error: { fieldCodes: Record<string, unknown> } }).error.fieldCodes,
    ).toEqual({ orderIds: { code: 'bulkOrdersCount', params: { maximum: 100 } } });
    expect(await statuses([id])).toEqual({ [id]: 'Delivery in Progress' });
    expect(await eventsOf(id, 'mark_delivered')).toHaveLength(0);
  });
});
