import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books, cartItems, orderItems } from '@server/db/schema';
import { createBook, createUser } from '@server/seed/factories';
import type { Database } from '@server/db/client';
import { openDatabase } from '@server/db/client';
import { createLogger } from '@server/lib/logger';
import { createRuntime } from '@server/runtime';
import { createTestContext, type Member, TEST_APP_URL, type TestContext } from '@tests/support/harness';
import { addToCart } from '@server/modules/cart/service';
import type { CheckoutApi } from './routes';
import type { CartApi } from '@server/modules/cart/routes';

// D6 under load. With TEST_DATABASE_URL (CI) the harness gives a 20-connection PostgreSQL pool,
// so these requests truly race; on PGlite they serialize. The rules must hold either way.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** One new book and `count` signed-in members who each have it in their cart. */
async function membersWantingOneBook(count: number, title: string) {
  const owner = await createUser(ctx.db);
  const book = await createBook(ctx.db, { ownerId: owner.id, title });
  const members: Member[] = [];
  for (let i = 0; i < count; i++) {
    const member = await ctx.member();
    await addToCart(ctx.db, { actorId: member.user.id, bookId: book.id });
    members.push(member);
  }
  return { book, members };
}

const address = { fullName: 'Racer', phone: '+628123456789', address: 'Jl. Balap No. 1, Denpasar, Bali' };

describe('checking out the same book at once', () => {
  it('50 members with one book in their carts: exactly one order, 49 told it is no longer available', async () => {
    const { book, members } = await membersWantingOneBook(50, 'The Little Prince');

    const results = await Promise.all(
      members.map((member) =>
        ctx.answer(
          ctx.client<CheckoutApi>(member.cookie).checkout.$post({
            json: { idempotencyKey: randomUUID(), deliveryMethod: 'delivery', deliveryAddress: address },
          }),
        ),
      ),
    );

    const winners = results.filter((r) => r.status === 201);
    const losers = results.filter((r) => r.status !== 201);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(49);
    for (const loser of losers) {
      expect(loser.status).toBe(409);
      expect(loser.body.error.message).toBe('"The Little Prince" is no longer available');
    }
    const orderId = winners[0].body.orders[0].id;
    const items = await ctx.db.select().from(orderItems).where(eq(orderItems.bookId, book.id));
    expect(items.map((i) => i.orderId)).toEqual([orderId]);
    const [row] = await ctx.db.select().from(books).where(eq(books.id, book.id));
    expect(row.reservedByOrderId).toBe(orderId);
    // Only the winner's cart was emptied; the others keep the book so the cart can say why.
    const left = await ctx.db.select().from(cartItems).where(eq(cartItems.bookId, book.id));
    expect(left).toHaveLength(49);
  }, 120_000);
});

describe('two server instances on one database (the scale path)', () => {
  it('still lend a book once when members check out through both at the same moment', async () => {
    // A second app over the same database: its own pool on PostgreSQL, the same PGlite otherwise.
    const shared = ctx.runtime.database as Database & { url: string | null };
    const second = shared.url ? await openDatabase({ databaseUrl: shared.url, poolSize: 10 }) : shared;
    const other = await createRuntime(ctx.config, { database: second, log: createLogger('silent') });
    try {
      const { book, members } = await membersWantingOneBook(20, 'Laskar Pelangi');
      const results = await Promise.all(
        members.map(async (member, i) => {
          const init = {
            method: 'POST',
            headers: { origin: TEST_APP_URL, cookie: member.cookie, 'content-type': 'application/json' },
            body: JSON.stringify({
              idempotencyKey: randomUUID(),
              deliveryMethod: 'delivery',
              deliveryAddress: address,
            }),
          };
          const app = i % 2 === 0 ? ctx.runtime.app : other.app;
          return (await app.request('/api/checkout', init)).status;
        }),
      );
      expect(results.filter((status) => status === 201)).toHaveLength(1);
      expect(results.filter((status) => status === 409)).toHaveLength(19);
      const items = await ctx.db.select().from(orderItems).where(eq(orderItems.bookId, book.id));
      expect(items).toHaveLength(1);
    } finally {
      if (second !== shared) await other.close();
    }
  }, 120_000);
});

describe('adding to one cart at once', () => {
  const addAll = (member: Member, bookIds: string[]) =>
    Promise.all(
      bookIds.map((bookId) =>
        ctx.answer(ctx.client<CartApi>(member.cookie).cart.items.$post({ json: { bookId } })),
      ),
    );
  const cartSize = async (member: Member) =>
    (await ctx.db.select().from(cartItems).where(eq(cartItems.userId, member.user.id))).length;

  it('cannot push a cart past 5 books of one owner', async () => {
    const member = await ctx.member();
    const owner = await createUser(ctx.db);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await createBook(ctx.db, { ownerId: owner.id })).id);
    const results = await addAll(member, ids);
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(7);
    for (const r of refused) {
      expect(r.body.error.message).toBe('You can borrow maximum 5 books from one owner at any given time.');
    }
    expect(await cartSize(member)).toBe(5);
  }, 60_000);

  it('cannot push a cart past 5 owners', async () => {
    const member = await ctx.member();
    const ids: string[] = [];
    for (let i = 0; i < 12; i++)
      ids.push((await createBook(ctx.db, { ownerId: (await createUser(ctx.db)).id })).id);
    const results = await addAll(member, ids);
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r.body.error.message).toBe(
        'You can borrow from max. 5 book owners at any given time. Check your cart and try again.',
      );
    }
    expect(await cartSize(member)).toBe(5);
  }, 60_000);

  it('adds the same book once when it is sent twice at once', async () => {
    const member = await ctx.member();
    const book = await createBook(ctx.db, { ownerId: (await createUser(ctx.db)).id });
    const results = await addAll(member, [book.id, book.id, book.id]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await cartSize(member)).toBe(1);
  });
});
