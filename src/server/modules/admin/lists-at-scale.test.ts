import { randomUUID } from 'node:crypto';
import { and, count, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP, ORDER_ATTENTION_LIMIT, SEARCH_COUNT_CAP } from '@domain/constants';
import { books, emailNotifications, orders, user } from '@server/db/schema';
import { writeCursor } from '@server/lib/keyset';
import { createBook, createUser } from '@server/seed/factories';
import { findTestPostgres } from '@tests/support/database';
import { createTestContext, type Member, type TestContext } from '@tests/support/harness';
import { insertOrder } from '@tests/support/order-fixture';
import type { AdminApi } from './routes';
import type { OrdersApi } from '@server/modules/orders/routes';
import type { BooksApi } from '@server/modules/books/routes';

// Lists at scale (docs/architecture.md): keyset pages that neither repeat nor skip a row while
// rows come and go, cursors refused when they are not the list's own, counts capped at 10,000,
// and the dashboard's counters right through every kind of write. On PGlite and PostgreSQL.

const serverUrl = await findTestPostgres();
const databases: Array<[string, string | null]> = [
  ['PGlite', null],
  ...(serverUrl ? [['PostgreSQL', serverUrl] as [string, string]] : []),
];

type Page = { items: Array<{ id: string }>; nextCursor: string | null; prevCursor: string | null };

/**
 * `n` orders of `borrower` from `owner`, straight in SQL (the list reads, not checkout, are
 * under test here). Every third shares its created_at with the one before, so the id decides.
 */
async function seedOrders(
  ctx: TestContext,
  input: { borrower: { id: string; name: string; email: string }; ownerId: string; n: number; tag: string },
) {
  await ctx.db.execute(sql`
    insert into orders (user_id, user_name, user_email, owner_id, owner_name, status, delivery_method,
      borrow_duration, subtotal, created_at)
    select ${input.borrower.id}, ${input.borrower.name}, ${input.borrower.email}, ${input.ownerId},
      ${`Owner ${input.tag}`}, 'Completed', 'delivery', 1, 10000,
      timestamptz '2026-01-01 00:00:00.123456+00' + ((i - i % 3) * interval '1 minute')
    from generate_series(1, ${input.n}) as i`);
}

/** Every page from the first on, following `next`. */
async function walk(
  ctx: TestContext,
  path: string,
  cookie: string,
  from: string | null = null,
): Promise<Page[]> {
  const pages: Page[] = [];
  let cursor: string | null = from;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const url: string = cursor ? `${path}${sep}cursor=${encodeURIComponent(cursor)}` : path;
    const res = await ctx.rawRequest<Page>('GET', url, { cookie });
    expect(res.status).toBe(200);
    pages.push(res.body);
    cursor = res.body.nextCursor;
  } while (cursor);
  return pages;
}

const idsOf = (pages: Page[]) => pages.flatMap((p) => p.items.map((i) => i.id));

/**
 * A list at `path` (its page size set) lists `expected` in order, each once, forward; back from
 * its last page the same pages in turn; its last page asked straight away ends it; its count is
 * exact.
 */
async function expectEveryRowOnceBothWays(
  ctx: TestContext,
  path: string,
  cookie: string,
  expected: string[],
) {
  const pageAt = async (cursor: string) =>
    (
      await ctx.rawRequest<Page & { total: number; totalCapped: boolean }>(
        'GET',
        `${path}&cursor=${encodeURIComponent(cursor)}`,
        { cookie },
      )
    ).body;
  const pages = await walk(ctx, path, cookie);
  expect(idsOf(pages)).toEqual(expected);
  expect(pages[0]).toMatchObject({ total: expected.length, totalCapped: false });
  let page = pages.at(-1)!;
  for (let i = pages.length - 2; i >= 0; i--) {
    page = await pageAt(page.prevCursor!);
    expect(idsOf([page])).toEqual(idsOf([pages[i]]));
  }
  expect(page.prevCursor).toBeNull();
  const last = await pageAt('last');
  expect(idsOf([last])).toEqual(expected.slice(-last.items.length));
  expect(last.nextCursor).toBeNull();
}

describe.each(databases)('lists at scale on %s', (_name, databaseServer) => {
  let ctx: TestContext;
  let admin: Member;
  let borrower: Member;
  let owner: Member;

  beforeAll(async () => {
    ctx = await createTestContext({}, { databaseServer });
    admin = await ctx.admin({ name: 'Admin Scale' });
    borrower = await ctx.member({ name: 'Borrower Scale' });
    owner = await ctx.member({ name: 'Owner Scale' });
  });
  afterAll(() => ctx.close());

  /** The ids of `table`'s rows that match, as the admin's lists order them. */
  const idsNewestFirst = async (table: typeof orders | typeof emailNotifications, where: SQL) =>
    (
      await ctx.db.select({ id: table.id }).from(table).where(where).orderBy(sql`created_at desc, id desc`)
    ).map((r) => r.id);

  it('admin orders: every order once, forward and back, while orders are added and deleted', async () => {
    await seedOrders(ctx, { borrower: borrower.user, ownerId: owner.user.id, n: 30, tag: 'walk' });
    const q = '/api/admin/orders?pageSize=7';
    /** One page of the admin's orders, 7 long, from `cursor` (the first page without one). */
    const adminOrders = async (cursor?: string) =>
      ctx.answer(
        ctx
          .client<AdminApi>(admin.cookie)
          .admin.orders.$get({ query: { pageSize: '7', ...(cursor ? { cursor } : {}) } }),
      );
    const first = await adminOrders();
    expect(first.body.prevCursor).toBeNull();
    expect(first.body.items).toHaveLength(7);
    const expected = (
      await ctx.db.select({ id: orders.id }).from(orders).orderBy(sql`created_at desc, id desc`)
    ).map((r) => r.id);

    // Between page 1 and page 2: a new order (newer than all) and one not yet seen deleted.
    const gone = expected[20];
    await ctx.db.delete(orders).where(eq(orders.id, gone));
    const fresh = await insertOrder(ctx.db, { borrower: borrower.user, ownerId: owner.user.id });

    const rest = await walk(ctx, q, admin.cookie, first.body.nextCursor);
    const seen = [...first.body.items.map((i) => i.id), ...idsOf(rest)];
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expected.filter((id) => id !== gone));
    expect(rest.at(-1)!.nextCursor).toBeNull();

    // Back from the last page: the same pages in turn, then the first page with the new order.
    const pages = [first.body, ...rest];
    let page = rest.at(-1)!;
    for (let i = pages.length - 2; i >= 1; i--) {
      page = (await adminOrders(page.prevCursor!)).body;
      expect(page.items.map((o) => o.id)).toEqual(pages[i].items.map((o) => o.id));
    }
    let top = (await adminOrders(page.prevCursor!)).body;
    if (top.prevCursor) top = (await adminOrders(top.prevCursor)).body;
    expect(top.prevCursor).toBeNull();
    expect(top.items[0].id).toBe(fresh.order.id);
    expect(top.items).toHaveLength(7);

    // The last page straight away: the oldest orders, nothing after them.
    const last = await adminOrders('last');
    expect(last.body.nextCursor).toBeNull();
    expect(last.body.items.map((o) => o.id)).toEqual(
      expected.filter((id) => id !== gone).slice(-last.body.items.length),
    );
    expect(last.body.prevCursor).not.toBeNull();
  });

  it('refuses a cursor it did not make, or made for another list, with INVALID_CURSOR', async () => {
    const someBook = writeCursor('admin-books', 'after', { at: '2026-01-01 00:00:00+00', id: randomUUID() });
    const forged = Buffer.from(JSON.stringify(['admin-orders', 'a', 'yesterday', 'x'])).toString('base64url');
    for (const cursor of ['garbage', someBook, forged, 'W10']) {
      const res = await ctx.answer(
        ctx.client<AdminApi>(admin.cookie).admin.orders.$get({ query: { cursor: cursor } }),
      );
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('INVALID_CURSOR');
    }
    const mine = writeCursor('orders-borrower', 'after', { at: '2026-01-01 00:00:00+00', id: randomUUID() });
    const asOwner = await ctx.answer(
      ctx.client<OrdersApi>(borrower.cookie).orders.$get({ query: { as: 'owner', cursor: mine } }),
    );
    expect(asOwner.status).toBe(400);
    expect(asOwner.body.error.code).toBe('INVALID_CURSOR');
    const books = await ctx.answer(
      ctx.client<BooksApi>(owner.cookie).my.books.$get({ query: { cursor: mine } }),
    );
    expect(books.body.error.code).toBe('INVALID_CURSOR');
  });

  it("a whole address: its emails and the longer addresses' it starts, newest first, each once both ways", async () => {
    // Interleaved in time across the three addresses, every third sharing a time (the id decides).
    await ctx.db.execute(sql`
      insert into email_notifications (recipient_email, recipient_type, email_type, subject, text_body, html_body, created_at)
      select (array['Whole@Example.co', 'whole@example.com', 'whole@example.co.id', 'wholly@example.co'])[1 + i % 4],
        'customer', 'test', 'Whole', 'x', 'x',
        timestamptz '2026-02-01 00:00:00.5+00' + ((i - i % 3) * interval '1 second')
      from generate_series(1, 22) as i`);
    const expected = await idsNewestFirst(
      emailNotifications,
      sql`lower(recipient_email) like 'whole@example.co%'`,
    );
    expect(expected).toHaveLength(17);
    await expectEveryRowOnceBothWays(
      ctx,
      '/api/admin/emails?q=WHOLE%40example.co&pageSize=4',
      admin.cookie,
      expected,
    );
    await ctx.db.execute(sql`delete from email_notifications where subject = 'Whole'`);
  });

  it("admin orders by a whole address: its orders, the longer addresses' and names holding it, each once both ways", async () => {
    const as = (name: string, email: string) => ({ ...borrower.user, name, email });
    // A name that holds the address, under it and under another address: listed once each.
    const borrowers: Array<[name: string, email: string, n: number]> = [
      ['Whole One', 'Whole@Example.co', 9],
      ['Whole Two', 'whole@example.com', 4],
      ['whole@example.co fan', 'whole@example.co', 2],
      ['whole@example.co fan', 'fan@example.org', 2],
      ['Wholly', 'wholly@example.co', 3],
    ];
    for (const [i, [name, email, n]] of borrowers.entries()) {
      await seedOrders(ctx, { borrower: as(name, email), ownerId: owner.user.id, n, tag: `w${i + 1}` });
    }
    const expected = await idsNewestFirst(
      orders,
      sql`lower(user_email) like 'whole@example.co%' or user_name ilike '%whole@example.co%'`,
    );
    expect(expected).toHaveLength(17);
    await expectEveryRowOnceBothWays(
      ctx,
      '/api/admin/orders?q=WHOLE%40example.co&pageSize=5',
      admin.cookie,
      expected,
    );
    await ctx.db.execute(sql`delete from orders where owner_name ~ '^Owner w[1-5]$'`);
  });

  it('counts exactly up to 10,000 and says "more" past it; a search up to 100', async () => {
    const add = (n: number, tag: string, failed = false) =>
      ctx.db.execute(sql`
        insert into email_notifications (recipient_email, recipient_type, email_type, subject, text_body, html_body, sent_at, failed_at)
        select ${tag} || i || '@example.com', 'customer', 'test', 'Count', 'x', 'x',
          case when ${failed} then null else now() end, case when ${failed} then now() else null end
        from generate_series(1, ${n}) as i`);
    await add(COUNT_CAP + 1, 'capped-', true);
    const over = await ctx.answer(
      ctx.client<AdminApi>(admin.cookie).admin.emails.$get({ query: { state: 'failed', pageSize: '5' } }),
    );
    expect(over.body).toMatchObject({ total: COUNT_CAP, totalCapped: true });
    expect(over.body.items).toHaveLength(5);
    await ctx.db.execute(sql`delete from email_notifications where recipient_email = 'capped-1@example.com'`);
    const at = await ctx.answer(
      ctx.client<AdminApi>(admin.cookie).admin.emails.$get({ query: { state: 'failed' } }),
    );
    expect(at.body).toMatchObject({ total: COUNT_CAP, totalCapped: false });
    // A search counts up to SEARCH_COUNT_CAP: exact below it, "more than 100" past it.
    const searched = await ctx.answer(
      ctx.client<AdminApi>(admin.cookie).admin.emails.$get({ query: { q: 'capped-' } }),
    );
    expect(searched.body).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true });
    await add(SEARCH_COUNT_CAP, 'hundred-');
    const hundred = await ctx.answer(
      ctx.client<AdminApi>(admin.cookie).admin.emails.$get({ query: { q: 'Hundred-' } }),
    );
    expect(hundred.body).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: false });
    await add(3, 'few-');
    const few = await ctx.answer(
      ctx.client<AdminApi>(admin.cookie).admin.emails.$get({ query: { q: 'FEW-' } }),
    );
    expect(few.body).toMatchObject({ total: 3, totalCapped: false, nextCursor: null, prevCursor: null });
  });

  it('the stat cards follow every write: checkout rows, status changes, deletions, new users', async () => {
    const truth = async () => {
      const [[o], [d], [w], [b], [u]] = await Promise.all([
        ctx.db.select({ n: count() }).from(orders),
        ctx.db.select({ n: count() }).from(orders).where(eq(orders.status, 'Draft')),
        ctx.db.select({ n: count() }).from(orders).where(eq(orders.status, 'Waiting for Payment')),
        ctx.db.select({ n: count() }).from(books).where(isNull(books.deletedAt)),
        ctx.db.select({ n: count() }).from(user),
      ]);
      return {
        totalOrders: o.n,
        draftOrders: d.n,
        awaitingPaymentOrders: w.n,
        totalBooks: b.n,
        totalUsers: u.n,
      };
    };
    const stats = async () => (await ctx.answer(ctx.client<AdminApi>(admin.cookie).admin.stats.$get())).body;
    const expectRight = async () => expect(await stats()).toMatchObject(await truth());

    await expectRight();
    const { order, book } = await insertOrder(ctx.db, { borrower: borrower.user, ownerId: owner.user.id });
    await insertOrder(ctx.db, { borrower: borrower.user, ownerId: owner.user.id });
    await expectRight();
    const before = await stats();
    const priced = await ctx.answer(
      ctx.client<OrdersApi>(admin.cookie).orders[':id'].actions.$post({
        param: { id: order.id },
        json: { type: 'set_shipping_cost', shippingCost: '15000' },
      }),
    );
    expect(priced.status).toBe(200);
    const after = await stats();
    expect(after.draftOrders).toBe(before.draftOrders - 1);
    expect(after.awaitingPaymentOrders).toBe(before.awaitingPaymentOrders + 1);
    expect(after.totalOrders).toBe(before.totalOrders);
    await expectRight();
    await ctx.answer(
      ctx
        .client<OrdersApi>(admin.cookie)
        .orders[':id'].actions.$post({ param: { id: order.id }, json: { type: 'cancel' } }),
    );
    await expectRight();

    const spare = await createBook(ctx.db, { ownerId: owner.user.id });
    expect((await stats()).totalBooks).toBe((await truth()).totalBooks);
    expect(
      (
        await ctx.answer(
          ctx.client<AdminApi>(admin.cookie).admin.books[':id'].$delete({ param: { id: spare.id } }),
        )
      ).status,
    ).toBe(204);
    await ctx.answer(
      ctx
        .client<AdminApi>(admin.cookie)
        .admin.books[':id'].$patch({ param: { id: book.id }, json: { status: 'Unavailable' } }),
    );
    await expectRight();

    const leaving = await createUser(ctx.db);
    await createBook(ctx.db, { ownerId: leaving.id });
    await expectRight();
    expect(
      (
        await ctx.answer(
          ctx.client<AdminApi>(admin.cookie).admin.users[':id'].$delete({ param: { id: leaving.id } }),
        )
      ).status,
    ).toBe(204);
    await expectRight();
    // Many rows in one statement count as many.
    await seedOrders(ctx, { borrower: borrower.user, ownerId: owner.user.id, n: 25, tag: 'bulk' });
    await ctx.db
      .update(orders)
      .set({ status: 'Draft' })
      .where(and(eq(orders.ownerName, 'Owner bulk')));
    await expectRight();
  });

  // The attention group is read in the order of migration 0055's partial indexes and stops at its
  // limit: with more candidates than the limit, it must be the soonest ones, for borrower and owner.
  it('My orders: with more urgent orders than the group holds, page 1 leads with the soonest', async () => {
    const late = await ctx.member({ name: 'Late Often' });
    const lender = await ctx.member({ name: 'Lends Often' });
    const hour = 3_600_000;
    const at = (hours: number) => new Date(Date.now() + hours * hour).toISOString();
    const rows = [
      // Overdue loans, the oldest first due; payments due; and what never needs attention.
      ...Array.from({ length: 40 }, (_, i) => ({
        status: 'Delivered',
        dueAt: at(-24 * (i + 1)),
        payBy: null,
        claimed: false,
      })),
      ...Array.from({ length: 20 }, (_, i) => ({
        status: 'Waiting for Payment',
        dueAt: null,
        payBy: at(i + 1),
        claimed: false,
      })),
      ...Array.from({ length: 3 }, (_, i) => ({
        status: 'Waiting for Payment',
        dueAt: null,
        payBy: at(-i - 1),
        claimed: true,
      })),
      ...Array.from({ length: 3 }, (_, i) => ({
        status: 'Delivered',
        dueAt: at(24 * (10 + i)),
        payBy: null,
        claimed: false,
      })),
      ...Array.from({ length: 3 }, (_, i) => ({
        status: 'Completed',
        dueAt: at(-24 * (50 + i)),
        payBy: null,
        claimed: false,
      })),
    ];
    for (const row of rows) {
      await ctx.db.execute(sql`
        insert into orders (user_id, user_name, user_email, owner_id, owner_name, status, delivery_method,
          borrow_duration, subtotal, due_at, payment_due_at, payment_claimed_at)
        values (${late.user.id}, ${late.user.name}, ${late.user.email}, ${lender.user.id}, ${lender.user.name},
          ${row.status}, 'delivery', 1, 10000, ${row.dueAt}, ${row.payBy}, ${row.claimed ? at(-1) : null})`);
    }
    // The soonest 50 by the group's order, computed from every row of the member.
    const all = await ctx.db.select().from(orders).where(eq(orders.userId, late.user.id));
    const soon = Date.now() + 2 * 24 * hour;
    const soonest = all
      .filter(
        (o) =>
          (o.status === 'Waiting for Payment' && o.paymentClaimedAt === null) ||
          (o.status === 'Delivered' && o.dueAt !== null && o.dueAt.getTime() <= soon),
      )
      .map((o) => ({ id: o.id, key: (o.dueAt ?? o.paymentDueAt)?.getTime() ?? 0 }))
      .sort((a, b) => a.key - b.key || (a.id < b.id ? -1 : 1))
      .slice(0, ORDER_ATTENTION_LIMIT)
      .map((o) => o.id);
    expect(soonest).toHaveLength(ORDER_ATTENTION_LIMIT);
    for (const as of ['borrower', 'owner'] as const) {
      const member = as === 'borrower' ? late : lender;
      const page = await ctx.answer(ctx.client<OrdersApi>(member.cookie).orders.$get({ query: { as } }));
      expect(page.body.attention.map((o: { id: string }) => o.id).sort()).toEqual([...soonest].sort());
    }
  });

  it('My orders: a borrower pages through every order, the urgent ones first on page 1', async () => {
    const many = await ctx.member({ name: 'Many Orders' });
    const lender = await createUser(ctx.db, { name: 'Lender' });
    await seedOrders(ctx, { borrower: many.user, ownerId: lender.id, n: 45, tag: 'mine' });
    const due = await insertOrder(ctx.db, {
      borrower: many.user,
      ownerId: lender.id,
      status: 'Waiting for Payment',
    });
    await ctx.db
      .update(orders)
      .set({ createdAt: new Date('2025-06-01T00:00:00Z'), paymentDueAt: new Date(Date.now() + 86_400_000) })
      .where(eq(orders.id, due.order.id));

    const pages = await walk(ctx, '/api/orders', many.cookie);
    const first = pages[0] as Page & { attention: Array<{ id: string }> };
    expect(first.attention.map((o) => o.id)).toEqual([due.order.id]);
    const seen = idsOf(pages);
    expect(seen).toHaveLength(46);
    expect(new Set(seen).size).toBe(46);
    // The oldest is reached: the payment-due order made long before the others is last.
    expect(seen.at(-1)).toBe(due.order.id);
    expect(pages.map((p) => p.items.length)).toEqual([20, 20, 6]);
    // Later pages carry no attention group.
    const second = await ctx.answer(
      ctx.client<OrdersApi>(many.cookie).orders.$get({ query: { cursor: pages[0].nextCursor ?? undefined } }),
    );
    expect(second.body.attention).toEqual([]);
    // The owner sees the same orders under their own list.
    const lenderMember = await ctx.signIn(lender.email, lender.password);
    const owned = await walk(ctx, '/api/orders?as=owner&pageSize=50', lenderMember);
    expect(idsOf(owned)).toHaveLength(46);
  });

  it('Manage books: pages of 50 of the owner’s books that are not deleted', async () => {
    const shelf = await ctx.member({ name: 'Shelf Owner' });
    for (let i = 0; i < 55; i++) await createBook(ctx.db, { ownerId: shelf.user.id, title: `Shelf ${i}` });
    const pages = await walk(ctx, '/api/my/books', shelf.cookie);
    expect(pages.map((p) => p.items.length)).toEqual([50, 5]);
    expect(new Set(idsOf(pages)).size).toBe(55);
    const back = await ctx.answer(
      ctx
        .client<BooksApi>(shelf.cookie)
        .my.books.$get({ query: { cursor: pages[1].prevCursor ?? undefined } }),
    );
    expect(back.body.items.map((b) => b.id)).toEqual(pages[0].items.map((b) => b.id));
    expect(back.body.prevCursor).toBeNull();
  });

  it('admin searches: order number prefix, email prefix, names; books by owner; users by email', async () => {
    const { order } = await insertOrder(ctx.db, {
      borrower: { id: borrower.user.id, name: 'Searchable Wayan', email: 'wayan.search@example.com' },
      ownerId: owner.user.id,
    });
    const number = order.id.slice(-8).toUpperCase();
    for (const q of [`#${number}`, number.slice(0, 5).toLowerCase(), 'WAYAN.SEARCH', 'able Way']) {
      const res = await ctx.answer(ctx.client<AdminApi>(admin.cookie).admin.orders.$get({ query: { q: q } }));
      expect(res.body.items.map((o: { id: string }) => o.id)).toContain(order.id);
    }
    const byOwnerEmail = await ctx.answer(
      ctx.client<AdminApi>(admin.cookie).admin.books.$get({ query: { q: owner.user.email } }),
    );
    expect(byOwnerEmail.body.total).toBeGreaterThan(0);
    expect(
      byOwnerEmail.body.items.every((b: { ownerEmail: string }) => b.ownerEmail === owner.user.email),
    ).toBe(true);
    const users = await ctx.answer(
      ctx.client<AdminApi>(admin.cookie).admin.users.$get({ query: { q: owner.user.email.slice(0, 12) } }),
    );
    expect(users.body.items.map((u: { id: string }) => u.id)).toContain(owner.user.id);
  });
});
