import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOK_STATUSES, ORDER_STATUSES } from '@domain/constants';
import { isBorrowable } from '@domain/cart-rules';
import { books } from '@server/db/schema';
import { createBook, createUser } from '@server/seed/factories';
import { insertOrder } from '@tests/support/order-fixture';
import { isOpenStatus } from '@domain/order-machine';
import { createTestContext, type TestContext } from '@tests/support/harness';
import { openOrder } from './availability-service';

// "In an open order" (D6) has one TypeScript spelling (isOpenStatus) and one SQL spelling
// (openOrder); "borrowable now" (D6, D17, D25) is the generated `listed` column in SQL and
// isBorrowable in TypeScript (cart rules), the owner's away days (D48) aside: SQL reads those from
// owner_away at the moment it asks. Each pair must answer alike in every case.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('an open order', () => {
  it('is the same in SQL and TypeScript for every status', async () => {
    const { rows } = (await ctx.db.execute(
      sql`select s::text as status, ${openOrder(sql`s`)} as open from unnest(enum_range(null::order_status)) s`,
    )) as unknown as { rows: Array<{ status: string; open: boolean }> };
    const answers = Object.fromEntries(rows.map((r) => [r.status, r.open]));
    expect(Object.keys(answers).sort()).toEqual([...ORDER_STATUSES].sort());
    for (const status of ORDER_STATUSES)
      expect({ status, open: answers[status] }).toEqual({ status, open: isOpenStatus(status) });
    expect(answers.Completed).toBe(false);
    expect(answers.Draft).toBe(true);
  });
});

describe('borrowable now', () => {
  it('is the same in the listed column and in isBorrowable for every status, reservation, deletion and hold', async () => {
    const owner = await createUser(ctx.db);
    const borrower = await createUser(ctx.db);
    const { order } = await insertOrder(ctx.db, { borrower, ownerId: owner.id });
    let borrowable = 0;
    for (const status of BOOK_STATUSES) {
      for (const reserved of [false, true]) {
        for (const deleted of [false, true]) {
          for (const held of [false, true]) {
            const made = await createBook(ctx.db, {
              ownerId: owner.id,
              status,
              reservedByOrderId: reserved ? order.id : null,
              deletedAt: deleted ? new Date() : null,
              heldForId: held ? borrower.id : null,
            });
            const [row] = await ctx.db.select().from(books).where(eq(books.id, made.id));
            if (!row) throw new Error('the book was not written');
            expect({ status, reserved, deleted, held, listed: row.listed }).toEqual({
              status,
              reserved,
              deleted,
              held,
              listed: isBorrowable({ ...row, ownerBackOn: null }),
            });
            if (row.listed) borrowable++;
          }
        }
      }
    }
    expect(borrowable).toBe(1);
  });
});
