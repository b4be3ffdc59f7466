import { and, count, eq, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type OrderStatus, SEARCH_COUNT_CAP } from '@domain/constants';
import { createBook } from '@server/seed/factories';
import {
  books,
  cartItems,
  orderItems,
  orders,
  ownerPickupLocations,
  pickupLocations,
  session,
  user,
} from '@server/db/schema';
import { now, resetClock, setClock } from '@server/lib/clock';
import { createTestContext, type Member, type TestContext, uncheckedInput } from '@tests/support/harness';
import { insertOrder } from '@tests/support/order-fixture';
import { englishCode } from '@tests/support/texts';
import type { AdminApi } from './routes';
import type { AccountApi } from '@server/modules/account/routes';

let ctx: TestContext;
let adminMember: Member;
let member: Member;

beforeAll(async () => {
  ctx = await createTestContext();
  adminMember = await ctx.admin({ name: 'Admin Putu' });
  member = await ctx.member({ name: 'Member Komang' });
});
afterAll(() => ctx.close());

const someUuid = '00000000-0000-4000-8000-000000000000';

describe('every admin endpoint is for admins only', () => {
  const endpoints: Array<[string, string, unknown?]> = [
    ['GET', '/api/admin/stats'],
    ['GET', '/api/admin/orders'],
    ['GET', '/api/admin/books'],
    ['PATCH', `/api/admin/books/${someUuid}`, { status: 'Available' }],
    ['DELETE', `/api/admin/books/${someUuid}`],
    ['GET', '/api/admin/users'],
    ['PATCH', '/api/admin/users/someone', { role: 'admin' }],
    ['DELETE', '/api/admin/users/someone'],
    ['GET', '/api/admin/emails'],
    ['GET', '/api/admin/emails/pending-count'],
    ['POST', '/api/admin/emails/process'],
  ];

  it.each(endpoints)('%s %s: guests 401, members 403 with the spec message', async (method, path, body) => {
    const guest = await ctx.rawRequest(method, path, { body });
    expect(guest.status).toBe(401);
    const asMember = await ctx.rawRequest(method, path, { body, cookie: member.cookie });
    expect(asMember.status).toBe(403);
    expect(asMember.body.error.message).toBe('Access denied. Admin privileges required.');
  });

  it('a member made admin gets in; demoted, is refused again (checked on every call)', async () => {
    const other = await ctx.member();
    expect((await ctx.answer(ctx.client<AdminApi>(other.cookie).admin.stats.$get())).status).toBe(403);
    await ctx.answer(
      ctx
        .client<AdminApi>(adminMember.cookie)
        .admin.users[':id'].$patch({ param: { id: other.user.id }, json: { role: 'admin' } }),
    );
    expect((await ctx.answer(ctx.client<AdminApi>(other.cookie).admin.stats.$get())).status).toBe(200);
    await ctx.answer(
      ctx
        .client<AdminApi>(adminMember.cookie)
        .admin.users[':id'].$patch({ param: { id: other.user.id }, json: { role: 'user' } }),
    );
    expect((await ctx.answer(ctx.client<AdminApi>(other.cookie).admin.stats.$get())).status).toBe(403);
  });
});

describe('overdue card: loans kept by due day (migration 0056)', () => {
  afterEach(() => resetClock());

  // What the card counted from the rows before the loans were kept by day (D21).
  const counted = async () =>
    (
      await ctx.db
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.status, 'Delivered'), lt(orders.dueAt, now())))
    )[0].n;
  const shown = async () => {
    const res = await ctx.answer(ctx.client<AdminApi>(adminMember.cookie).admin.stats.$get());
    expect(res.status).toBe(200);
    return res.body.overdueOrders;
  };
  /** The card against the rows, and how many of the loans made here it counts. */
  const expectOverdue = async (mine: number) => {
    const rows = await counted();
    expect(await shown()).toBe(rows);
    return rows - mine;
  };

  it('answers as counting the loans would: at any hour, through deliveries, extensions, returns and deletions', async () => {
    const borrower = await ctx.member();
    const owner = await ctx.member();
    // Each loan ends at the end of a Bali day (15:59:59.999 UTC).
    const endOf = (day: string) => new Date(`${day}T15:59:59.999Z`);
    const loan = async (status: OrderStatus, dueAt: Date | null) => {
      const { order } = await insertOrder(ctx.db, {
        borrower: borrower.user,
        ownerId: owner.user.id,
        status,
      });
      await ctx.db.update(orders).set({ dueAt }).where(eq(orders.id, order.id));
      return order.id;
    };
    setClock(new Date('2026-11-21T10:00:00Z'));
    const others = await expectOverdue(0);
    const a = await loan('Delivered', endOf('2026-11-20'));
    const b = await loan('Delivered', endOf('2026-11-21'));
    const c = await loan('Delivered', endOf('2026-11-22'));
    const d = await loan('Processed', null);

    // 21 Nov, 18:00 in Bali: only a has passed; b is due today, later.
    expect(await expectOverdue(1)).toBe(others);
    // 22 Nov, 00:30 in Bali (16:30 UTC on the 21st): b's due time has passed within its own UTC day.
    setClock(new Date('2026-11-21T16:30:00Z'));
    expect(await expectOverdue(2)).toBe(others);
    // 23 Nov: a, b and c.
    setClock(new Date('2026-11-23T01:00:00Z'));
    expect(await expectOverdue(3)).toBe(others);

    // b extended by a week, a on its way back, c deleted, d delivered already late.
    await ctx.db
      .update(orders)
      .set({ dueAt: endOf('2026-11-28') })
      .where(eq(orders.id, b));
    await ctx.db.update(orders).set({ status: 'Returning in Progress' }).where(eq(orders.id, a));
    await ctx.db.delete(orders).where(eq(orders.id, c));
    await ctx.db
      .update(orders)
      .set({ status: 'Delivered', dueAt: endOf('2026-11-19') })
      .where(eq(orders.id, d));
    expect(await expectOverdue(1)).toBe(others);
    // 29 Nov: b's extended week has passed too.
    setClock(new Date('2026-11-29T03:00:00Z'));
    expect(await expectOverdue(2)).toBe(others);
    // Seen from before any of them was due, none is overdue.
    setClock(new Date('2026-11-01T00:00:00Z'));
    await expectOverdue(0);
  });
});

describe('stats and lists', () => {
  it('counts orders, non-deleted books, users, pending emails, Draft orders and those awaiting payment apart', async () => {
    const before = (await ctx.answer(ctx.client<AdminApi>(adminMember.cookie).admin.stats.$get())).body;
    const owner = await ctx.member();
    await insertOrder(ctx.db, { borrower: member.user, ownerId: owner.user.id });
    await insertOrder(ctx.db, { borrower: member.user, ownerId: owner.user.id, status: 'Completed' });
    await insertOrder(ctx.db, {
      borrower: member.user,
      ownerId: owner.user.id,
      status: 'Waiting for Payment',
    });
    const deleted = await createBook(ctx.db, { ownerId: owner.user.id });
    await ctx.db.update(books).set({ deletedAt: new Date() }).where(eq(books.id, deleted.id));
    const res = await ctx.answer(ctx.client<AdminApi>(adminMember.cookie).admin.stats.$get());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      totalOrders: before.totalOrders + 3,
      totalBooks: before.totalBooks + 3, // the three snapshot books, not the deleted one
      totalUsers: before.totalUsers + 1,
      pendingEmails: expect.any(Number),
      draftOrders: before.draftOrders + 1,
      overdueOrders: before.overdueOrders,
      awaitingPaymentOrders: before.awaitingPaymentOrders + 1,
      pricedLateThisWeek: 0,
    });
  });

  it('lists orders with customer, owner contact, totals; filters by status and searches', async () => {
    const owner = await ctx.member({ name: 'Owner Searchable', address: 'Jl. Owner 9, Sanur, Bali' });
    const { order } = await insertOrder(ctx.db, {
      borrower: member.user,
      ownerId: owner.user.id,
      status: 'Processed',
    });
    const res = await ctx.answer(
      ctx.client<AdminApi>(adminMember.cookie).admin.orders.$get({ query: { q: 'searchable' } }),
    );
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
    expect(res.body.items[0]).toMatchObject({
      id: order.id,
      number: order.id.slice(-8).toUpperCase(),
      status: 'Processed',
      userName: 'Member Komang',
      userEmail: member.user.email,
      ownerName: 'Owner Searchable',
      ownerContact: { email: owner.user.email, address: 'Jl. Owner 9, Sanur, Bali' },
      subtotal: '10000.00',
      itemCount: 1,
    });
    const byNumber = await ctx.answer(
      ctx.client<AdminApi>(adminMember.cookie).admin.orders.$get({ query: { q: `#${order.id.slice(-8)}` } }),
    );
    expect(byNumber.body.items.map((o: { id: string }) => o.id)).toEqual([order.id]);
    const processed = await ctx.answer(
      ctx.client<AdminApi>(adminMember.cookie).admin.orders.$get({ query: { status: 'Processed' } }),
    );
    expect(processed.body.items.every((o: { status: string }) => o.status === 'Processed')).toBe(true);
    const bad = await ctx.answer(
      ctx
        .client<AdminApi>(adminMember.cookie)
        .admin.orders.$get({ query: { status: uncheckedInput('Nope') } }),
    );
    expect(bad.status).toBe(422);
  });

  it('pages through thousands of books in the database', async () => {
    const owner = await ctx.member({ name: 'Prolific Owner' });
    const rows = Array.from({ length: 1200 }, (_, i) => ({
      ownerId: owner.user.id,
      title: `Bulk volume ${i}`,
      author: 'Bulk Author',
      weeklyPrice: '5000.00',
      coverKey: `bulk-${i}`,
    }));
    for (let i = 0; i < rows.length; i += 400) await ctx.db.insert(books).values(rows.slice(i, i + 400));
    // The third page, by the cursors of the first two (keyset pages, no page numbers).
    let cursor = '';
    let page3 = await ctx.answer(
      ctx
        .client<AdminApi>(adminMember.cookie)
        .admin.books.$get({ query: { q: 'bulk volume', pageSize: '50' } }),
    );
    for (let i = 0; i < 2; i++) {
      cursor = page3.body.nextCursor;
      page3 = await ctx.answer(
        ctx
          .client<AdminApi>(adminMember.cookie)
          .admin.books.$get({ query: { q: 'bulk volume', pageSize: '50', cursor: cursor } }),
      );
    }
    expect(page3.status).toBe(200);
    // A search counts up to SEARCH_COUNT_CAP: "more than 100".
    expect(page3.body.total).toBe(SEARCH_COUNT_CAP);
    expect(page3.body.totalCapped).toBe(true);
    expect(page3.body.items).toHaveLength(50);
    expect(page3.body.items[0]).toMatchObject({ ownerName: 'Prolific Owner', ownerEmail: owner.user.email });
    // Newest first: the 101st newest of the bulk books opens the third page.
    const [third] = await ctx.db
      .select({ id: books.id })
      .from(books)
      .where(eq(books.ownerId, owner.user.id))
      .orderBy(sql`created_at desc, id desc`)
      .offset(100)
      .limit(1);
    expect(page3.body.items[0].id).toBe(third.id);
    const byOwner = await ctx.answer(
      ctx.client<AdminApi>(adminMember.cookie).admin.books.$get({ query: { q: 'prolific', pageSize: '1' } }),
    );
    expect(byOwner.body).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true });
    expect(byOwner.body.items[0]).toMatchObject({ ownerName: 'Prolific Owner' });
    const users = await ctx.answer(
      ctx.client<AdminApi>(adminMember.cookie).admin.users.$get({ query: { q: 'prolific' } }),
    );
    expect(users.body.items).toEqual([
      expect.objectContaining({ id: owner.user.id, role: 'user', bookCount: 1200, openOrderCount: 0 }),
    ]);
  });
});

describe('users tab: open orders', () => {
  it('counts orders not yet Completed or Cancelled, as borrower and as owner', async () => {
    const borrower = await ctx.member({ name: 'Counted Borrower' });
    const owner = await ctx.member({ name: 'Counted Owner' });
    for (const status of ['Draft', 'Delivered', 'Completed', 'Cancelled'] as const)
      await insertOrder(ctx.db, { borrower: borrower.user, ownerId: owner.user.id, status });
    const res = await ctx.answer(
      ctx.client<AdminApi>(adminMember.cookie).admin.users.$get({ query: { q: 'counted' } }),
    );
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: borrower.user.id, openOrderCount: 2 }),
        expect.objectContaining({ id: owner.user.id, openOrderCount: 2 }),
      ]),
    );
  });
});

describe('books tab: a search by title and by owner at once', () => {
  it('merges the two in the list order, each book once, through every page and back', async () => {
    const named = await ctx.member({ name: 'Kenanga Merged' });
    const other = await ctx.member({ name: 'Someone Else' });
    const mine = [];
    for (const title of ['Kenanga Merged Tale', 'Plain One', 'Plain Two']) {
      mine.push(await createBook(ctx.db, { ownerId: named.user.id, title }));
    }
    const theirs = await createBook(ctx.db, { ownerId: other.user.id, title: 'About Kenanga Merged' });
    await createBook(ctx.db, { ownerId: other.user.id, title: 'Not Found Here' });
    const expected = (
      await ctx.db
        .select({ id: books.id })
        .from(books)
        .where(
          sql`${books.id} in (${sql.join(
            [...mine, theirs].map((b) => sql`${b.id}`),
            sql`, `,
          )})`,
        )
        .orderBy(sql`created_at desc, id desc`)
    ).map((b) => b.id);
    const get = async (cursor?: string) => {
      const res = await ctx.answer(
        ctx
          .client<AdminApi>(adminMember.cookie)
          .admin.books.$get({ query: { q: 'kenanga merged', pageSize: '1', ...(cursor ? { cursor } : {}) } }),
      );
      expect(res.status).toBe(200);
      return res.body;
    };
    const seen: string[] = [];
    let page = await get();
    expect(page).toMatchObject({ total: 4, totalCapped: false });
    for (;;) {
      seen.push(...page.items.map((b: { id: string }) => b.id));
      if (!page.nextCursor) break;
      page = await get(page.nextCursor);
    }
    expect(seen).toEqual(expected);
    const last = await get('last');
    expect(last.items.map((b: { id: string }) => b.id)).toEqual([expected[3]]);
    const before = await get(last.prevCursor ?? undefined);
    expect(before.items.map((b: { id: string }) => b.id)).toEqual([expected[2]]);
  });
});

describe('users tab: kept counts (migration 0048)', () => {
  // What the tab counted from the rows before the counts were kept.
  const counted = async (id: string) => {
    const [mine] = await ctx.db
      .select({ n: count() })
      .from(books)
      .where(and(eq(books.ownerId, id), isNull(books.deletedAt)));
    const [open] = await ctx.db
      .select({ n: count() })
      .from(orders)
      .where(
        and(
          or(eq(orders.userId, id), eq(orders.ownerId, id)),
          notInArray(orders.status, ['Completed', 'Cancelled']),
        ),
      );
    return { bookCount: mine.n, openOrderCount: open.n };
  };
  const shown = async (id: string) => {
    const res = await ctx.answer(
      ctx.client<AdminApi>(adminMember.cookie).admin.users.$get({ query: { q: 'kept' } }),
    );
    expect(res.status).toBe(200);
    const row = res.body.items.find((r) => r.id === id);
    return { bookCount: row?.bookCount, openOrderCount: row?.openOrderCount };
  };
  const same = async (...ids: string[]) => {
    for (const id of ids) expect(await shown(id)).toEqual(await counted(id));
  };

  it('follow books and orders through every change, as counting the rows would answer', async () => {
    const borrower = await ctx.member({ name: 'Kept Borrower' });
    const owner = await ctx.member({ name: 'Kept Owner' });
    const other = await ctx.member({ name: 'Kept Other' });
    const shelf = await Promise.all([1, 2, 3].map(() => createBook(ctx.db, { ownerId: owner.user.id })));
    const draft = await insertOrder(ctx.db, {
      borrower: borrower.user,
      ownerId: owner.user.id,
      status: 'Draft',
    });
    const lent = await insertOrder(ctx.db, {
      borrower: borrower.user,
      ownerId: owner.user.id,
      status: 'Delivered',
    });
    await same(borrower.user.id, owner.user.id, other.user.id);
    expect((await shown(owner.user.id)).openOrderCount).toBe(2);
    // Orders closed, reopened and deleted; books deleted, hard-deleted and given to another owner.
    await ctx.db.update(orders).set({ status: 'Cancelled' }).where(eq(orders.id, draft.order.id));
    await ctx.db.update(orders).set({ status: 'Completed' }).where(eq(orders.id, lent.order.id));
    await same(borrower.user.id, owner.user.id);
    expect((await shown(borrower.user.id)).openOrderCount).toBe(0);
    await ctx.db.update(orders).set({ status: 'Returning in Progress' }).where(eq(orders.id, lent.order.id));
    await ctx.db.update(books).set({ deletedAt: new Date() }).where(eq(books.id, shelf[0].id));
    await ctx.db.delete(books).where(eq(books.id, shelf[1].id));
    await ctx.db.update(books).set({ ownerId: other.user.id }).where(eq(books.id, shelf[2].id));
    await same(borrower.user.id, owner.user.id, other.user.id);
    expect((await shown(other.user.id)).bookCount).toBe(1);
    await ctx.db.delete(orderItems).where(eq(orderItems.orderId, lent.order.id));
    await ctx.db.delete(orders).where(eq(orders.id, lent.order.id));
    await same(borrower.user.id, owner.user.id, other.user.id);
  });
});

describe('books tab', () => {
  it('sets any of the three statuses; refuses others with 422 and changes nothing', async () => {
    const owner = await ctx.member();
    const book = await createBook(ctx.db, { ownerId: owner.user.id });
    for (const status of ['Borrowed', 'Unavailable', 'Available'] as const) {
      const res = await ctx.answer(
        ctx
          .client<AdminApi>(adminMember.cookie)
          .admin.books[':id'].$patch({ param: { id: book.id }, json: { status } }),
      );
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(status);
    }
    const bad = await ctx.answer(
      ctx
        .client<AdminApi>(adminMember.cookie)
        .admin.books[':id'].$patch({ param: { id: book.id }, json: { status: uncheckedInput('Lost') } }),
    );
    expect(bad.status).toBe(422);
    const [row] = await ctx.db.select().from(books).where(eq(books.id, book.id));
    expect(row.status).toBe('Available');
    const missing = await ctx.answer(
      ctx
        .client<AdminApi>(adminMember.cookie)
        .admin.books[':id'].$patch({ param: { id: someUuid }, json: { status: 'Available' } }),
    );
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Book not found');
  });

  it('soft-deletes a book: it leaves carts and lists, its order history stays', async () => {
    const owner = await ctx.member();
    const book = await createBook(ctx.db, { ownerId: owner.user.id, title: 'To be deleted' });
    await ctx.db.insert(cartItems).values({ userId: member.user.id, bookId: book.id });
    const res = await ctx.answer(
      ctx.client<AdminApi>(adminMember.cookie).admin.books[':id'].$delete({ param: { id: book.id } }),
    );
    expect(res.status).toBe(204);
    const [row] = await ctx.db.select().from(books).where(eq(books.id, book.id));
    expect(row.deletedAt).not.toBeNull();
    expect(await ctx.db.select().from(cartItems).where(eq(cartItems.bookId, book.id))).toEqual([]);
    const list = await ctx.answer(
      ctx.client<AdminApi>(adminMember.cookie).admin.books.$get({ query: { q: 'To be deleted' } }),
    );
    expect(list.body.total).toBe(0);
    const again = await ctx.answer(
      ctx.client<AdminApi>(adminMember.cookie).admin.books[':id'].$delete({ param: { id: book.id } }),
    );
    expect(again.status).toBe(404);
  });

  it('refuses to delete a book in an open order, allows it once the order is closed', async () => {
    const owner = await ctx.member();
    const { order, book } = await insertOrder(ctx.db, {
      borrower: member.user,
      ownerId: owner.user.id,
      status: 'Delivered',
    });
    const list = await ctx.answer(
      ctx.client<AdminApi>(adminMember.cookie).admin.books.$get({ query: { q: book.title } }),
    );
    expect(list.body.items[0].inOpenOrder).toBe(true);
    const refused = await ctx.answer(
      ctx.client<AdminApi>(adminMember.cookie).admin.books[':id'].$delete({ param: { id: book.id } }),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(englishCode('BOOK_IN_OPEN_ORDER'));
    const [still] = await ctx.db.select().from(books).where(eq(books.id, book.id));
    expect(still.deletedAt).toBeNull();
    await ctx.db.update(orders).set({ status: 'Completed' }).where(eq(orders.id, order.id));
    const ok = await ctx.answer(
      ctx.client<AdminApi>(adminMember.cookie).admin.books[':id'].$delete({ param: { id: book.id } }),
    );
    expect(ok.status).toBe(204);
    const [item] = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(item.title).toBe(book.title);
  });
});

describe('users tab: roles (D12)', () => {
  it('changes a role between user and admin', async () => {
    const target = await ctx.member();
    const up = await ctx.answer(
      ctx
        .client<AdminApi>(adminMember.cookie)
        .admin.users[':id'].$patch({ param: { id: target.user.id }, json: { role: 'admin' } }),
    );
    expect(up.status).toBe(200);
    expect(up.body).toEqual({ id: target.user.id, role: 'admin' });
    const down = await ctx.answer(
      ctx
        .client<AdminApi>(adminMember.cookie)
        .admin.users[':id'].$patch({ param: { id: target.user.id }, json: { role: 'user' } }),
    );
    expect(down.body.role).toBe('user');
  });

  it('never changes one’s own role', async () => {
    const res = await ctx.answer(
      ctx
        .client<AdminApi>(adminMember.cookie)
        .admin.users[':id'].$patch({ param: { id: adminMember.user.id }, json: { role: 'user' } }),
    );
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(englishCode('OWN_ROLE'));
    const [row] = await ctx.db.select().from(user).where(eq(user.id, adminMember.user.id));
    expect(row.role).toBe('admin');
  });

  it('refuses unknown roles and unknown users', async () => {
    const target = await ctx.member();
    const bad = await ctx.answer(
      ctx.client<AdminApi>(adminMember.cookie).admin.users[':id'].$patch({
        param: { id: target.user.id },
        json: { role: uncheckedInput('superuser') },
      }),
    );
    expect(bad.status).toBe(422);
    const missing = await ctx.answer(
      ctx
        .client<AdminApi>(adminMember.cookie)
        .admin.users[':id'].$patch({ param: { id: 'nobody' }, json: { role: 'admin' } }),
    );
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(englishCode('USER_NOT_FOUND'));
  });
});

describe('users tab: deleting (D13)', () => {
  it('refuses to delete an admin, or oneself', async () => {
    const otherAdmin = await ctx.admin();
    for (const id of [otherAdmin.user.id, adminMember.user.id]) {
      const res = await ctx.answer(
        ctx.client<AdminApi>(adminMember.cookie).admin.users[':id'].$delete({ param: { id: id } }),
      );
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(englishCode('ADMIN_NOT_DELETABLE'));
    }
    expect(await ctx.db.select().from(user).where(eq(user.id, otherAdmin.user.id))).toHaveLength(1);
  });

  it('refuses while the user has an open order as borrower, and as owner', async () => {
    const borrower = await ctx.member();
    const owner = await ctx.member();
    await insertOrder(ctx.db, {
      borrower: borrower.user,
      ownerId: owner.user.id,
      status: 'Waiting for Payment',
    });
    for (const id of [borrower.user.id, owner.user.id]) {
      const res = await ctx.answer(
        ctx.client<AdminApi>(adminMember.cookie).admin.users[':id'].$delete({ param: { id: id } }),
      );
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(englishCode('USER_HAS_OPEN_ORDERS'));
    }
    // Nothing changed: both can still use the app.
    expect((await ctx.answer(ctx.client<AccountApi>(borrower.cookie).me.$get())).body.user.id).toBe(
      borrower.user.id,
    );
    expect((await ctx.answer(ctx.client<AccountApi>(owner.cookie).me.$get())).body.user.id).toBe(
      owner.user.id,
    );
  });

  it('deletes sessions, cart, pickup choices; soft-deletes books; keeps orders with snapshot names', async () => {
    const owner = await ctx.member({ name: 'Leaving Owner' });
    const borrower = await ctx.member({ name: 'Leaving Borrower' });
    const { order: asOwner } = await insertOrder(ctx.db, {
      borrower: member.user,
      ownerId: owner.user.id,
      status: 'Completed',
    });
    const { order: asBorrower } = await insertOrder(ctx.db, {
      borrower: borrower.user,
      ownerId: owner.user.id,
      status: 'Cancelled',
    });
    const shelfBook = await createBook(ctx.db, { ownerId: owner.user.id, title: 'Left behind' });
    await ctx.db.insert(cartItems).values({ userId: member.user.id, bookId: shelfBook.id });
    const other = await ctx.member();
    const otherBook = await createBook(ctx.db, { ownerId: other.user.id });
    await ctx.db.insert(cartItems).values({ userId: owner.user.id, bookId: otherBook.id });
    const [location] = await ctx.db
      .insert(pickupLocations)
      .values({ name: 'Partner', location: 'Ubud', address: 'Jl. Partner 1, Ubud' })
      .returning();
    await ctx.db
      .insert(ownerPickupLocations)
      .values({ ownerId: owner.user.id, pickupLocationId: location.id });

    for (const target of [owner, borrower]) {
      const res = await ctx.answer(
        ctx
          .client<AdminApi>(adminMember.cookie)
          .admin.users[':id'].$delete({ param: { id: target.user.id } }),
      );
      expect(res.status).toBe(204);
      expect(await ctx.db.select().from(session).where(eq(session.userId, target.user.id))).toEqual([]);
      expect((await ctx.answer(ctx.client<AccountApi>(target.cookie).me.$get())).body).toEqual({
        user: null,
      });
    }
    expect(await ctx.db.select().from(user).where(eq(user.id, owner.user.id))).toEqual([]);
    expect(await ctx.db.select().from(cartItems).where(eq(cartItems.userId, owner.user.id))).toEqual([]);
    // Their book left the other member's cart too.
    expect(await ctx.db.select().from(cartItems).where(eq(cartItems.bookId, shelfBook.id))).toEqual([]);
    expect(
      await ctx.db.select().from(ownerPickupLocations).where(eq(ownerPickupLocations.ownerId, owner.user.id)),
    ).toEqual([]);
    const [book] = await ctx.db.select().from(books).where(eq(books.id, shelfBook.id));
    expect(book.deletedAt).not.toBeNull();

    const [keptAsOwner] = await ctx.db.select().from(orders).where(eq(orders.id, asOwner.id));
    expect(keptAsOwner).toMatchObject({ ownerId: null, ownerName: 'Leaving Owner', status: 'Completed' });
    const [keptAsBorrower] = await ctx.db.select().from(orders).where(eq(orders.id, asBorrower.id));
    expect(keptAsBorrower).toMatchObject({
      userId: null,
      userName: 'Leaving Borrower',
      userEmail: borrower.user.email,
      ownerName: 'Leaving Owner',
    });
    const [item] = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, asOwner.id));
    expect(item.ownerName).toBe('Leaving Owner');
    const listed = await ctx.answer(
      ctx.client<AdminApi>(adminMember.cookie).admin.orders.$get({ query: { q: 'Leaving' } }),
    );
    expect(listed.body.items.map((o: { id: string }) => o.id).sort()).toEqual(
      [asOwner.id, asBorrower.id].sort(),
    );
    expect(listed.body.items.every((o: { ownerContact: unknown }) => o.ownerContact === null)).toBe(true);
  });

  it('answers 404 for an unknown user', async () => {
    const res = await ctx.answer(
      ctx.client<AdminApi>(adminMember.cookie).admin.users[':id'].$delete({ param: { id: 'nobody' } }),
    );
    expect(res.status).toBe(404);
  });
});

describe('emails tab', () => {
  it('lists the latest notifications newest first with their state, and counts the pending ones', async () => {
    const owner = await ctx.member();
    const { order } = await insertOrder(ctx.db, { borrower: member.user, ownerId: owner.user.id });
    const { enqueueEmails } = await import('@server/outbox/outbox');
    await enqueueEmails(ctx.db, [
      {
        to: 'first@example.com',
        recipientType: 'borrower',
        emailType: 'order_placed',
        orderId: order.id,
        subject: 'First',
        text: 't',
        html: 'h',
      },
    ]);
    await new Promise((r) => setTimeout(r, 5));
    await enqueueEmails(ctx.db, [
      {
        to: 'second@example.com',
        recipientType: 'user',
        emailType: 'password_reset',
        subject: 'Second',
        text: 't',
        html: 'h',
      },
    ]);
    const count = await ctx.answer(
      ctx.client<AdminApi>(adminMember.cookie).admin.emails['pending-count'].$get(),
    );
    expect(count.body.count).toBeGreaterThanOrEqual(2);
    const list = await ctx.answer(ctx.client<AdminApi>(adminMember.cookie).admin.emails.$get({ query: {} }));
    expect(list.status).toBe(200);
    // Every email here fits the default page (ADMIN_EMAIL_LIST_LIMIT).
    expect(list.body.nextCursor).toBeNull();
    expect(list.body.items[0]).toMatchObject({
      recipientEmail: 'second@example.com',
      sentAt: null,
      attempts: 0,
    });
    expect(list.body.items[1]).toMatchObject({
      recipientEmail: 'first@example.com',
      emailType: 'order_placed',
      orderNumber: order.id.slice(-8).toUpperCase(),
    });

    const run = await ctx.answer(ctx.client<AdminApi>(adminMember.cookie).admin.emails.process.$post());
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ success: true, message: 'Email processing triggered successfully' });
    expect(run.body.sent).toBeGreaterThanOrEqual(2);
    expect(
      (await ctx.answer(ctx.client<AdminApi>(adminMember.cookie).admin.emails['pending-count'].$get())).body,
    ).toEqual({
      count: 0,
    });
    const sent = await ctx.answer(
      ctx.client<AdminApi>(adminMember.cookie).admin.emails.$get({ query: { state: 'sent', q: 'first@' } }),
    );
    expect(sent.body.items[0].sentAt).not.toBeNull();
    expect(ctx.mailbox.messages.some((m) => m.to.includes('first@example.com'))).toBe(true);
  });
});
