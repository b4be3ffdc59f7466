import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts, reviews, threads } from '@server/db/schema';
import { writeCursor } from '@server/lib/keyset';
import { createBook } from '@server/seed/factories';
import type { CursorPage } from '@domain/cursor-page';
import { walkPages } from '@tests/support/paging';
import { createTestContext, type Member, type TestContext } from '@tests/support/harness';
import { placeTestOrder } from '@tests/support/order-factories';

// Lists that used to stop at a fixed limit now page by keyset like every other list
// (docs/architecture.md, "Lists at scale"): walking a list page by page reaches every row
// once, and a cursor the list did not give is refused.

let ctx: TestContext;
let admin: Member;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.admin({ name: 'Paging Admin' });
});
afterAll(() => ctx.close());

async function get<T>(path: string, cookie: string): Promise<{ status: number; body: T }> {
  const res = await ctx.rawRequest<T>('GET', path, { cookie });
  return { status: res.status, body: res.body };
}

const query = (cursor: string | undefined, pageSize = 2) =>
  `?pageSize=${pageSize}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;

/** `n` orders of one book each, placed by a fresh borrower with `owner`. */
async function ordersOf(owner: Member, n: number): Promise<string[]> {
  const placed: string[] = [];
  for (let i = 0; i < n; i++) {
    const book = await createBook(ctx.db, { ownerId: owner.user.id, weeklyPrice: '10000.00' });
    const { order } = await placeTestOrder(ctx, { books: [book] });
    placed.push(order.id);
  }
  return placed;
}

describe('Earnings: the orders’ shares', () => {
  it('pages through every order of the owner, newest first, none twice', async () => {
    const owner = await ctx.member({ name: 'Paged Owner' });
    const placed = await ordersOf(owner, 5);
    type Earn = { orders: CursorPage<{ orderId: string }> };
    const pages = await walkPages(
      async (cursor) => {
        const res = await get<Earn>(`/api/earnings${query(cursor)}`, owner.cookie);
        expect(res.status).toBe(200);
        expect(res.body.orders.total).toBe(5);
        return res.body.orders;
      },
      { pageSize: 2 },
    );
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    const seen = pages.flat().map((o) => o.orderId);
    expect(new Set(seen).size).toBe(5);
    expect([...seen].sort()).toEqual([...placed].sort());
    // The last page (a full page of the oldest) ends with the oldest order, and it can step back.
    const last = await get<Earn>(`/api/earnings${query('last')}`, owner.cookie);
    expect(last.body.orders.items.map((o) => o.orderId)).toEqual([pages[1][1].orderId, pages[2][0].orderId]);
    expect(last.body.orders.prevCursor).not.toBeNull();
  });

  it('refuses a cursor it did not give with INVALID_CURSOR', async () => {
    const owner = await ctx.member({ name: 'Cursor Owner' });
    const payoutsPage = await get<CursorPage<unknown> & { history: CursorPage<unknown> }>(
      `/api/admin/payouts${query(undefined, 1)}`,
      admin.cookie,
    );
    const otherList = payoutsPage.body.history.nextCursor;
    for (const cursor of ['garbage', 'W10', ...(otherList ? [otherList] : [])]) {
      const res = await get<{ error: { code: string } }>(`/api/earnings${query(cursor)}`, owner.cookie);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('INVALID_CURSOR');
    }
  });
});

describe('Admin Payouts: the history', () => {
  it('pages through every payout, newest first, none twice, ties broken by id', async () => {
    const owner = await ctx.member({ name: 'Paid Owner' });
    const same = new Date('2026-11-20T02:00:00Z');
    const made = await ctx.db
      .insert(payouts)
      .values(
        Array.from({ length: 7 }, (_, i) => ({
          ownerId: owner.user.id,
          ownerName: owner.user.name,
          amount: '1000.00',
          paidOn: '2026-11-20',
          reference: `PAGE-${i}`,
          recordedById: admin.user.id,
          recordedByName: admin.user.name,
          // Three share one moment: only the id tells them apart.
          createdAt: i < 3 ? same : new Date(same.getTime() + i * 60_000),
        })),
      )
      .returning({ id: payouts.id });
    type Tab = { history: CursorPage<{ id: string; reference: string }> };
    const pages = await walkPages(
      async (cursor) => {
        const res = await get<Tab>(`/api/admin/payouts${query(cursor, 3)}`, admin.cookie);
        expect(res.status).toBe(200);
        return res.body.history;
      },
      { pageSize: 3 },
    );
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    const seen = pages.flat();
    expect(new Set(seen.map((p) => p.id)).size).toBe(7);
    expect(seen.map((p) => p.id).sort()).toEqual(made.map((m) => m.id).sort());
    expect(seen.slice(0, 4).map((p) => p.reference)).toEqual(['PAGE-6', 'PAGE-5', 'PAGE-4', 'PAGE-3']);
  });

  it('refuses a cursor it did not give with INVALID_CURSOR', async () => {
    const owner = await ctx.member({ name: 'Other List Owner' });
    const mine = await get<{ orders: CursorPage<unknown> }>(
      `/api/earnings${query(undefined, 1)}`,
      owner.cookie,
    );
    expect(mine.status).toBe(200);
    for (const cursor of ['garbage', 'W10']) {
      const res = await get<{ error: { code: string } }>(`/api/admin/payouts${query(cursor)}`, admin.cookie);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('INVALID_CURSOR');
    }
  });
});

describe('Admin Reviews', () => {
  it('pages through every review, newest first, none twice, ties broken by id', async () => {
    const owner = await ctx.member({ name: 'Reviewed Owner' });
    const orderIds = await ordersOf(owner, 3);
    const same = new Date('2026-11-21T02:00:00Z');
    const made = await ctx.db
      .insert(reviews)
      .values(
        orderIds.flatMap((orderId, i) =>
          (['borrower', 'owner'] as const).map((side, j) => ({
            orderId,
            side,
            authorName: side === 'borrower' ? 'A Borrower' : owner.user.name,
            subjectName: side === 'borrower' ? owner.user.name : 'A Borrower',
            rating: 4,
            // Four share one moment: only the id tells them apart.
            createdAt: i < 2 ? same : new Date(same.getTime() + (j + 1) * 60_000),
          })),
        ),
      )
      .returning({ id: reviews.id });
    type List = CursorPage<{ id: string }>;
    const pages = await walkPages(
      async (cursor) => {
        const res = await get<List>(`/api/admin/reviews${query(cursor, 4)}`, admin.cookie);
        expect(res.status).toBe(200);
        expect(res.body.total).toBe(6);
        return res.body;
      },
      { pageSize: 4 },
    );
    expect(pages.map((p) => p.length)).toEqual([4, 2]);
    const seen = pages.flat().map((r) => r.id);
    expect(new Set(seen).size).toBe(6);
    expect([...seen].sort()).toEqual(made.map((m) => m.id).sort());
  });

  it('refuses a cursor it did not give with INVALID_CURSOR', async () => {
    const history = await get<{ history: CursorPage<unknown> }>(
      `/api/admin/payouts${query(undefined, 1)}`,
      admin.cookie,
    );
    const otherList = history.body.history.nextCursor;
    expect(otherList).not.toBeNull();
    for (const cursor of ['garbage', 'W10', otherList ?? '']) {
      const res = await get<{ error: { code: string } }>(`/api/admin/reviews${query(cursor)}`, admin.cookie);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('INVALID_CURSOR');
    }
  });
});

describe('Messages and the admins’ inbox', () => {
  it('page through every conversation, newest message first, none twice', async () => {
    const member = await ctx.member({ name: 'Chatty Member' });
    const owner = await ctx.member({ name: 'Chatty Owner' });
    const same = new Date('2026-11-22T02:00:00Z');
    const made = await ctx.db
      .insert(threads)
      .values(
        Array.from({ length: 5 }, (_, i) => ({
          bookTitle: `Asked book ${i}`,
          memberId: member.user.id,
          memberName: member.user.name,
          ownerId: owner.user.id,
          ownerName: owner.user.name,
          // Three share one moment: only the id tells them apart.
          lastMessageAt: i < 3 ? same : new Date(same.getTime() + i * 60_000),
        })),
      )
      .returning({ id: threads.id });
    const ids = made.map((m) => m.id).sort();
    type List = CursorPage<{ id: string }>;
    for (const [path, cookie] of [
      ['/api/conversations', member.cookie],
      ['/api/conversations', owner.cookie],
      ['/api/admin/conversations', admin.cookie],
    ] as const) {
      const pages = await walkPages(
        async (cursor) => {
          const res = await get<List>(`${path}${query(cursor)}`, cookie);
          expect(res.status).toBe(200);
          return res.body;
        },
        { pageSize: 2 },
      );
      const seen = pages.flat().map((t) => t.id);
      expect(new Set(seen).size).toBe(seen.length);
      // The admin sees everyone's: these five are among them, the two newest first.
      expect(seen.filter((id) => ids.includes(id)).sort()).toEqual(ids);
      if (cookie !== admin.cookie) expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    }
  });

  it('refuse a cursor they did not give with INVALID_CURSOR', async () => {
    const member = await ctx.member({ name: 'Quiet Member' });
    const mine = writeCursor('threads-mine', 'after', { at: '2026-01-01 00:00:00+00', id: randomUUID() });
    const inbox = writeCursor('threads-inbox', 'after', { at: '2026-01-01 00:00:00+00', id: randomUUID() });
    for (const [path, cookie, other] of [
      ['/api/conversations', member.cookie, inbox],
      ['/api/admin/conversations', admin.cookie, mine],
    ] as const) {
      for (const cursor of ['garbage', 'W10', other]) {
        const res = await get<{ error: { code: string } }>(`${path}${query(cursor)}`, cookie);
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('INVALID_CURSOR');
      }
    }
  });
});
