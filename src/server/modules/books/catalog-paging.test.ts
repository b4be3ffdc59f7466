import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookPage } from '@domain/api-types';
import { COUNT_CAP, MAX_PAGE_NUMBER, SEARCH_COUNT_CAP, SORT_KEYS, type SortKey } from '@domain/constants';
import { books, type User } from '@server/db/schema';
import { createBook, createUser } from '@server/seed/factories';
import { createTestContext, type TestContext, uncheckedInput } from '@tests/support/harness';
import { bookQuerySchema } from '@domain/schemas/book-query';
import { listBooksUncached } from './service';
import type { BooksApi } from './routes';

// Pages by cursor (D17): every sort walked forwards and backwards, cursors that stay right
// while books come and go between two pages, the refusals of what no index serves, and
// counts capped at COUNT_CAP. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

let ctx: TestContext;
let owner: User;
let other: User;

const at = (minute: number, us = 0) => new Date(Date.UTC(2026, 0, 1, 0, minute) + us / 1000);

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createUser(ctx.db, { name: 'Shelf Owner' });
  other = await createUser(ctx.db, { name: 'Other Owner' });
  // 23 books with ties on every key: equal times, equal prices, titles equal but for case.
  const titles = ['Mango', 'mango', 'Apple', 'apple', 'Kiwi', 'Banana', 'Cherry', 'Durian', 'Fig', 'Guava'];
  const prices = ['10000.00', '20000.00', '10000.00', '15000.50', '20000.00'];
  for (let i = 0; i < 23; i++) {
    await createBook(ctx.db, {
      ownerId: i % 3 === 0 ? other.id : owner.id,
      title: `${titles[i % titles.length]}${i < 10 ? '' : ` ${i % 4}`}`,
      weeklyPrice: prices[i % prices.length],
      createdAt: at(i % 7),
    });
  }
});
afterAll(() => ctx.close());

/** A listing by its path as a browser asks for it (the catalog or an owner's shelf), typed client. */
function listing(path: string) {
  const url = new URL(path, 'http://localhost');
  const query = uncheckedInput<Record<string, string>>(Object.fromEntries(url.searchParams));
  const client = ctx.client<BooksApi>();
  const shelf = /^\/api\/owners\/([^/]+)\/books$/.exec(url.pathname);
  if (!shelf && url.pathname !== '/api/books') throw new Error(`not a listing: ${path}`);
  return shelf
    ? ctx.answer(client.owners[':id'].books.$get({ param: { id: shelf[1] ?? '' }, query }))
    : ctx.answer(client.books.$get({ query }));
}

async function get(path: string): Promise<BookPage> {
  const res = await listing(path);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const ids = (page: BookPage) => page.items.map((b) => b.id);

/** The whole listing in one page: the order every walk must reproduce. */
async function wholeListing(base: string, sort: SortKey): Promise<string[]> {
  const page = await get(`${base}?sort=${sort}&pageSize=60`);
  expect(page.nextCursor).toBeNull();
  return ids(page);
}

async function walkForward(base: string, sort: SortKey, pageSize: number) {
  const seen: string[] = [];
  const cursors: (string | null)[] = [];
  let page = await get(`${base}?sort=${sort}&pageSize=${pageSize}`);
  expect(page.prevCursor).toBeNull();
  for (;;) {
    seen.push(...ids(page));
    cursors.push(page.prevCursor);
    if (!page.nextCursor) break;
    page = await get(`${base}?sort=${sort}&pageSize=${pageSize}&cursor=${page.nextCursor}`);
    expect(page.page).toBeNull();
  }
  return { seen, last: page };
}

describe('pages by cursor, every sort', () => {
  for (const base of ['/api/books', 'shelf']) {
    for (const sort of SORT_KEYS) {
      it(`${base === 'shelf' ? "an owner's shelf" : 'the catalog'}, ${sort}: forwards then backwards, nothing skipped or twice`, async () => {
        const path = base === 'shelf' ? `/api/owners/${owner.id}/books` : base;
        const all = await wholeListing(path, sort);
        expect(all.length).toBe(base === 'shelf' ? 15 : 23);
        const { seen, last } = await walkForward(path, sort, 4);
        expect(seen).toEqual(all);
        // Back from the last page to the first, by prevCursor.
        const back: string[] = [...ids(last)].reverse();
        let page = last;
        while (page.prevCursor) {
          page = await get(`${path}?sort=${sort}&pageSize=4&cursor=${page.prevCursor}`);
          back.push(...[...ids(page)].reverse());
        }
        expect(ids(page)).toEqual(all.slice(0, 4));
        // Fewer than a page left before a cursor: the first page, full.
        const second = await get(
          `${path}?sort=${sort}&pageSize=2&cursor=${(await get(`${path}?sort=${sort}&pageSize=2`)).nextCursor}`,
        );
        const start = await get(`${path}?sort=${sort}&pageSize=3&cursor=${second.prevCursor}`);
        expect([start.page, start.prevCursor, ids(start)]).toEqual([1, null, all.slice(0, 3)]);
        expect(new Set(back).size).toBe(back.length);
        expect(new Set(back)).toEqual(new Set(all));
      });
    }
  }
});

describe('a cursor while books come and go', () => {
  it('the next page starts right after the row the last page ended on', async () => {
    const first = await get('/api/books?sort=newest&pageSize=5');
    const [gone] = await ctx.db
      .select({ id: books.id })
      .from(books)
      .where(sql`${books.id} = ${first.items[1].id}`);
    // A book newer than all joins page 1, and one shown on page 1 is taken off the shelf.
    const added = await createBook(ctx.db, { ownerId: owner.id, title: 'Newcomer', createdAt: at(30) });
    await ctx.db.update(books).set({ status: 'Unavailable' }).where(sql`${books.id} = ${gone.id}`);
    const all = await wholeListing('/api/books', 'newest');
    const lastShown = first.items.at(-1)!.id;
    const second = await get(`/api/books?sort=newest&pageSize=5&cursor=${first.nextCursor}`);
    const from = all.indexOf(lastShown) + 1;
    expect(ids(second)).toEqual(all.slice(from, from + 5));
    expect(ids(second)).not.toContain(added.id);
    expect(ids(first).filter((id) => ids(second).includes(id))).toEqual([]);
    // Back from page 2: the rows before it as they are now (the newcomer in, the taken one out).
    const back = await get(`/api/books?sort=newest&pageSize=5&cursor=${second.prevCursor}`);
    expect(ids(back)).toEqual(all.slice(0, 5));
    await ctx.db.update(books).set({ status: 'Available' }).where(sql`${books.id} = ${gone.id}`);
    await ctx.db.delete(books).where(sql`${books.id} = ${added.id}`);
  });

  it('a cursor whose row was deleted still pages from its place', async () => {
    const first = await get('/api/books?sort=title-az&pageSize=6');
    const lastId = first.items.at(-1)!.id;
    const all = await wholeListing('/api/books', 'title-az');
    const expected = all.slice(all.indexOf(lastId) + 1, all.indexOf(lastId) + 7);
    await ctx.db.update(books).set({ deletedAt: new Date() }).where(sql`${books.id} = ${lastId}`);
    const second = await get(`/api/books?sort=title-az&pageSize=6&cursor=${first.nextCursor}`);
    expect(ids(second)).toEqual(expected);
    await ctx.db.update(books).set({ deletedAt: null }).where(sql`${books.id} = ${lastId}`);
  });

  it('the cached answer of a page by cursor equals the uncached one after a change', async () => {
    const first = await get('/api/books?sort=price-low&pageSize=7');
    const cursor = first.nextCursor!;
    await get(`/api/books?sort=price-low&pageSize=7&cursor=${cursor}`);
    const cheap = await createBook(ctx.db, { ownerId: owner.id, title: 'Cheapest', weeklyPrice: '15000.50' });
    const cached = await get(`/api/books?sort=price-low&pageSize=7&cursor=${cursor}`);
    const query = bookQuerySchema.parse({ sort: 'price-low', pageSize: '7', cursor });
    expect(cached).toEqual(await listBooksUncached(ctx.db, query));
    expect(cached.total).toBe(24);
    await ctx.db.delete(books).where(sql`${books.id} = ${cheap.id}`);
  });
});

describe('the price ceiling (D4) with more books at the top price than it counts', () => {
  it('stays at the top price until the last of them leaves, cached or not, in a search and a category', async () => {
    // 25 books at the top price: the ceiling counts 20 of them; 2 cheaper ones.
    const top = [];
    for (let i = 0; i < 25; i++) {
      top.push(
        await createBook(ctx.db, { ownerId: owner.id, title: `Zeppelin ${i}`, weeklyPrice: '95000.00' }),
      );
    }
    const cheaper = [];
    for (let i = 0; i < 2; i++) {
      cheaper.push(
        await createBook(ctx.db, { ownerId: other.id, title: `Zeppelin low ${i}`, weeklyPrice: '60000.00' }),
      );
    }
    const ceilingOf = async (path: string) => {
      const cached = await get(path);
      const query = bookQuerySchema.parse(Object.fromEntries(new URL(path, 'http://x').searchParams));
      expect(cached).toEqual(await listBooksUncached(ctx.db, query));
      return cached.maxWeeklyPrice;
    };
    const listings = ['/api/books?q=Zeppelin', '/api/books'];
    for (const path of listings) expect(await ceilingOf(path)).toBe('95000.00');
    for (const [i, book] of top.entries()) {
      await ctx.db.update(books).set({ status: 'Unavailable' }).where(sql`${books.id} = ${book.id}`);
      const expected = i < top.length - 1 ? '95000.00' : '60000.00';
      for (const path of listings) expect(await ceilingOf(path), `after ${i + 1} left`).toBe(expected);
    }
    await ctx.db.delete(books).where(sql`${books.id} in ${[...top, ...cheaper].map((b) => b.id)}`);
  });
});

describe('what no index serves is refused', () => {
  const refused = async (path: string, status: number, code: string) => {
    const res = await listing(path);
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
  };

  it('a search of one or two letters, with the shortest length in its text', async () => {
    await refused('/api/books?q=a', 422, 'SEARCH_TOO_SHORT');
    const res = await ctx.answer(ctx.client<BooksApi>().books.$get({ query: { q: ' ab ' } }));
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe('Type at least 3 letters to search');
    await refused(`/api/owners/${owner.id}/books?q=ap`, 422, 'SEARCH_TOO_SHORT');
    // Three letters search, inside titles too.
    expect((await get('/api/books?q=ngo')).total).toBe(6);
  });

  it(`a page number past ${MAX_PAGE_NUMBER}`, async () => {
    await refused(`/api/books?page=${MAX_PAGE_NUMBER + 1}`, 422, 'PAGE_TOO_DEEP');
    await refused('/api/books?page=100000', 422, 'PAGE_TOO_DEEP');
    expect((await get(`/api/books?page=${MAX_PAGE_NUMBER}`)).items).toEqual([]);
  });

  it('a cursor that is not ours, of another sort, without a side, or with a page', async () => {
    const { nextCursor } = await get('/api/books?sort=newest&pageSize=3');
    const [sort, , ...keys] = JSON.parse(
      Buffer.from(nextCursor ?? '', 'base64url').toString('utf8'),
    ) as string[];
    const sided = (side: string) => Buffer.from(JSON.stringify([sort, side, ...keys])).toString('base64url');
    await refused('/api/books?cursor=not-a-cursor', 400, 'INVALID_CURSOR');
    await refused(
      `/api/books?cursor=${Buffer.from('["newest","a","x","y"]').toString('base64url')}`,
      400,
      'INVALID_CURSOR',
    );
    await refused(`/api/books?sort=title-az&cursor=${nextCursor}`, 400, 'INVALID_CURSOR');
    await refused(`/api/books?cursor=${nextCursor}&page=2`, 400, 'INVALID_CURSOR');
    // The side travels in the cursor: one without it (the old after/before cursors) is not ours.
    await refused(
      `/api/books?cursor=${Buffer.from(JSON.stringify([sort, ...keys])).toString('base64url')}`,
      400,
      'INVALID_CURSOR',
    );
    await refused(`/api/books?cursor=${sided('x')}`, 400, 'INVALID_CURSOR');
    expect((await get(`/api/books?cursor=${sided('b')}`)).items.length).toBeGreaterThan(0);
  });
});

describe('counts capped at 10,000 (a search at 100)', () => {
  it('exact up to the cap, "10,000+" past it, on the catalog and a shelf, cached or not', async () => {
    const bulk = await createUser(ctx.db, { name: 'Bulk Owner' });
    const insert = (from: number, to: number) =>
      ctx.db.execute(sql`insert into books (owner_id, title, author, weekly_price, cover_key)
        select ${bulk.id}, 'Bulk ' || g, 'Writer', 30000, 'bulk-' || g from generate_series(${from}::int, ${to}::int) g`);
    await insert(1, COUNT_CAP - 24);
    const page = await get('/api/books');
    expect([page.total, page.totalCapped]).toEqual([COUNT_CAP - 1, false]);
    await insert(COUNT_CAP - 23, COUNT_CAP - 23);
    for (const path of ['/api/books', `/api/owners/${bulk.id}/books?pageSize=5`]) {
      const exact = await get(path);
      expect(exact.totalCapped).toBe(false);
    }
    expect((await get('/api/books')).total).toBe(COUNT_CAP);
    await insert(COUNT_CAP - 22, COUNT_CAP - 22);
    // The cached count moved by the change: one more than the cap.
    const capped = await get('/api/books');
    expect([capped.total, capped.totalCapped]).toEqual([COUNT_CAP, true]);
    expect(await listBooksUncached(ctx.db, bookQuerySchema.parse({}))).toEqual(capped);
    // Back to the cap: exact again (counted afresh, since a count past the cap may be a bound).
    await ctx.db.execute(sql`delete from books where cover_key = ${`bulk-${COUNT_CAP - 22}`}`);
    const again = await get('/api/books');
    expect([again.total, again.totalCapped]).toEqual([COUNT_CAP, false]);
    const shelf = await get(`/api/owners/${bulk.id}/books?pageSize=5`);
    expect([shelf.total, shelf.totalCapped]).toEqual([COUNT_CAP - 23, false]);
    // A whole shelf is counted by the database (member_counts): past the cap it says so too, and a
    // filtered one is still counted from its rows.
    await insert(COUNT_CAP - 22, COUNT_CAP + 1);
    const fullShelf = await get(`/api/owners/${bulk.id}/books?pageSize=5`);
    expect([fullShelf.total, fullShelf.totalCapped]).toEqual([COUNT_CAP, true]);
    const scope = { kind: 'shelf', ownerId: bulk.id } as const;
    expect(await listBooksUncached(ctx.db, bookQuerySchema.parse({ pageSize: '5' }), scope)).toEqual(
      fullShelf,
    );
    const filteredShelf = await get(`/api/owners/${bulk.id}/books?q=bulk%20123`);
    expect([filteredShelf.total, filteredShelf.totalCapped]).toEqual([11, false]);
    // A search counts up to 100: 'Bulk 123' and 'Bulk 1230'..'Bulk 1239' exactly, 'Bulk 12' (111 books) as "100+".
    const few = await get('/api/books?q=bulk%20123');
    expect([few.total, few.totalCapped]).toEqual([11, false]);
    const many = await get('/api/books?q=bulk%2012');
    expect([many.total, many.totalCapped]).toEqual([SEARCH_COUNT_CAP, true]);
    expect(await listBooksUncached(ctx.db, bookQuerySchema.parse({ q: 'bulk 12' }))).toEqual(many);
    await ctx.db.execute(sql`delete from books where owner_id = ${bulk.id}`);
  });
});
