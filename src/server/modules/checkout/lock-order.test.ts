import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBook } from '@server/seed/factories';
import { findTestPostgres } from '@tests/support/database';
import { createTestContext, type Member, type TestContext } from '@tests/support/harness';
import { addToCart } from '@server/modules/cart/service';
import type { CheckoutApi } from './routes';
import type { AdminApi } from '@server/modules/admin/routes';

// Deleting a user locked the user and then their books; a checkout locked the
// books and then (through the new order's foreign key) their owner: 20 "deadlock detected" 500s
// in one run. Every transaction now takes orders, then books, then user rows (docs/architecture.md).
// Needs a PostgreSQL server (PGlite runs one transaction at a time): TEST_DATABASE_URL, else the
// local one.

const serverUrl = await findTestPostgres();
const address = { fullName: 'Racer', phone: '+628123456789', address: 'Jl. Balap No. 1, Denpasar, Bali' };

describe.skipIf(!serverUrl)('deleting users while their books are checked out (PostgreSQL)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    process.env.TEST_DATABASE_URL = serverUrl!;
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  const checkout = (member: Member) =>
    ctx.answer(
      ctx.client<CheckoutApi>(member.cookie).checkout.$post({
        json: { idempotencyKey: randomUUID(), deliveryMethod: 'delivery', deliveryAddress: address },
      }),
    );

  it("20 deletions racing 20 checkouts of the deleted owners' books: no 500, each pair ends one way", async () => {
    const admin = await ctx.admin();
    const pairs: { owner: Member; borrower: Member }[] = [];
    for (let i = 0; i < 20; i++) {
      const owner = await ctx.member();
      const borrower = await ctx.member();
      for (let j = 0; j < 3; j++) {
        const book = await createBook(ctx.db, { ownerId: owner.user.id });
        await addToCart(ctx.db, { actorId: borrower.user.id, bookId: book.id });
      }
      pairs.push({ owner, borrower });
    }
    const results = await Promise.all(
      pairs.map(async ({ owner, borrower }) => {
        const [placed, deleted] = await Promise.all([
          checkout(borrower),
          ctx.answer(
            ctx.client<AdminApi>(admin.cookie).admin.users[':id'].$delete({ param: { id: owner.user.id } }),
          ),
        ]);
        return { placed: placed.status, deleted: deleted.status, body: [placed.body, deleted.body] };
      }),
    );
    const serverErrors = results.filter((r) => r.placed >= 500 || r.deleted >= 500);
    expect(serverErrors).toEqual([]);
    for (const r of results) {
      // Either the order came first (the owner now has an open order: deletion refused) or the
      // deletion did (the books are gone and left the cart: checkout refused, 409 or 422 empty).
      const orderFirst = r.placed === 201 && r.deleted === 409;
      const deleteFirst = (r.placed === 409 || r.placed === 422) && r.deleted < 300;
      expect({ ...r, ok: orderFirst || deleteFirst }).toMatchObject({ ok: true });
    }
  }, 120_000);

  it('members who borrow from each other check out at the same moment without a deadlock', async () => {
    const members: Member[] = [];
    for (let i = 0; i < 10; i++) members.push(await ctx.member());
    // Member i wants a book of member i+1 (a ring): each checkout locks its own row and key-shares
    // the next member's.
    for (let i = 0; i < members.length; i++) {
      const owner = members[(i + 1) % members.length];
      const book = await createBook(ctx.db, { ownerId: owner.user.id });
      await addToCart(ctx.db, { actorId: members[i].user.id, bookId: book.id });
    }
    const statuses = (await Promise.all(members.map(checkout))).map((r) => r.status);
    expect(statuses).toEqual(members.map(() => 201));
  }, 60_000);
});
