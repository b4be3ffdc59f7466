import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { books, cartItems } from '@server/db/schema';
import { type LifecycleEvent, listen, onLifecycleEvent } from '@server/lib/lifecycle-events';

type BookEvent = Extract<LifecycleEvent, { type: 'books-borrowable' | 'books-withdrawn' }>;
import { addToCart } from '@server/modules/cart/service';
import { createBook, createUser } from '@server/seed/factories';
import { createTestContext, type Member, type TestContext } from '@tests/support/harness';
import { advanceTestOrder, placeTestOrder } from '@tests/support/order-factories';
import type { BooksApi } from './routes';
import type { AdminApi } from '@server/modules/admin/routes';

// Every path that changes a book's state goes through changeBookState, so a book that becomes
// borrowable is announced once whichever path freed it (the waitlist listens there, D25), and a
// deleted book is announced as withdrawn.

let ctx: TestContext;
let admin: Member;
const heard: BookEvent[] = [];
onLifecycleEvent(
  listen(['books-borrowable', 'books-withdrawn'], async (_tx, event) => void heard.push(event)),
);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.admin();
});
afterAll(() => ctx.close());
beforeEach(() => void heard.splice(0));

const borrowable = (bookId: string) =>
  heard.filter((e) => e.type === 'books-borrowable' && e.bookIds.includes(bookId));

describe('book state changes announce their outcome', () => {
  it('an owner making a book Available again announces it borrowable; Unavailable does not', async () => {
    const owner = await ctx.member();
    const book = await createBook(ctx.db, { ownerId: owner.user.id });
    const set = (status: 'Available' | 'Unavailable') =>
      ctx.answer(
        ctx
          .client<BooksApi>(owner.cookie)
          .books[':id'].status.$patch({ param: { id: book.id }, json: { status } }),
      );
    expect((await set('Unavailable')).status).toBe(200);
    expect(heard).toHaveLength(0);
    expect((await set('Available')).status).toBe(200);
    expect(borrowable(book.id)).toHaveLength(1);
  });

  it('an admin making a book Available announces it', async () => {
    const book = await createBook(ctx.db, { ownerId: (await createUser(ctx.db)).id, status: 'Unavailable' });
    const res = await ctx.answer(
      ctx
        .client<AdminApi>(admin.cookie)
        .admin.books[':id'].$patch({ param: { id: book.id }, json: { status: 'Available' } }),
    );
    expect(res.status).toBe(200);
    expect(borrowable(book.id)).toHaveLength(1);
  });

  it('an order lending a book announces nothing; its completion announces the book once', async () => {
    const placed = await placeTestOrder(ctx);
    const bookId = placed.books[0].id;
    await advanceTestOrder(ctx, { orderId: placed.order.id, admin, to: 'Returning in Progress' });
    expect(borrowable(bookId)).toHaveLength(0);
    await advanceTestOrder(ctx, { orderId: placed.order.id, admin, to: 'Completed' });
    expect(borrowable(bookId)).toHaveLength(1);
    const [row] = await ctx.db.select().from(books).where(eq(books.id, bookId));
    expect(row).toMatchObject({ status: 'Available', reservedByOrderId: null });
  });

  it('a cancelled order announces its books borrowable', async () => {
    const placed = await placeTestOrder(ctx);
    await advanceTestOrder(ctx, { orderId: placed.order.id, admin, to: 'Cancelled' });
    expect(borrowable(placed.books[0].id)).toHaveLength(1);
  });

  it('a delete announces the book withdrawn and empties the carts holding it', async () => {
    const owner = await ctx.member();
    const reader = await ctx.member();
    const book = await createBook(ctx.db, { ownerId: owner.user.id });
    await addToCart(ctx.db, { actorId: reader.user.id, bookId: book.id });
    const res = await ctx.answer(
      ctx.client<BooksApi>(owner.cookie).books[':id'].$delete({ param: { id: book.id } }),
    );
    expect(res.status).toBe(204);
    expect(heard).toEqual([{ type: 'books-withdrawn', bookIds: [book.id], reason: 'deleted' }]);
    expect(await ctx.db.select().from(cartItems).where(eq(cartItems.bookId, book.id))).toHaveLength(0);
  });
});
