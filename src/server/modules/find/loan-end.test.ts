import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { books, orders } from '@server/db/schema';
import { resetClock, setClock } from '@server/lib/clock';
import { createBook } from '@server/seed/factories';
import { createTestContext, type Member, type TestContext } from '@tests/support/harness';
import { advanceTestOrder, placeTestOrder } from '@tests/support/order-factories';

// The loan's end kept on the book (migration 0041) for the borrowed section's order (D46): it
// must follow every change of the reservation and of the order's dates, whoever writes them.

let ctx: TestContext;
let admin: Member;
const WEEK = 7 * 86_400_000;
// 10:00 in Makassar on Wednesday 2 December 2026.
const START = new Date('2026-12-02T02:00:00Z');

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.admin({ name: 'Ops Admin' });
});
afterAll(async () => {
  resetClock();
  await ctx.close();
});
afterEach(() => resetClock());

const bookRow = async (id: string) => (await ctx.db.select().from(books).where(eq(books.id, id)))[0];

/** The end the section sorts by, read from the order itself: its due date, else its weeks. */
async function loanEndOf(orderId: string): Promise<Date> {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  return order.dueAt ?? new Date(order.createdAt.getTime() + order.borrowDuration * WEEK);
}

describe("the book's kept loan end", () => {
  it('follows lending, delivery, an extension, the return, a hold, the holder’s order and its cancel', async () => {
    setClock(START);
    const owner = await ctx.member();
    const book = await createBook(ctx.db, { ownerId: owner.user.id, title: 'Kept End Tale' });
    expect((await bookRow(book.id)).loanEndsAt).toBeNull();

    // Lent: checkout's statement reserves the book for an order that is not delivered yet.
    const placed = await placeTestOrder(ctx, { books: [book] });
    const orderId = placed.order.id;
    const placedEnd = await loanEndOf(orderId);
    expect((await bookRow(book.id)).loanEndsAt).toEqual(placedEnd);

    // Delivered: the due date replaces the estimate from the order's weeks.
    await advanceTestOrder(ctx, { orderId, admin, to: 'Delivered' });
    const dueEnd = await loanEndOf(orderId);
    expect((await bookRow(book.id)).loanEndsAt).toEqual(dueEnd);

    // Extended by the borrower: the due date moves a week, the book's end with it.
    const extended = await ctx.request('POST', `/api/orders/${orderId}/extensions`, {
      cookie: placed.borrower.cookie,
      body: { weeks: 1 },
    });
    expect(extended.status).toBe(201);
    const extendedEnd = await loanEndOf(orderId);
    expect(extendedEnd.getTime()).toBeGreaterThan(dueEnd.getTime());
    expect((await bookRow(book.id)).loanEndsAt).toEqual(extendedEnd);

    // Returned while a member waits: the book is held for them (D25), out of every loan.
    const holder = await ctx.member();
    expect((await ctx.request('POST', `/api/books/${book.id}/waitlist`, { cookie: holder.cookie })).status).toBe(
      201,
    );
    await advanceTestOrder(ctx, { orderId, admin, to: 'Completed' });
    const held = await bookRow(book.id);
    expect(held.heldForId).toBe(holder.user.id);
    expect(held.loanEndsAt).toBeNull();

    // The holder borrows it: a new order, a new end.
    const again = await placeTestOrder(ctx, { borrower: holder, books: [book] });
    expect((await bookRow(book.id)).loanEndsAt).toEqual(await loanEndOf(again.order.id));

    // Cancelled: free again, no end.
    await advanceTestOrder(ctx, { orderId: again.order.id, admin, to: 'Cancelled' });
    const freed = await bookRow(book.id);
    expect(freed.reservedByOrderId).toBeNull();
    expect(freed.loanEndsAt).toBeNull();
  });
});
