import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookPage } from '@domain/api-types';
import type { SortKey } from '@domain/constants';
import type { Book, User } from '@server/db/schema';
import { createBook, createUser } from '@server/seed/factories';
import { createTestContext, type TestContext, uncheckedInput } from '@tests/support/harness';
import { placeTestOrder } from '@tests/support/order-factories';
import type { BooksApi } from './routes';

// The public catalog (D6, D17) against one fixed set of books. This file never changes the
// set after beforeAll, so every expectation below can name exact ids in exact order.

let ctx: TestContext;
let ownerA: User;
let ownerB: User;
let listed: Book[];
let hidden: Record<'unavailable' | 'borrowed' | 'deleted' | 'reserved', Book>;

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));

beforeAll(async () => {
  ctx = await createTestContext();
  ownerA = await createUser(ctx.db, { name: 'Owner A' });
  ownerB = await createUser(ctx.db, { name: 'Owner B' });
  const book = (o: Partial<Omit<Book, 'ownerId'>> & { title: string; ownerId?: string }) =>
    createBook(ctx.db, { ownerId: ownerA.id, author: 'Someone', ...o });
  listed = [
    await book({
      title: 'Alpha Garden',
      author: 'Ada Lovelace',
      category: 'Adult',
      condition: 'Good',
      language: 'English',
      weeklyPrice: '10000.00',
      createdAt: at(1),
    }),
    await book({
      title: 'Beta River',
      author: 'Bob Marley',
      category: 'Teen',
      condition: 'Brand New',
      language: 'Indonesian',
      weeklyPrice: '20000.00',
      createdAt: at(2),
      ownerId: ownerB.id,
    }),
    await book({
      title: 'Gamma Garden',
      author: 'Carla Diaz',
      category: 'Children',
      condition: 'Fair',
      language: 'English',
      weeklyPrice: '15000.00',
      createdAt: at(3),
    }),
    await book({
      title: 'Delta',
      author: 'The Garden Club',
      category: 'Adult',
      condition: 'Good',
      language: 'Indonesian',
      weeklyPrice: '20000.00',
      createdAt: at(4),
    }),
    await book({
      title: 'Epsilon',
      author: 'Eve',
      category: 'Adult',
      condition: 'Fair',
      language: 'English',
      weeklyPrice: '20000.50',
      createdAt: at(5),
    }),
    // Same minute as Epsilon, same lower-cased title as Alpha Garden: ties the sorts must break.
    await book({
      title: 'Zeta',
      author: 'Zed',
      category: 'Teen',
      condition: 'Good',
      language: 'English',
      weeklyPrice: '5000.00',
      createdAt: at(5),
    }),
    await book({
      title: 'alpha garden',
      author: 'Ann',
      category: 'Adult',
      condition: 'Good',
      language: 'English',
      weeklyPrice: '10000.00',
      createdAt: at(1),
      ownerId: ownerB.id,
    }),
  ];
  hidden = {
    unavailable: await book({ title: 'Hidden Unavailable', status: 'Unavailable', weeklyPrice: '99000.00' }),
    borrowed: await book({ title: 'Hidden Borrowed', status: 'Borrowed', weeklyPrice: '99000.00' }),
    deleted: await book({ title: 'Hidden Deleted', deletedAt: new Date(), weeklyPrice: '99000.00' }),
    reserved: await book({ title: 'Hidden Reserved', weeklyPrice: '99000.00' }),
  };
  // Reserved the real way: a member checks it out and the open order holds it (D6).
  await placeTestOrder(ctx, { books: [hidden.reserved] });
});
afterAll(() => ctx.close());

/** The catalog for a query string as a browser sends it ('?q=bob%20MARLEY'), through the typed client. */
const get = async (query: string) => {
  const params = uncheckedInput<Record<string, string>>(Object.fromEntries(new URLSearchParams(query)));
  const res = await ctx.answer(ctx.client<BooksApi>().books.$get({ query: params }));
  expect(res.status).toBe(200);
  return res.body;
};
const ids = (page: BookPage) => page.items.map((b) => b.id);
const idsOf = (books: Book[]) => books.map((b) => b.id);

// The orders the API promises, written out independently of the SQL (uuids compare as text).
const byId = (a: Book, b: Book) => (a.id < b.id ? -1 : 1);
const cmp = (x: number | string, y: number | string) => (x < y ? -1 : x > y ? 1 : 0);
const EXPECTED_ORDER: Record<SortKey, (a: Book, b: Book) => number> = {
  newest: (a, b) => cmp(+b.createdAt, +a.createdAt) || -byId(a, b),
  oldest: (a, b) => cmp(+a.createdAt, +b.createdAt) || byId(a, b),
  'price-low': (a, b) =>
    cmp(+a.weeklyPrice, +b.weeklyPrice) || cmp(+b.createdAt, +a.createdAt) || -byId(a, b),
  'price-high': (a, b) =>
    cmp(+b.weeklyPrice, +a.weeklyPrice) || cmp(+b.createdAt, +a.createdAt) || -byId(a, b),
  'title-az': (a, b) => cmp(a.title.toLowerCase(), b.title.toLowerCase()) || byId(a, b),
  'title-za': (a, b) => cmp(b.title.toLowerCase(), a.title.toLowerCase()) || -byId(a, b),
};

describe('GET /api/books: what is listed', () => {
  it('lists only books that can be borrowed now, newest first, with the count and the price ceiling', async () => {
    const page = await get('');
    expect(ids(page)).toEqual(idsOf([...listed].sort(EXPECTED_ORDER.newest)));
    expect(page).toMatchObject({ total: 7, page: 1, pageSize: 20, maxWeeklyPrice: '20000.50' });
  });

  it('leaves out reserved, borrowed, unavailable and deleted books (D6, D7)', async () => {
    const page = await get('?q=hidden');
    expect(page.items).toEqual([]);
    expect(page.total).toBe(0);
    for (const book of Object.values(hidden)) expect(ids(await get(''))).not.toContain(book.id);
  });

  it('returns cards with everything the book card shows', async () => {
    const page = await get('?q=Epsilon');
    expect(page.items).toEqual([
      {
        id: listed[4].id,
        ownerId: ownerA.id,
        title: 'Epsilon',
        author: 'Eve',
        category: 'Adult',
        language: 'English',
        condition: 'Fair',
        status: 'Available',
        availability: 'available',
        backOn: null,
        weeklyPrice: '20000.50',
        monthlyPrice: null,
        salePrice: null,
        area: 'Ubud',
        cover: {
          card: `/api/covers/${listed[4].coverKey}/card.webp`,
          detail: `/api/covers/${listed[4].coverKey}/detail.webp`,
        },
        createdAt: at(5).toISOString(),
      },
    ]);
  });
});

describe('GET /api/books: sorting', () => {
  for (const sort of Object.keys(EXPECTED_ORDER) as SortKey[]) {
    it(`sorts by ${sort}, breaking ties in one stable order`, async () => {
      const expected = idsOf([...listed].sort(EXPECTED_ORDER[sort]));
      expect(ids(await get(`?sort=${sort}`))).toEqual(expected);
      // Page by page gives the same sequence: no book is skipped or repeated at a page edge.
      const paged: string[] = [];
      for (let page = 1; page <= 4; page++)
        paged.push(...ids(await get(`?sort=${sort}&pageSize=2&page=${page}`)));
      expect(paged).toEqual(expected);
    });
  }

  it('puts ties where the tie-breaker says (same minute, same price, same title)', async () => {
    const [alphaA, , , , epsilon, zeta, alphaB] = listed;
    const newest = ids(await get('?sort=newest'));
    const [first, second] = [epsilon, zeta].sort((a, b) => -byId(a, b));
    expect(newest.slice(0, 2)).toEqual([first.id, second.id]);
    const az = ids(await get('?sort=title-az'));
    expect(az.slice(0, 2)).toEqual([alphaA, alphaB].sort(byId).map((b) => b.id));
  });

  it('refuses an unknown sort key with 422', async () => {
    const res = await ctx.answer(
      ctx.client<BooksApi>().books.$get({ query: { sort: uncheckedInput('cheapest') } }),
    );
    expect(res.status).toBe(422);
  });
});

describe('GET /api/books: filters and search', () => {
  const expectIds = async (query: string, books: Book[]) => {
    const page = await get(query);
    expect(ids(page)).toEqual(idsOf(books.sort(EXPECTED_ORDER.newest)));
    expect(page.total).toBe(books.length);
  };

  it('filters by category', async () => {
    await expectIds('?category=Teen', [listed[1], listed[5]]);
    await expectIds('?category=Children', [listed[2]]);
  });

  it('filters by condition', async () => {
    await expectIds('?condition=Fair', [listed[2], listed[4]]);
    await expectIds('?condition=Brand%20New', [listed[1]]);
  });

  it('filters by language', async () => {
    await expectIds('?language=Indonesian', [listed[1], listed[3]]);
  });

  it('filters by maximum weekly price, the limit included', async () => {
    await expectIds('?maxPrice=10000', [listed[0], listed[5], listed[6]]);
    await expectIds(
      '?maxPrice=20000',
      listed.filter((b) => b.title !== 'Epsilon'),
    );
    await expectIds('?maxPrice=20000.50', [...listed]);
  });

  it('combines category, condition, language and price', async () => {
    await expectIds('?category=Adult&condition=Good&language=English&maxPrice=10000', [listed[0], listed[6]]);
    await expectIds('?category=Adult&condition=Good&language=Indonesian&sort=price-high', [listed[3]]);
  });

  it('searches title or author, case-insensitively', async () => {
    await expectIds('?q=GARDEN', [listed[0], listed[2], listed[3], listed[6]]);
    await expectIds('?q=bob%20MARLEY', [listed[1]]);
    await expectIds('?q=%20%20zeta%20', [listed[5]]);
  });

  it('treats % and _ in the search text as plain characters', async () => {
    await expectIds('?q=%25%25%25', []);
    await expectIds('?q=___', []);
  });

  it('reports the price ceiling of the scope (category, search), not of the other filters (D4)', async () => {
    expect((await get('?category=Children')).maxWeeklyPrice).toBe('15000.00');
    expect((await get('?q=garden&condition=Fair')).maxWeeklyPrice).toBe('20000.00');
    expect((await get('?q=nothing-like-this')).maxWeeklyPrice).toBe('0.00');
  });

  it('refuses malformed filters with 422 and names the field', async () => {
    for (const query of [
      'category=Poetry',
      'condition=Mint',
      'language=French',
      'maxPrice=abc',
      'maxPrice=-5',
      'maxPrice=1.234',
    ]) {
      const res = await ctx.rawRequest('GET', `/api/books?${query}`);
      expect(res.status, query).toBe(422);
      expect(Object.keys(res.body.error.fields)).toEqual([query.split('=')[0]]);
    }
  });
});

describe('GET /api/books: pagination bounds', () => {
  it('pages with the requested size and reports the total on every page', async () => {
    const page3 = await get('?pageSize=3&page=3');
    expect(page3).toMatchObject({ page: 3, pageSize: 3, total: 7 });
    expect(ids(page3)).toEqual(idsOf([...listed].sort(EXPECTED_ORDER.newest)).slice(6, 9));
  });

  it('answers a page past the end with no items and the real total', async () => {
    const page = await get('?pageSize=5&page=3');
    expect(page.items).toEqual([]);
    expect(page.total).toBe(7);
  });

  it('refuses page 0, negative pages, fractions and page sizes over 60 with 422', async () => {
    for (const query of [
      'page=0',
      'page=-1',
      'page=1.5',
      'page=abc',
      'pageSize=0',
      'pageSize=61',
      'page=100001',
    ]) {
      expect((await ctx.rawRequest('GET', `/api/books?${query}`)).status, query).toBe(422);
    }
    expect((await get('?pageSize=60')).pageSize).toBe(60);
  });
});

describe('GET /api/owners/:id/books (owner shelf)', () => {
  it("shows the owner's borrowable books; those out now are in the shelf's borrowed section (D46)", async () => {
    const res = await ctx.answer(
      ctx
        .client<BooksApi>()
        .owners[':id'].books.$get({ param: { id: ownerA.id }, query: { sort: 'title-az' } }),
    );
    expect(res.status).toBe(200);
    const shelf = res.body.items.map((b) => [b.title, b.availability]);
    expect(shelf).toEqual([
      ['Alpha Garden', 'available'],
      ['Delta', 'available'],
      ['Epsilon', 'available'],
      ['Gamma Garden', 'available'],
      ['Zeta', 'available'],
    ]);
    expect(res.body.total).toBe(5);
  });

  it('takes the same query keys as the catalog', async () => {
    const res = await ctx.answer(
      ctx
        .client<BooksApi>()
        .owners[':id'].books.$get({ param: { id: ownerB.id }, query: { q: 'alpha', condition: 'Good' } }),
    );
    expect(ids(res.body)).toEqual([listed[6].id]);
    const res2 = await ctx.answer(
      ctx.client<BooksApi>().owners[':id'].books.$get({
        param: { id: ownerA.id },
        query: { maxPrice: '12000', sort: 'price-low' },
      }),
    );
    expect(ids(res2.body)).toEqual([listed[5].id, listed[0].id]);
  });

  it("answers 404 'Owner not found' for an unknown or malformed owner id", async () => {
    for (const id of [randomUUID(), 'nobody']) {
      const res = await ctx.answer(
        ctx.client<BooksApi>().owners[':id'].books.$get({ param: { id: id }, query: {} }),
      );
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('Owner not found');
    }
  });
});

describe('GET /api/books/:id/more-from-owner', () => {
  it("lists at most 10 other borrowable books of the book's owner, newest first", async () => {
    const owner = await createUser(ctx.db);
    const own: Book[] = [];
    for (let i = 0; i < 12; i++) {
      own.push(await createBook(ctx.db, { ownerId: owner.id, title: `Shelf ${i}`, createdAt: at(100 + i) }));
    }
    await createBook(ctx.db, {
      ownerId: owner.id,
      title: 'Shelf hidden',
      status: 'Unavailable',
      createdAt: at(200),
    });
    const res = await ctx.answer(
      ctx.client<BooksApi>().books[':id']['more-from-owner'].$get({ param: { id: own[11].id } }),
    );
    expect(res.status).toBe(200);
    expect(res.body.items.map((b: { id: string }) => b.id)).toEqual(
      own
        .slice(1, 11)
        .reverse()
        .map((b) => b.id),
    );
  });

  it("answers 404 'Book not found' for an unknown book", async () => {
    const res = await ctx.answer(
      ctx.client<BooksApi>().books[':id']['more-from-owner'].$get({ param: { id: randomUUID() } }),
    );
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('Book not found');
  });
});
