import { and, asc, count, eq, gt, isNotNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookPage, CatalogAreas } from '@domain/api-types';
import { LOCATION_MAX } from '@domain/constants';
import { foldBacklog } from '@server/db/counters';
import { adminCounterDeltas, adminCounters, books } from '@server/db/schema';
import { createBook } from '@server/seed/factories';
import { createTestContext, type Member, type TestContext } from '@tests/support/harness';
import type { BooksApi } from './routes';
import type { AccountApi } from '@server/modules/account/routes';

// D38 (docs/product/decisions.md#d38): a book's area is its owner's location. Cards carry it,
// the catalog filters by it (?area=), the filter's options are the areas with books to borrow
// now, and an owner who moves takes their books, cached catalog pages included, with them.

let ctx: TestContext;
let ubud: Member;
let sanur: Member;
let mover: Member;
const ids = (page: BookPage) => page.items.map((b) => b.id).sort();
const get = async (query: { area?: string; q?: string } = {}) => {
  const res = await ctx.answer(ctx.client<BooksApi>().books.$get({ query }));
  expect(res.status, JSON.stringify(query)).toBe(200);
  return res.body;
};
const areas = async (): Promise<CatalogAreas['items']> => {
  const res = await ctx.answer(ctx.client<BooksApi>().areas.$get());
  expect(res.status).toBe(200);
  return (res.body as CatalogAreas).items;
};

let ubudBooks: string[];
let sanurBook: string;
let moverBook: string;

beforeAll(async () => {
  ctx = await createTestContext();
  ubud = await ctx.member({ location: 'Ubud' });
  sanur = await ctx.member({ location: 'Sanur' });
  mover = await ctx.member({ location: 'Kuta' });
  ubudBooks = [
    (await createBook(ctx.db, { ownerId: ubud.user.id, title: 'Rice Terraces' })).id,
    (await createBook(ctx.db, { ownerId: ubud.user.id, title: 'Monkey Forest' })).id,
  ];
  // Not borrowable: on the owner's shelf, not in the shop, and no reason for Ubud to count it.
  await createBook(ctx.db, { ownerId: ubud.user.id, title: 'Resting', status: 'Unavailable' });
  sanurBook = (await createBook(ctx.db, { ownerId: sanur.user.id, title: 'Sunrise Beach' })).id;
  moverBook = (await createBook(ctx.db, { ownerId: mover.user.id, title: 'Surf Season' })).id;
});
afterAll(() => ctx.close());

describe('the area of a book (D38)', () => {
  it('is its owner’s location, on every card and on the book page', async () => {
    const page = await get();
    const byId = new Map(page.items.map((b) => [b.id, b.area]));
    expect(byId.get(ubudBooks[0] as string)).toBe('Ubud');
    expect(byId.get(sanurBook)).toBe('Sanur');
    const detail = await ctx.answer(ctx.client<BooksApi>().books[':id'].$get({ param: { id: sanurBook } }));
    expect(detail.body.owner.location).toBe('Sanur');
  });

  it('cannot be set apart from the owner’s location', async () => {
    await ctx.db.update(books).set({ area: 'Nusa Penida' }).where(eq(books.id, sanurBook));
    const [row] = await ctx.db.select({ area: books.area }).from(books).where(eq(books.id, sanurBook));
    expect(row?.area).toBe('Sanur');
  });
});

describe('GET /api/books?area=', () => {
  it('lists only the books of that area, counted', async () => {
    const page = await get({ area: 'Ubud' });
    expect(ids(page)).toEqual([...ubudBooks].sort());
    expect(page.total).toBe(2);
    expect(ids(await get({ area: 'Sanur' }))).toEqual([sanurBook]);
  });

  it('combines with the other filters and the search', async () => {
    expect(ids(await get({ area: 'Ubud', q: 'monkey' }))).toEqual([ubudBooks[1]]);
    expect((await get({ area: 'Sanur', q: 'monkey' })).total).toBe(0);
  });

  it('matches the area exactly as its option names it: another spelling is another area', async () => {
    expect((await get({ area: 'ubud' })).total).toBe(0);
    expect((await get({ area: 'Nowhere' })).total).toBe(0);
  });

  it('treats an empty or blank area as no filter, and trims one with spaces around it', async () => {
    const all = (await get()).total;
    expect((await get({ area: '' })).total).toBe(all);
    expect((await get({ area: '  ' })).total).toBe(all);
    expect(ids(await get({ area: ' Ubud ' }))).toEqual([...ubudBooks].sort());
  });

  it('refuses an area longer than any location with 422 and names the field', async () => {
    const res = await ctx.answer(
      ctx.client<BooksApi>().books.$get({ query: { area: 'x'.repeat(LOCATION_MAX + 1) } }),
    );
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.error.fields)).toEqual(['area']);
  });

  it('narrows an owner’s shelf the same way', async () => {
    const shelf = await ctx.answer(
      ctx
        .client<BooksApi>()
        .owners[':id'].books.$get({ param: { id: ubud.user.id }, query: { area: 'Sanur' } }),
    );
    expect(shelf.status).toBe(200);
    expect(shelf.body.total).toBe(0);
  });
});

describe('GET /api/areas', () => {
  it('offers the areas that have books to borrow now, by name, with their counts', async () => {
    expect(await areas()).toEqual([
      { area: 'Kuta', books: 1 },
      { area: 'Sanur', books: 1 },
      { area: 'Ubud', books: 2 },
    ]);
  });
});

describe('an owner who moves', () => {
  it('takes their books to the new area: cached pages, counts and options follow', async () => {
    // Warm the cache on both areas first: the move must reach the cached answers.
    expect(ids(await get({ area: 'Kuta' }))).toEqual([moverBook]);
    expect((await get({ area: 'Canggu' })).total).toBe(0);
    const res = await ctx.answer(
      ctx.client<AccountApi>(mover.cookie).profile.$patch({
        json: {
          name: mover.user.name,
          phone: '+628123456789',
          location: 'Canggu',
          address: mover.user.address,
        },
      }),
    );
    expect(res.status).toBe(200);
    expect((await get({ area: 'Kuta' })).total).toBe(0);
    const canggu = await get({ area: 'Canggu' });
    expect(ids(canggu)).toEqual([moverBook]);
    expect(canggu.items[0]?.area).toBe('Canggu');
    expect((await areas()).map((a) => a.area)).toEqual(['Canggu', 'Sanur', 'Ubud']);
  });
});

describe('the areas’ counts, kept by PostgreSQL (migration 0047)', () => {
  // What /api/areas answered before the counts were kept: every listed book grouped by area.
  const grouped = async () => {
    const rows = await ctx.db
      .select({ area: books.area, books: count() })
      .from(books)
      .where(and(eq(books.listed, true), isNotNull(books.area)))
      .groupBy(books.area)
      .orderBy(asc(books.area));
    return rows.map((r) => ({ area: r.area as string, books: r.books }));
  };

  it('follow every kind of write to books, as a regrouping of every book would answer', async () => {
    const nusa = await ctx.member({ location: 'Nusa Dua' });
    const made = await Promise.all(
      ['One', 'Two', 'Three'].map((title) => createBook(ctx.db, { ownerId: nusa.user.id, title })),
    );
    expect(await areas()).toEqual(await grouped());
    expect((await areas()).find((a) => a.area === 'Nusa Dua')?.books).toBe(3);
    // Out of the shop and back, deleted, hard-deleted, and several at once.
    await ctx.db.update(books).set({ status: 'Unavailable' }).where(eq(books.id, made[0].id));
    expect(await areas()).toEqual(await grouped());
    await ctx.db.update(books).set({ status: 'Available' }).where(eq(books.id, made[0].id));
    await ctx.db.update(books).set({ deletedAt: new Date() }).where(eq(books.id, made[1].id));
    await ctx.db.delete(books).where(eq(books.id, made[2].id));
    expect(await areas()).toEqual(await grouped());
    expect((await areas()).find((a) => a.area === 'Nusa Dua')?.books).toBe(1);
    await ctx.db.update(books).set({ status: 'Unavailable' }).where(eq(books.ownerId, nusa.user.id));
    // An area with no book to borrow any more is not offered.
    expect((await areas()).map((a) => a.area)).not.toContain('Nusa Dua');
    expect(await areas()).toEqual(await grouped());
  });

  it('are folded batch by batch when the server folds its backlog, and stay right', async () => {
    const bedugul = await ctx.member({ location: 'Bedugul' });
    // One statement each, so one delta each: a backlog of several batches.
    const made = [];
    for (const title of ['Lake', 'Temple', 'Market', 'Fog', 'Strawberry']) {
      made.push(await createBook(ctx.db, { ownerId: bedugul.user.id, title }));
    }
    await ctx.db.update(books).set({ status: 'Unavailable' }).where(eq(books.id, made[0].id));
    const logged = async () => (await ctx.db.select({ n: count() }).from(adminCounterDeltas))[0].n;
    const backlog = await logged();
    expect(backlog).toBeGreaterThan(6);
    expect(await foldBacklog(ctx.db, 3)).toBe(backlog);
    expect(await logged()).toBe(0);
    const kept = await ctx.db
      .select({ name: adminCounters.name, n: adminCounters.n })
      .from(adminCounters)
      .where(and(like(adminCounters.name, 'area:%'), gt(adminCounters.n, 0)))
      .orderBy(asc(adminCounters.name));
    const expected = (await grouped()).map((g) => ({ name: `area:${g.area}`, n: g.books }));
    expect(kept.map((k) => ({ name: k.name, n: Number(k.n) }))).toEqual(expected);
    expect(await areas()).toEqual(await grouped());
  });
});
