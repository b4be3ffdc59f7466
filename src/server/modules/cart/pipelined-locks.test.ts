import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { observeQueries } from '@server/db/client';
import { cartItems } from '@server/db/schema';
import { createBook, createUser } from '@server/seed/factories';
import { findTestPostgres } from '@tests/support/database';
import { holdTransaction } from '@tests/support/held-transaction';
import { createTestContext, type TestContext } from '@tests/support/harness';
import type { CheckoutApi } from '@server/modules/checkout/routes';
import { addToCart } from './service';

// Add to cart and checkout send the member's lock and the statement after it together, one
// round trip (db/client.ts pipelines a connection's statements). Shown by holding the member's
// row from another transaction: both statements go out while the lock cannot have been granted,
// and the write still ends as the rules say once it is. Needs a PostgreSQL server (PGlite runs
// one transaction at a time): TEST_DATABASE_URL, else the local one.

const serverUrl = await findTestPostgres();
const address = { fullName: 'Pipe', phone: '+628123456789', address: 'Jl. Pipa No. 1, Denpasar, Bali' };

describe.skipIf(!serverUrl)(
  "a write sends its next statement before the member's lock is granted (PostgreSQL)",
  () => {
    let ctx: TestContext;
    beforeAll(async () => {
      process.env.TEST_DATABASE_URL = serverUrl!;
      ctx = await createTestContext();
    });
    afterAll(() => {
      observeQueries(ctx.db, null);
      return ctx?.close();
    });

    /**
     * Runs `write` while another transaction holds the member's row, and waits until every one of
     * `expected` has been sent; only then lets the row go. Answers the write's result.
     */
    async function whileMemberHeld<T>(memberId: string, expected: RegExp[], write: () => Promise<T>) {
      const seen: string[] = [];
      const member = await holdTransaction(
        ctx.db,
        sql`select 1 from "user" where id = ${memberId} for update`,
      );
      observeQueries(ctx.db, (query) => seen.push(query));
      let settled = false;
      const result = write().finally(() => {
        settled = true;
      });
      try {
        await vi.waitFor(
          () => expect(expected.map((re) => seen.some((q) => re.test(q)))).toEqual(expected.map(() => true)),
          {
            timeout: 10_000,
            interval: 20,
          },
        );
        // Still waiting for the lock: the statements above went out without its answer.
        expect(settled).toBe(false);
      } finally {
        observeQueries(ctx.db, null);
        await member.release();
      }
      return result;
    }

    it('add to cart: the insert goes out with the lock, and the book is added once the lock is granted', async () => {
      const member = await ctx.member();
      const book = await createBook(ctx.db, { ownerId: (await createUser(ctx.db)).id });
      const cart = await whileMemberHeld(
        member.user.id,
        [/from "user".*for no key update of "user"/s, /insert into "cart_items"/],
        () => addToCart(ctx.db, { actorId: member.user.id, bookId: book.id }),
      );
      expect(cart.count).toBe(1);
      expect(cart.groups[0].items[0].book.id).toBe(book.id);
    });

    it('a refused add sent the same way leaves nothing behind', async () => {
      const member = await ctx.member();
      const mine = await createBook(ctx.db, { ownerId: member.user.id });
      const refused = whileMemberHeld(
        member.user.id,
        [/from "user".*for no key update of "user"/s, /insert into "cart_items"/],
        () => addToCart(ctx.db, { actorId: member.user.id, bookId: mine.id }),
      );
      await expect(refused).rejects.toMatchObject({ code: 'OWN_BOOK' });
      const left = await ctx.db.select().from(cartItems).where(eq(cartItems.userId, member.user.id));
      expect(left).toEqual([]);
    });

    it('checkout: the cart with its books locked goes out with the lock, and the order is placed once it is granted', async () => {
      const member = await ctx.member();
      const book = await createBook(ctx.db, { ownerId: (await createUser(ctx.db)).id });
      await addToCart(ctx.db, { actorId: member.user.id, bookId: book.id });
      const placed = await whileMemberHeld(
        member.user.id,
        [
          /"checkouts"\."idempotency_key".*for no key update of "user"/s,
          /from "cart_items".*for update of "books"/s,
        ],
        () =>
          ctx.answer(
            ctx.client<CheckoutApi>(member.cookie).checkout.$post({
              json: { idempotencyKey: randomUUID(), deliveryMethod: 'delivery', deliveryAddress: address },
            }),
          ),
      );
      expect(placed.status).toBe(201);
      expect(placed.body.orders).toHaveLength(1);
    });
  },
);
