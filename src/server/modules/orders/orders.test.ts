import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '@domain/constants';
import type { OrderAction } from '@domain/order-actions';
import { type Book, books, orderEvents, orders } from '@server/db/schema';
import { createBook, createUser } from '@server/seed/factories';
import { createTestContext, type Member, type TestContext, uncheckedInput } from '@tests/support/harness';
import { advanceTestOrder, placeTestOrder } from '@tests/support/order-factories';
import { englishCode } from '@tests/support/texts';
import type { OrdersApi } from './routes';
import type { BooksApi } from '@server/modules/books/routes';

let ctx: TestContext;
let admin: Member;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.admin({ name: 'Ops Admin' });
});
afterAll(() => ctx.close());

/** A fresh order of one book whose owner is a signed-in member, moved to `status` by the admin. */
async function orderAt(status: OrderStatus, deliveryMethod: 'delivery' | 'pickup' = 'delivery') {
  const owner = await ctx.member({ name: 'Made Owner' });
  const book = await createBook(ctx.db, { ownerId: owner.user.id, title: 'Matilda' });
  const placed = await placeTestOrder(ctx, { books: [book], deliveryMethod });
  if (status !== 'Draft') await advanceTestOrder(ctx, { orderId: placed.order.id, admin, to: status });
  return { ...placed, owner, book };
}

const act = (cookie: string, orderId: string, action: OrderAction) =>
  ctx.answer(
    ctx.client<OrdersApi>(cookie).orders[':id'].actions.$post({ param: { id: orderId }, json: action }),
  );

async function bookRow(book: Book) {
  const [row] = await ctx.db.select().from(books).where(eq(books.id, book.id));
  return row;
}

describe('reading orders', () => {
  it('shows the borrower, the owner and an admin the order; a stranger gets 403; a missing one 404', async () => {
    const { order, borrower, owner } = await orderAt('Draft');
    const asBorrower = await ctx.answer(
      ctx.client<OrdersApi>(borrower.cookie).orders[':id'].$get({ param: { id: order.id } }),
    );
    expect(asBorrower.status).toBe(200);
    expect(asBorrower.body).toMatchObject({
      id: order.id,
      number: order.id.slice(-8).toUpperCase(),
      status: 'Draft',
      viewerRoles: ['borrower'],
      // D35: the borrower may cancel until the order is paid.
      allowedActions: ['cancel'],
      ownerContact: null,
    });
    expect(asBorrower.body.items).toHaveLength(1);
    expect(asBorrower.body.items[0]).toMatchObject({ title: 'Matilda', itemTotal: '10000.00' });
    expect(asBorrower.body.events).toMatchObject([
      { fromStatus: null, toStatus: 'Draft', actorRole: 'borrower' },
    ]);

    const asOwner = await ctx.answer(
      ctx.client<OrdersApi>(owner.cookie).orders[':id'].$get({ param: { id: order.id } }),
    );
    expect(asOwner.body).toMatchObject({ viewerRoles: ['owner'], ownerContact: null });

    const asAdmin = await ctx.answer(
      ctx.client<OrdersApi>(admin.cookie).orders[':id'].$get({ param: { id: order.id } }),
    );
    expect(asAdmin.body.viewerRoles).toEqual(['admin']);
    expect(asAdmin.body.allowedActions).toEqual(['set_shipping_cost', 'cancel', 'set_status']);
    expect(asAdmin.body.ownerContact).toMatchObject({ name: 'Made Owner', email: owner.user.email });

    const stranger = await ctx.member();
    const denied = await ctx.answer(
      ctx.client<OrdersApi>(stranger.cookie).orders[':id'].$get({ param: { id: order.id } }),
    );
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toBe('You do not have permission to view this order');

    const missing = await ctx.answer(
      ctx
        .client<OrdersApi>(borrower.cookie)
        .orders[':id'].$get({ param: { id: '00000000-0000-4000-8000-000000000000' } }),
    );
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Order not found');
    expect(
      (
        await ctx.answer(
          ctx.client<OrdersApi>(borrower.cookie).orders[':id'].$get({ param: { id: 'not-a-uuid' } }),
        )
      ).status,
    ).toBe(404);
    expect(
      (await ctx.answer(ctx.client<OrdersApi>().orders[':id'].$get({ param: { id: order.id } }))).status,
    ).toBe(401);
  });

  it('lists my orders as borrower and as owner', async () => {
    const { order, borrower, owner } = await orderAt('Draft');
    const mine = await ctx.answer(
      ctx.client<OrdersApi>(borrower.cookie).orders.$get({ query: { as: 'borrower' } }),
    );
    expect(mine.body.items.map((o: { id: string }) => o.id)).toEqual([order.id]);
    expect(mine.body.items[0]).toMatchObject({ itemCount: 1, subtotal: '10000.00', status: 'Draft' });
    const owned = await ctx.answer(
      ctx.client<OrdersApi>(owner.cookie).orders.$get({ query: { as: 'owner' } }),
    );
    expect(owned.body.items.map((o: { id: string }) => o.id)).toEqual([order.id]);
    expect(
      (await ctx.answer(ctx.client<OrdersApi>(borrower.cookie).orders.$get({ query: { as: 'owner' } }))).body
        .items,
    ).toEqual([]);
    expect(
      (
        await ctx.answer(
          ctx.client<OrdersApi>(borrower.cookie).orders.$get({ query: { as: uncheckedInput('nobody') } }),
        )
      ).status,
    ).toBe(422);
  });
});

describe('admin transitions (spec section 4, D8)', () => {
  it('walks the happy path with each button, recording every event', async () => {
    const { order, book } = await orderAt('Draft');
    const steps: Array<[OrderAction, OrderStatus]> = [
      [{ type: 'set_shipping_cost', shippingCost: '15000' }, 'Waiting for Payment'],
      [{ type: 'confirm_payment', amountReceived: '25000', bankReference: 'BCA-123' }, 'Processed'],
      [{ type: 'mark_shipped' }, 'Delivery in Progress'],
      [{ type: 'mark_delivered' }, 'Delivered'],
      [{ type: 'mark_return_started' }, 'Returning in Progress'],
      [{ type: 'confirm_return_complete' }, 'Completed'],
    ];
    for (const [action, status] of steps) {
      const res = await act(admin.cookie, order.id, action);
      expect(res.status, action.type).toBe(200);
      expect(res.body.status).toBe(status);
    }
    const detail = (
      await ctx.answer(ctx.client<OrdersApi>(admin.cookie).orders[':id'].$get({ param: { id: order.id } }))
    ).body;
    expect(detail).toMatchObject({
      shippingCost: '15000.00',
      total: '25000.00',
      allowedActions: ['set_status'],
    });
    expect(detail.events.map((e: { toStatus: string }) => e.toStatus)).toEqual([
      'Draft',
      ...steps.map(([, s]) => s),
    ]);
    expect(detail.events[1]).toMatchObject({
      fromStatus: 'Draft',
      action: 'set_shipping_cost',
      actorName: 'Ops Admin',
      actorRole: 'admin',
    });
    expect(await bookRow(book)).toMatchObject({ status: 'Available', reservedByOrderId: null });
  });

  it('refuses a shipping cost of 0 for delivery and anything but 0 for pickup, changing nothing', async () => {
    const delivery = await orderAt('Draft');
    for (const shippingCost of ['0', '-1', 'abc', '1.2345']) {
      const res = await act(admin.cookie, delivery.order.id, { type: 'set_shipping_cost', shippingCost });
      expect(res.status, shippingCost).toBe(422);
      expect(res.body.error.message).toBe('Please enter a valid shipping cost');
    }
    const after = await ctx.answer(
      ctx.client<OrdersApi>(admin.cookie).orders[':id'].$get({ param: { id: delivery.order.id } }),
    );
    expect(after.body).toMatchObject({ status: 'Draft', shippingCost: null, total: null });
    expect(after.body.events).toHaveLength(1);

    const pickup = await orderAt('Draft', 'pickup');
    // D33: a pickup order waits for payment from the start; set back to Draft, it takes only 0.
    expect((await act(admin.cookie, pickup.order.id, { type: 'set_status', status: 'Draft' })).status).toBe(
      200,
    );
    const refused = await act(admin.cookie, pickup.order.id, {
      type: 'set_shipping_cost',
      shippingCost: '5000',
    });
    expect(refused.status).toBe(422);
    const free = await act(admin.cookie, pickup.order.id, { type: 'set_shipping_cost', shippingCost: '0' });
    expect(free.body).toMatchObject({
      status: 'Waiting for Payment',
      shippingCost: '0.00',
      total: '10000.00',
    });
  });

  it('refuses a button out of its status with 409, and may set any status from the select', async () => {
    const { order } = await orderAt('Draft');
    const early = await act(admin.cookie, order.id, {
      type: 'confirm_payment',
      amountReceived: '25000',
      bankReference: 'BCA-123',
    });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe('This action is not possible while the order is Draft');
    const jump = await act(admin.cookie, order.id, { type: 'set_status', status: 'Delivered' });
    expect(jump.body.status).toBe('Delivered');
    const same = await act(admin.cookie, order.id, { type: 'set_status', status: 'Delivered' });
    expect(same.status).toBe(409);
  });

  it('cancels unless Completed or Cancelled', async () => {
    const { order } = await orderAt('Processed');
    expect((await act(admin.cookie, order.id, { type: 'cancel' })).body.status).toBe('Cancelled');
    expect((await act(admin.cookie, order.id, { type: 'cancel' })).status).toBe(409);
    const completed = await orderAt('Completed');
    expect((await act(admin.cookie, completed.order.id, { type: 'cancel' })).status).toBe(409);
  });

  it('rejects a malformed action with 422 and changes nothing', async () => {
    const { order } = await orderAt('Draft');
    expect((await act(admin.cookie, order.id, { type: 'fly' } as never)).status).toBe(422);
    expect((await act(admin.cookie, order.id, { type: 'set_status', status: 'Lost' } as never)).status).toBe(
      422,
    );
    const events = await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events).toHaveLength(1);
  });
});

describe('borrower transitions', () => {
  it('Confirm Received at Delivery in Progress sets Delivered; at Delivered, Return Books starts the return', async () => {
    const { order, borrower } = await orderAt('Delivery in Progress');
    const view = await ctx.answer(
      ctx.client<OrdersApi>(borrower.cookie).orders[':id'].$get({ param: { id: order.id } }),
    );
    expect(view.body.allowedActions).toEqual(['confirm_received']);
    const received = await act(borrower.cookie, order.id, { type: 'confirm_received' });
    expect(received.status).toBe(200);
    expect(received.body.status).toBe('Delivered');
    expect(received.body.allowedActions).toEqual(['return_books']);
    expect(received.body.events.at(-1)).toMatchObject({
      fromStatus: 'Delivery in Progress',
      toStatus: 'Delivered',
      action: 'confirm_received',
      actorRole: 'borrower',
    });
    expect((await act(borrower.cookie, order.id, { type: 'return_books' })).body.status).toBe(
      'Returning in Progress',
    );
  });

  it('is refused everything else: admin buttons 403, own buttons out of status 409', async () => {
    const { order, borrower } = await orderAt('Processed');
    for (const action of [
      { type: 'confirm_payment', amountReceived: '25000', bankReference: 'BCA-123' },
      { type: 'mark_shipped' },
      { type: 'set_status', status: 'Completed' },
      { type: 'set_shipping_cost', shippingCost: '1' },
    ] as OrderAction[]) {
      const res = await act(borrower.cookie, order.id, action);
      expect(res.status, action.type).toBe(403);
      expect(res.body.error.message).toBe('You are not allowed to take this action on this order');
    }
    expect((await act(borrower.cookie, order.id, { type: 'return_books' })).status).toBe(409);
    // D35: cancelling is the borrower's own button, but only before payment.
    expect((await act(borrower.cookie, order.id, { type: 'cancel' })).status).toBe(409);
    const still = await ctx.answer(
      ctx.client<OrdersApi>(borrower.cookie).orders[':id'].$get({ param: { id: order.id } }),
    );
    expect(still.body.status).toBe('Processed');
  });
});

describe('owner transitions', () => {
  it('marks a Processed order shipped and confirms the return', async () => {
    const { order, owner, book } = await orderAt('Processed');
    const view = await ctx.answer(
      ctx.client<OrdersApi>(owner.cookie).orders[':id'].$get({ param: { id: order.id } }),
    );
    expect(view.body.allowedActions).toEqual(['mark_shipped']);
    const shipped = await act(owner.cookie, order.id, { type: 'mark_shipped' });
    expect(shipped.body).toMatchObject({ status: 'Delivery in Progress' });
    expect(shipped.body.events.at(-1)).toMatchObject({ actorRole: 'owner', actorName: 'Made Owner' });
    expect((await act(owner.cookie, order.id, { type: 'confirm_books_returned' })).status).toBe(409);

    await advanceTestOrder(ctx, { orderId: order.id, admin, to: 'Returning in Progress' });
    const done = await act(owner.cookie, order.id, { type: 'confirm_books_returned' });
    expect(done.body.status).toBe('Completed');
    expect(await bookRow(book)).toMatchObject({ status: 'Available', reservedByOrderId: null });
  });

  it('cannot ship before payment, cancel or use admin buttons', async () => {
    const { order, owner } = await orderAt('Waiting for Payment');
    expect((await act(owner.cookie, order.id, { type: 'mark_shipped' })).status).toBe(409);
    expect((await act(owner.cookie, order.id, { type: 'cancel' })).status).toBe(403);
    expect(
      (
        await act(owner.cookie, order.id, {
          type: 'confirm_payment',
          amountReceived: '25000',
          bankReference: 'BCA-123',
        })
      ).status,
    ).toBe(403);
    expect((await act(owner.cookie, order.id, { type: 'return_books' })).status).toBe(403);
  });

  it('a stranger may not act at all (403), a guest is 401', async () => {
    const { order } = await orderAt('Processed');
    const stranger = await ctx.member();
    const res = await act(stranger.cookie, order.id, { type: 'mark_shipped' });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('You do not have permission to view this order');
    expect(
      (
        await ctx.answer(
          ctx
            .client<OrdersApi>()
            .orders[':id'].actions.$post({ param: { id: order.id }, json: { type: 'cancel' } }),
        )
      ).status,
    ).toBe(401);
  });
});

describe('simultaneous actions', () => {
  it('the owner and the admin pressing Mark as Shipped at once: one wins, the other is told it is too late', async () => {
    const { order, owner } = await orderAt('Processed');
    const results = await Promise.all([
      act(owner.cookie, order.id, { type: 'mark_shipped' }),
      act(admin.cookie, order.id, { type: 'mark_shipped' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const events = await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.filter((e) => e.toStatus === 'Delivery in Progress')).toHaveLength(1);
  });
});

describe('book status effects', () => {
  it('Processed makes the books Borrowed; Cancelled makes them Available and frees them', async () => {
    const owner = await createUser(ctx.db);
    const two = [
      await createBook(ctx.db, { ownerId: owner.id }),
      await createBook(ctx.db, { ownerId: owner.id }),
    ];
    const { order } = await placeTestOrder(ctx, { books: two });
    const rows = () =>
      ctx.db
        .select({ status: books.status, reservedBy: books.reservedByOrderId })
        .from(books)
        .where(
          inArray(
            books.id,
            two.map((b) => b.id),
          ),
        );
    expect(await rows()).toEqual([
      { status: 'Available', reservedBy: order.id },
      { status: 'Available', reservedBy: order.id },
    ]);
    await advanceTestOrder(ctx, { orderId: order.id, admin, to: 'Processed' });
    expect((await rows()).map((r) => r.status)).toEqual(['Borrowed', 'Borrowed']);
    await advanceTestOrder(ctx, { orderId: order.id, admin, to: 'Cancelled' });
    expect(await rows()).toEqual([
      { status: 'Available', reservedBy: null },
      { status: 'Available', reservedBy: null },
    ]);
  });

  it('follows the new status when the admin jumps (D8): lent from Processed on, held before it', async () => {
    const { order, book } = await orderAt('Draft');
    await act(admin.cookie, order.id, { type: 'set_status', status: 'Delivered' });
    expect(await bookRow(book)).toMatchObject({ status: 'Borrowed', reservedByOrderId: order.id });
    await act(admin.cookie, order.id, { type: 'set_status', status: 'Waiting for Payment' });
    expect(await bookRow(book)).toMatchObject({ status: 'Available', reservedByOrderId: order.id });
    await act(admin.cookie, order.id, { type: 'set_status', status: 'Completed' });
    expect(await bookRow(book)).toMatchObject({ status: 'Available', reservedByOrderId: null });
  });

  it('reopening a cancelled order reserves its books again, unless another order took them', async () => {
    const first = await orderAt('Cancelled');
    const reopened = await act(admin.cookie, first.order.id, { type: 'set_status', status: 'Draft' });
    expect(reopened.body.status).toBe('Draft');
    expect((await bookRow(first.book)).reservedByOrderId).toBe(first.order.id);

    await act(admin.cookie, first.order.id, { type: 'cancel' });
    const second = await placeTestOrder(ctx, { books: [first.book] });
    const refused = await act(admin.cookie, first.order.id, { type: 'set_status', status: 'Processed' });
    expect(refused.status).toBe(409);
    expect(await bookRow(first.book)).toMatchObject({
      status: 'Available',
      reservedByOrderId: second.order.id,
    });
  });

  // Reopening a Completed order after its book was deleted answered 200 and the
  // deleted book became Borrowed and reserved again.
  it('reopening is refused with a clear message when a book was deleted or is no longer available', async () => {
    // How many events an order has: a refused reopening records none (read without relying on
    // the table's physical order).
    const eventCount = async (orderId: string) =>
      (await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).length;
    const deleted = await orderAt('Completed');
    const deletedEvents = await eventCount(deleted.order.id);
    expect(
      (
        await ctx.answer(
          ctx.client<BooksApi>(deleted.owner.cookie).books[':id'].$delete({ param: { id: deleted.book.id } }),
        )
      ).status,
    ).toBe(204);
    const refused = await act(admin.cookie, deleted.order.id, { type: 'set_status', status: 'Processed' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({ code: 'BOOK_DELETED', message: englishCode('BOOK_DELETED') });
    expect(await bookRow(deleted.book)).toMatchObject({ status: 'Available', reservedByOrderId: null });

    const withdrawn = await orderAt('Completed');
    const withdrawnEvents = await eventCount(withdrawn.order.id);
    await ctx.db.update(books).set({ status: 'Unavailable' }).where(eq(books.id, withdrawn.book.id));
    const refusedToo = await act(admin.cookie, withdrawn.order.id, {
      type: 'set_status',
      status: 'Delivered',
    });
    expect(refusedToo.status).toBe(409);
    expect(refusedToo.body.error).toEqual({
      code: 'BOOK_NO_LONGER_AVAILABLE',
      message: englishCode('BOOK_NO_LONGER_AVAILABLE'),
    });
    expect(await bookRow(withdrawn.book)).toMatchObject({ status: 'Unavailable', reservedByOrderId: null });
    expect(await eventCount(deleted.order.id)).toBe(deletedEvents);
    expect(await eventCount(withdrawn.order.id)).toBe(withdrawnEvents);
    for (const o of [deleted, withdrawn]) {
      const [row] = await ctx.db.select().from(orders).where(eq(orders.id, o.order.id));
      expect(row.status).toBe('Completed');
    }
  });
});
