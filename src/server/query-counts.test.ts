import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { observeQueries } from './db/client';
import { waitlistEntries } from './db/schema';
import { createBook, createUser } from './seed/factories';
import { createTestContext, type Member, type TestContext } from '@tests/support/harness';
import { placeTestOrder } from '@tests/support/order-factories';
import type { BooksApi } from '@server/modules/books/routes';
import type { AccountApi } from '@server/modules/account/routes';
import type { CartApi } from '@server/modules/cart/routes';
import type { CheckoutApi } from '@server/modules/checkout/routes';
import type { FindApi } from '@server/modules/find/routes';

// The database round trips of each hot request type. The counts are exact, so a
// change that adds a query fails here and has to say why it needs one (and update the number);
// a change that removes one updates it too. Transaction control (begin, commit) is not counted:
// PostgreSQL adds those two to every request that writes, PGlite runs them inside its client.
//
// On PostgreSQL a request reads the catalog and session versions first (one tiny prepared
// query, shared by concurrent requests); on PGlite the versions stay in memory between this
// process's own writes (db/versions.ts), so that read only happens after a write.

let ctx: TestContext;
let versionRead: number; // the per-request version read on PostgreSQL, none on PGlite
beforeAll(async () => {
  // No mail transport: the outbox's own sending (kicked after a checkout) is not the request's.
  ctx = await createTestContext({ MAIL_TRANSPORT: 'none' });
  versionRead = ctx.runtime.database.kind === 'postgres' ? 1 : 0;
});
afterAll(() => ctx.close());

const CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

/**
 * The outbox pass a request kicks (push needs no mail transport, so it always runs) is the
 * worker's, not the request's, and may start before the answer is read: its fold of the
 * counters' backlog (db/counters.ts) and its claims of due timers and of outbox rows are left out.
 */
const WORKER_PASS = (query: string) =>
  /delete from "admin_counter_deltas" where ctid/i.test(query) ||
  (/^\s*select\b/i.test(query) && /from "timers"/i.test(query)) ||
  (/"email_notifications"/i.test(query) && /skip locked/i.test(query));

/** The statements `run` sends, transaction control left out. */
async function queriesOf(run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  observeQueries(ctx.db, (query) => {
    if (!CONTROL.test(query) && !WORKER_PASS(query)) seen.push(query);
  });
  try {
    await run();
  } finally {
    observeQueries(ctx.db, null);
  }
  return seen;
}

async function expectQueries(expected: number, run: () => Promise<{ status: number }>, status = 200) {
  // PGlite reads the versions again after a write: done here, so each count is the request's own.
  await ctx.answer(ctx.client<BooksApi>().books.$get({ query: {} }));
  let answer: { status: number } | undefined;
  const seen = await queriesOf(async () => {
    answer = await run();
  });
  expect(answer?.status).toBe(status);
  expect(seen, seen.join('\n')).toHaveLength(expected);
}

const address = { fullName: 'Putu Counter', phone: '+628123456789', address: 'Jl. Hanoman No. 5, Ubud' };

describe('queries per request', () => {
  let member: Member;
  let bookIds: string[];

  beforeAll(async () => {
    member = await ctx.member();
    const owners = await Promise.all([createUser(ctx.db), createUser(ctx.db)]);
    bookIds = [];
    for (const owner of owners) {
      for (let i = 0; i < 2; i++) bookIds.push((await createBook(ctx.db, { ownerId: owner.id })).id);
    }
    // Warm up: sessions and the catalog are cached, statements prepared.
    await ctx.answer(ctx.client<BooksApi>().books.$get({ query: {} }));
    await ctx.answer(ctx.client<BooksApi>(member.cookie).books.$get({ query: {} }));
    await ctx.answer(ctx.client<AccountApi>(member.cookie).me.$get());
  });

  it('a book detail page: one query', async () => {
    await expectQueries(1, () =>
      ctx.answer(ctx.client<BooksApi>().books[':id'].$get({ param: { id: bookIds[0] } })),
    );
    // Signed in, the session comes from the cache: only the version read is added.
    await expectQueries(1 + versionRead, () =>
      ctx.answer(ctx.client<BooksApi>(member.cookie).books[':id'].$get({ param: { id: bookIds[0] } })),
    );
  });

  it('a cached catalog page: the version read only (none on PGlite), signed in or not', async () => {
    await ctx.answer(ctx.client<BooksApi>().books.$get({ query: { q: 'book', sort: 'price-low' } }));
    await expectQueries(versionRead, () => ctx.answer(ctx.client<BooksApi>().books.$get({ query: {} })));
    await expectQueries(versionRead, () =>
      ctx.answer(ctx.client<BooksApi>(member.cookie).books.$get({ query: {} })),
    );
    await expectQueries(versionRead, () =>
      ctx.answer(ctx.client<BooksApi>(member.cookie).books.$get({ query: { q: 'book', sort: 'price-low' } })),
    );
    await expectQueries(versionRead, () =>
      ctx.answer(ctx.client<BooksApi>().books.$get({ query: { q: 'book', sort: 'price-low' } })),
    );
  });

  it('the cart: one query', async () => {
    await expectQueries(1 + versionRead, () => ctx.answer(ctx.client<CartApi>(member.cookie).cart.$get()));
  });

  it('add to cart', async () => {
    await expectQueries(
      ADD_TO_CART + versionRead,
      () => ctx.answer(ctx.client<CartApi>(member.cookie).cart.items.$post({ json: { bookId: bookIds[0] } })),
      201,
    );
  });

  it('remove from cart: one statement, the delete of the own item with the cart as it was', async () => {
    const cart = await ctx.answer(ctx.client<CartApi>(member.cookie).cart.$get());
    const itemId = cart.body.groups[0].items[0].id;
    await expectQueries(1 + versionRead, () =>
      ctx.answer(
        ctx.client<CartApi>(member.cookie).cart.items[':itemId'].$delete({ param: { itemId: itemId } }),
      ),
    );
  });

  it('checkout of a two-owner cart: at most 6 queries', async () => {
    for (const bookId of bookIds.slice(1)) {
      const added = await ctx.answer(
        ctx.client<CartApi>(member.cookie).cart.items.$post({ json: { bookId } }),
      );
      expect(added.status).toBe(201);
    }
    await expectQueries(
      CHECKOUT_TWO_OWNERS + versionRead,
      () =>
        ctx.answer(
          ctx.client<CheckoutApi>(member.cookie).checkout.$post({
            json: { idempotencyKey: randomUUID(), deliveryMethod: 'delivery', deliveryAddress: address },
          }),
        ),
      201,
    );
    expect(CHECKOUT_TWO_OWNERS + versionRead).toBeLessThanOrEqual(6);
  });
});

// The borrowed section (D46): one batched read of its books' waitlists, so its statements stay
// the same for one book or the eight it shows.
describe('the borrowed section: statements independent of its books', () => {
  /** A book out now with a waiter: lent through a real order (a loan) or marked borrowed. */
  async function bookOut(title: string, lent: boolean) {
    const ownerId = (await createUser(ctx.db)).id;
    const book = await createBook(ctx.db, { ownerId, title, status: lent ? 'Available' : 'Borrowed' });
    if (lent) await placeTestOrder(ctx, { books: [book] });
    await ctx.db.insert(waitlistEntries).values({ bookId: book.id, userId: (await createUser(ctx.db)).id });
  }

  it('one book or eight, guest or member: the same statements', async () => {
    const member = await ctx.member();
    await bookOut('Quokka Tales 1', true);
    const section = (cookie?: string) => () =>
      ctx.answer(ctx.client<FindApi>(cookie)['borrowed-books'].$get({ query: { q: 'quokka' } }));
    // Statements prepared, the member's session cached.
    await section()();
    await section(member.cookie)();
    // The held books, the books out, their queues, the member's orders and waits, the loans.
    await expectQueries(BORROWED_SECTION_MEMBER + versionRead, section(member.cookie));
    await expectQueries(BORROWED_SECTION_GUEST, section());
    for (let i = 2; i <= 8; i++) await bookOut(`Quokka Tales ${i}`, i % 2 === 0);
    const eight = await ctx.answer(ctx.client<FindApi>()['borrowed-books'].$get({ query: { q: 'quokka' } }));
    expect(eight.body.items.map((i) => i.waitlist.waiting)).toEqual(Array(8).fill(1));
    await expectQueries(BORROWED_SECTION_MEMBER + versionRead, section(member.cookie));
    await expectQueries(BORROWED_SECTION_GUEST, section());
  });
});

/** The member's lock with the book and its owner, then the insert with the cart as it was. */
const ADD_TO_CART = 2;
/**
 * The member's lock with an earlier checkout of the same key and the admins' addresses, the
 * cart with its books' locks, owners' addresses and each owner's route price (D49), every write
 * in one statement (the checkout row, the orders, items and events, the reservations, the
 * emptied cart), the 'placed' notices (their listener's one insert), and the admins' reminder of
 * the orders left to price (D50).
 */
const CHECKOUT_TWO_OWNERS = 5;
/** The held books (signed in), the books out, their queues, the viewer's record, the loans. */
const BORROWED_SECTION_MEMBER = 5;
/** The books out, their queues, the loans: a guest has no holds and no record. */
const BORROWED_SECTION_GUEST = 3;
