import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '@domain/constants';
import { books, emailNotifications, orderEvents, orders } from '@server/db/schema';
import { createBook } from '@server/seed/factories';
import { createTestContext, type Member, type TestContext } from '@tests/support/harness';
import { advanceTestOrder, placeTestOrder } from '@tests/support/order-factories';
import type { OrdersApi } from './routes';

// D35: a borrower may cancel their own order while it is Draft or Waiting for Payment; the
// books are released and the owner and the admins are emailed. Once paid, it is refused.

let ctx: TestContext;
let admin: Member;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.admin({ name: 'Cancel Admin' });
});
afterAll(() => ctx.close());

async function orderAt(status: OrderStatus) {
  const owner = await ctx.member({ name: 'Cancel Owner' });
  const book = await createBook(ctx.db, { ownerId: owner.user.id, title: 'Ronggeng Dukuh Paruk' });
  const placed = await placeTestOrder(ctx, { books: [book] });
  if (status !== 'Draft') await advanceTestOrder(ctx, { orderId: placed.order.id, admin, to: status });
  return { ...placed, owner, book };
}

const cancel = (cookie: string, orderId: string) =>
  ctx.answer(
    ctx
      .client<OrdersApi>(cookie)
      .orders[':id'].actions.$post({ param: { id: orderId }, json: { type: 'cancel' } }),
  );

describe('the borrower cancels (D35)', () => {
  for (const status of ['Draft', 'Waiting for Payment'] as const) {
    it(`at ${status}: Cancelled, the book free again, owner and admins emailed, the event names the borrower`, async () => {
      const { order, borrower, owner, book } = await orderAt(status);
      const res = await cancel(borrower.cookie, order.id);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('Cancelled');
      const [row] = await ctx.db.select().from(books).where(eq(books.id, book.id));
      expect(row).toMatchObject({ status: 'Available', reservedByOrderId: null, listed: true });
      const events = await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
      // Found by its content: rows sharing a created_at come back in no set order.
      expect(events).toContainEqual(
        expect.objectContaining({
          fromStatus: status,
          toStatus: 'Cancelled',
          action: 'cancel',
          actorRole: 'borrower',
          actorId: borrower.user.id,
        }),
      );
      const mails = await ctx.db
        .select()
        .from(emailNotifications)
        .where(
          and(
            eq(emailNotifications.orderId, order.id),
            eq(emailNotifications.emailType, 'order_cancelled_by_borrower'),
          ),
        );
      const to = mails.map((m) => `${m.recipientType}:${m.recipientEmail}`);
      expect(to).toContain(`owner:${owner.user.email}`);
      expect(to).toContain(`admin:${admin.user.email}`);
      expect(to).toContain(`borrower:${borrower.user.email}`);
    });
  }

  for (const status of ['Processed', 'Delivered'] as const) {
    it(`is refused at ${status} with 409 and changes nothing`, async () => {
      const { order, borrower, book } = await orderAt(status);
      const [before] = await ctx.db.select().from(books).where(eq(books.id, book.id));
      const res = await cancel(borrower.cookie, order.id);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('ORDER_ACTION_NOT_NOW');
      const [after] = await ctx.db.select().from(books).where(eq(books.id, book.id));
      expect(after).toEqual(before);
      const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row.status).toBe(status);
    });
  }

  it('is refused to the owner and to a stranger with 403', async () => {
    const { order, owner } = await orderAt('Draft');
    const stranger = await ctx.member();
    expect((await cancel(owner.cookie, order.id)).status).toBe(403);
    expect((await cancel(stranger.cookie, order.id)).status).toBe(403);
    const [row] = await ctx.db
      .select()
      .from(orders)
      .where(inArray(orders.id, [order.id]));
    expect(row.status).toBe('Draft');
  });
});
