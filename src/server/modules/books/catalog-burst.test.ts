import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookPage } from '@domain/api-types';
import { CATEGORIES, CONDITIONS, LANGUAGES, SORT_KEYS } from '@domain/constants';
import { bookQuerySchema } from '@domain/schemas/book-query';
import { type Book, books, catalogChanges } from '@server/db/schema';
import { createBook } from '@server/seed/factories';
import { observeQueries, openDatabase } from '@server/db/client';
import { createLogger } from '@server/lib/logger';
import { createRuntime, type Runtime } from '@server/runtime';
import { findTestPostgres } from '@tests/support/database';
import {
  createTestContext,
  type Member,
  TEST_APP_URL,
  type TestContext,
  undeclaredInput,
} from '@tests/support/harness';
import { addToCart } from '@server/modules/cart/service';
import { placeOrders } from '@server/modules/checkout/service';
import { advanceTestOrder, placeTestOrder } from '@tests/support/order-factories';
import { catalogCacheOf } from './catalog-cache';
import { type ListingScope, listBooksUncached } from './service';
import type { BooksApi } from './routes';

// The catalog cache moves by each changed book instead of dropping everything
// at every write. Whatever it keeps must stay exact: after every write of a burst (checkouts,
// cancellations, loans, edits of price, category, title and condition, status changes, deletes,
// new books, several books in one transaction) every cached answer of many listings (sorts,
// pages, filters, searches, an owner's shelf) equals a fresh query with no cache at all.

let ctx: TestContext;
let owners: Member[];
let borrowers: Member[];
let admin: Member;

const TITLES = [
  'Alpha Garden',
  'alpha garden',
  'Beta River',
  'Café Garden',
  'Ärger im Garten',
  'Delta',
  'Epsilon Gardens',
  'Zeta',
  'Mango Tree',
  'Garden of Words',
  'river song',
  'Ômega',
];

/** A small deterministic generator: the burst is the same on every run. */
function random(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)];
  return { next, int, pick };
}

const FILTERS = [
  '',
  'category=Adult',
  'condition=Good&language=English',
  'maxPrice=15000',
  'q=garden',
  `q=${encodeURIComponent('café')}`,
];

function listings(): { path: string; params: string; scope: ListingScope }[] {
  const all: { path: string; params: string; scope: ListingScope }[] = [];
  for (const filter of FILTERS) {
    for (const sort of SORT_KEYS) {
      for (const page of [1, 2]) {
        const params = [filter, `sort=${sort}`, `page=${page}`, 'pageSize=4'].filter(Boolean).join('&');
        all.push({ path: '/api/books', params, scope: { kind: 'catalog' } });
      }
    }
  }
  const shelf = { kind: 'shelf', ownerId: owners[0].user.id } as const;
  for (const sort of SORT_KEYS) {
    all.push({ path: `/api/owners/${shelf.ownerId}/books`, params: `sort=${sort}&pageSize=4`, scope: shelf });
  }
  return all;
}

/** Every listing through an instance (cached) against a fresh uncached query. */
async function expectEveryListingExact(step: string, app: Runtime['app'] = ctx.runtime.app) {
  for (const listing of listings()) {
    const res = await call<BookPage>(app, 'GET', `${listing.path}?${listing.params}`);
    expect(res.status).toBe(200);
    const query = bookQuerySchema.parse(Object.fromEntries(new URLSearchParams(listing.params)));
    const fresh = await listBooksUncached(ctx.db, query, listing.scope);
    expect(res.body, `${step}: ${listing.path}?${listing.params}`).toEqual(fresh);
  }
}

async function seedBooks(count: number, rnd: ReturnType<typeof random>) {
  for (let i = 0; i < count; i++) {
    await createBook(ctx.db, {
      ownerId: rnd.pick(owners).user.id,
      title: `${rnd.pick(TITLES)}${i % 3 === 0 ? '' : ` ${i}`}`,
      author: i % 5 === 0 ? 'The Garden Club' : `Author ${i}`,
      category: rnd.pick(CATEGORIES),
      condition: rnd.pick(CONDITIONS),
      language: rnd.pick(LANGUAGES),
      weeklyPrice: `${5000 + 2500 * rnd.int(8)}.${rnd.pick(['00', '50'])}`,
      // Ties on the minute for some, the database's own microseconds for the rest.
      ...(i % 2 === 0 ? { createdAt: new Date(Date.UTC(2026, 0, 1, 0, rnd.int(6))) } : {}),
    });
  }
}

async function listedBooks(): Promise<Book[]> {
  return ctx.db.select().from(books).where(sql`${books.listed}`).orderBy(asc(books.id));
}

async function ownedFreeBooks(): Promise<Book[]> {
  return ctx.db
    .select()
    .from(books)
    .where(
      and(
        isNull(books.deletedAt),
        isNull(books.reservedByOrderId),
        inArray(books.status, ['Available', 'Unavailable']),
      ),
    )
    .orderBy(asc(books.id));
}

/** A request to one instance's app, as a browser of the app's own origin sends it. */
async function call<T = unknown>(
  app: Runtime['app'],
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { origin: TEST_APP_URL };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const res = await app.request(path, { method, headers, body });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

const ownerOf = (book: Book) => owners.find((o) => o.user.id === book.ownerId)!;

/** GET /api/books?pageSize=5, checking it was answered without a statement that reads books. */
async function firstPageReadingNoBooks(): Promise<BookPage> {
  const seen: string[] = [];
  observeQueries(ctx.db, (q) => seen.push(q));
  try {
    const page = (await ctx.answer(ctx.client<BooksApi>().books.$get({ query: { pageSize: '5' } }))).body;
    expect(
      seen.filter((q) => /from "books"/i.test(q)),
      seen.join('\n'),
    ).toEqual([]);
    return page;
  } finally {
    observeQueries(ctx.db, null);
  }
}

// The cache keeps its versions differently on each database: in memory between this process's
// own writes on PGlite, read per request (and moved by other instances) on PostgreSQL. So every
// case runs on both, PostgreSQL when this machine has one (findTestPostgres).
const postgres = await findTestPostgres();
const DATABASES = [
  { name: 'PGlite', server: null },
  { name: 'PostgreSQL', server: postgres },
] as const;

for (const database of DATABASES) {
  describe.skipIf(database.name === 'PostgreSQL' && !database.server)(`on ${database.name}`, () => {
    beforeAll(async () => {
      ctx = await createTestContext({ MAIL_TRANSPORT: 'none' }, { databaseServer: database.server });
      owners = [await ctx.member(), await ctx.member(), await ctx.member()];
      borrowers = [await ctx.member(), await ctx.member()];
      admin = await ctx.admin();
      await seedBooks(36, random(12));
    }, 60_000);
    afterAll(() => ctx.close());

    describe('the catalog cache through a burst of writes', () => {
      it('answers every listing exactly as a fresh query after each write', async () => {
        const rnd = random(2026);
        const openOrders: string[] = [];
        await expectEveryListingExact('before the burst');
        const { resets: resetsBefore, shifted: shiftedBefore } = catalogCacheOf(ctx.db).stats;

        const writes: Record<string, () => Promise<boolean>> = {
          async checkout() {
            const free = await listedBooks();
            if (free.length < 2) return false;
            const picked = [rnd.pick(free), rnd.pick(free)].filter((b, i, all) => all.indexOf(b) === i);
            const placed = await placeTestOrder(ctx, { borrower: rnd.pick(borrowers), books: picked });
            openOrders.push(...placed.orders.map((o) => o.id));
            return true;
          },
          async cancel() {
            if (openOrders.length === 0) return false;
            const orderId = openOrders.splice(rnd.int(openOrders.length), 1)[0];
            await advanceTestOrder(ctx, { orderId, admin, to: 'Cancelled' });
            return true;
          },
          async lend() {
            if (openOrders.length === 0) return false;
            const orderId = openOrders.splice(rnd.int(openOrders.length), 1)[0];
            await advanceTestOrder(ctx, { orderId, admin, to: 'Delivered' });
            return true;
          },
          async editPrice() {
            const book = rnd.pick(await ownedFreeBooks());
            const weeklyPrice = `${5000 + 2500 * rnd.int(10)}.${rnd.pick(['00', '50'])}`;
            await ctx.db.update(books).set({ weeklyPrice }).where(eq(books.id, book.id));
            return true;
          },
          async editCategoryAndCondition() {
            const book = rnd.pick(await ownedFreeBooks());
            await ctx.db
              .update(books)
              .set({ category: rnd.pick(CATEGORIES), condition: rnd.pick(CONDITIONS) })
              .where(eq(books.id, book.id));
            return true;
          },
          async editThroughTheForm() {
            const book = rnd.pick((await ownedFreeBooks()).filter((b) => ownerOf(b)));
            const form = {
              title: `${rnd.pick(TITLES)} edited`,
              author: rnd.pick(['Someone', 'The Garden Club', 'Zoë']),
              weeklyPrice: String(5000 + 1000 * rnd.int(12)),
              category: rnd.pick(CATEGORIES),
              condition: rnd.pick(CONDITIONS),
              language: rnd.pick(LANGUAGES),
            };
            const res = await ctx.answer(
              ctx
                .client<BooksApi>(ownerOf(book).cookie)
                .books[':id'].$patch({ param: { id: book.id }, ...undeclaredInput({ form }) }),
            );

            expect(res.status).toBe(200);
            return true;
          },
          async statusChange() {
            const book = rnd.pick((await ownedFreeBooks()).filter((b) => ownerOf(b)));
            const status = book.status === 'Available' ? 'Unavailable' : 'Available';
            const res = await ctx.answer(
              ctx
                .client<BooksApi>(ownerOf(book).cookie)
                .books[':id'].status.$patch({ param: { id: book.id }, json: { status } }),
            );
            expect(res.status).toBe(200);
            return true;
          },
          async remove() {
            const book = rnd.pick((await ownedFreeBooks()).filter((b) => ownerOf(b)));
            const res = await ctx.answer(
              ctx.client<BooksApi>(ownerOf(book).cookie).books[':id'].$delete({ param: { id: book.id } }),
            );
            expect(res.status).toBe(204);
            return true;
          },
          async newBook() {
            await seedBooks(1, rnd);
            return true;
          },
          async manyInOneTransaction() {
            const free = await ownedFreeBooks();
            await ctx.db.transaction(async (tx) => {
              for (let i = 0; i < 3; i++) {
                const book = rnd.pick(free);
                await tx
                  .update(books)
                  .set({ title: `${rnd.pick(TITLES)} ${i}`, language: rnd.pick(LANGUAGES) })
                  .where(eq(books.id, book.id));
              }
            });
            return true;
          },
          async priciestOfAll() {
            const book = rnd.pick(await ownedFreeBooks());
            const weeklyPrice = `${90000 + rnd.int(1000)}.00`;
            await ctx.db.update(books).set({ weeklyPrice }).where(eq(books.id, book.id));
            return true;
          },
          async priciestGetsCheap() {
            // The book that holds a price ceiling leaves it: only a query knows the next one.
            const [top] = await ctx.db
              .select()
              .from(books)
              .where(sql`${books.listed}`)
              .orderBy(sql`${books.weeklyPrice} desc`)
              .limit(1);
            if (!top) return false;
            await ctx.db.update(books).set({ weeklyPrice: '5000.00' }).where(eq(books.id, top.id));
            return true;
          },
          async moveInTime() {
            const book = rnd.pick(await ownedFreeBooks());
            await ctx.db
              .update(books)
              .set({ createdAt: new Date(Date.UTC(2026, 0, 1, 0, rnd.int(6))) })
              .where(eq(books.id, book.id));
            return true;
          },
        };

        const kinds = Object.keys(writes);
        const done: string[] = [];
        for (let step = 0; done.length < 36 && step < 200; step++) {
          const kind = step < kinds.length ? kinds[step] : rnd.pick(kinds);
          if (!(await writes[kind]())) continue;
          done.push(kind);
          await expectEveryListingExact(`write ${done.length} (${kind})`);
        }
        expect(new Set(done)).toEqual(new Set(kinds));
        // Exact by moving entries, not by dropping everything at each write; pages moved their rows
        // up (spare rows) as books left them.
        expect(catalogCacheOf(ctx.db).stats.resets).toBe(resetsBefore);
        expect(catalogCacheOf(ctx.db).stats.shifted).toBeGreaterThan(shiftedBefore);
      }, 300_000);
    });

    describe('a checkout of a book the page does not show', () => {
      it('keeps page 1 of the newest books cached and moves its count', async () => {
        const newest = await createBook(ctx.db, {
          ownerId: owners[1].user.id,
          title: 'Newest of all',
          createdAt: new Date(Date.UTC(2027, 0, 1)),
        });
        const oldest = await createBook(ctx.db, {
          ownerId: owners[1].user.id,
          title: 'Oldest of all',
          createdAt: new Date(Date.UTC(2020, 0, 1)),
        });
        const before = (await ctx.answer(ctx.client<BooksApi>().books.$get({ query: { pageSize: '5' } })))
          .body;
        expect(before.items[0].id).toBe(newest.id);
        expect(before.items.map((b) => b.id)).not.toContain(oldest.id);

        await placeTestOrder(ctx, { borrower: borrowers[0], books: [oldest] });

        // The version read and the changes since (one each), and nothing that reads books.
        const after = await firstPageReadingNoBooks();
        expect(after.items).toEqual(before.items);
        expect(after.total).toBe(before.total - 1);
        expect(after).toEqual(await listBooksUncached(ctx.db, bookQuerySchema.parse({ pageSize: '5' })));
      });

      it('moves the rows up from its spares, without reading books, when the checked-out book is on it', async () => {
        // A book dearer than any other keeps the price ceiling where it is, whichever book the
        // page's third row is: were that the last book at the top price, the ceiling would be
        // counted again, reading books (ids, and so the order of ties, are random).
        await createBook(ctx.db, {
          ownerId: owners[2].user.id,
          title: 'Dearest of all',
          weeklyPrice: '900000.00',
        });
        const page = (await ctx.answer(ctx.client<BooksApi>().books.$get({ query: { pageSize: '5' } }))).body;
        const onPage = (await ctx.db.select().from(books).where(eq(books.id, page.items[2].id)))[0];
        await placeTestOrder(ctx, { borrower: borrowers[1], books: [onPage] });
        const after = await firstPageReadingNoBooks();
        expect(after.items.map((b) => b.id)).not.toContain(onPage.id);
        expect(after.items.slice(0, 2)).toEqual(page.items.slice(0, 2));
        expect(after.items.slice(2, 4)).toEqual(page.items.slice(3, 5));
        expect(after).toEqual(await listBooksUncached(ctx.db, bookQuerySchema.parse({ pageSize: '5' })));
      });
    });

    describe('when the changes cannot be applied', () => {
      it('drops everything after a transaction of over 200 books, and stays exact', async () => {
        await expectEveryListingExact('before the big transaction');
        const cache = catalogCacheOf(ctx.db);
        const resets = cache.stats.resets;
        await ctx.db.insert(books).values(
          Array.from({ length: 210 }, (_, i) => ({
            ownerId: owners[i % 3].user.id,
            title: `Bulk garden ${i}`,
            author: 'Bulk',
            weeklyPrice: `${5000 + i}.00`,
            coverKey: `bulk-${i}`,
          })),
        );
        await expectEveryListingExact('after 210 books in one transaction');
        expect(cache.stats.resets).toBe(resets + 1);
      });

      it('drops everything when the versions it needs were pruned, and stays exact', async () => {
        await expectEveryListingExact('before the gap');
        const cache = catalogCacheOf(ctx.db);
        const resets = cache.stats.resets;
        await ctx.db.execute(sql`delete from catalog_changes`);
        const [book] = await listedBooks();
        // Two versions, each a real change: an update to what the book already shows changes
        // nothing a listing sees and moves no version (migration 0007), and then there would be
        // no gap. (The seed's categories are random, so 'Teen' alone was sometimes no change.)
        const category = CATEGORIES.find((c) => c !== book.category)!;
        await ctx.db.update(books).set({ weeklyPrice: '7777.00' }).where(eq(books.id, book.id));
        await ctx.db.update(books).set({ category }).where(eq(books.id, book.id));
        const [logged] = await ctx.db
          .select({ versions: sql<number>`count(distinct ${catalogChanges.version})::int` })
          .from(catalogChanges);
        expect(logged.versions).toBe(2);
        // The first of the two versions is gone: only the second is there to read.
        await ctx.db.execute(
          sql`delete from catalog_changes where version < (select max(version) from catalog_changes)`,
        );
        await expectEveryListingExact('after the gap');
        expect(cache.stats.resets).toBe(resets + 1);
      });
    });

    // Several instances share one PostgreSQL: an instance learns of another's writes only through
    // the database (catalog_version and catalog_changes). PGlite is one process's database, so
    // this case is PostgreSQL's only.
    if (database.name === 'PostgreSQL') describeSecondInstance();
  });
}

function describeSecondInstance() {
  describe('a second instance on the same PostgreSQL', () => {
    let second: Runtime;
    beforeAll(async () => {
      const { url } = ctx.runtime.database as { url?: string };
      const database = await openDatabase({ databaseUrl: url!, poolSize: 5 });
      second = await createRuntime(ctx.config, { database, log: createLogger('silent') });
    }, 60_000);
    afterAll(() => second?.close());

    it("writes on the second instance: the first instance's cache moves by them and stays exact", async () => {
      const rnd = random(7);
      const first = catalogCacheOf(ctx.db);
      await expectEveryListingExact('first instance, before');
      const resetsBefore = first.stats.resets;
      const appliedBefore = first.stats.applied;
      const db2 = second.deps.db;
      const pickFree = async () => rnd.pick((await ownedFreeBooks()).filter((b) => ownerOf(b)));

      const writes: [string, () => Promise<void>][] = [
        [
          'status change',
          async () => {
            const book = await pickFree();
            const status = book.status === 'Available' ? 'Unavailable' : 'Available';
            const res = await call(second.app, 'PATCH', `/api/books/${book.id}/status`, {
              cookie: ownerOf(book).cookie,
              body: { status },
            });
            expect(res.status).toBe(200);
          },
        ],
        [
          'price',
          async () => {
            const book = await pickFree();
            await db2.update(books).set({ weeklyPrice: '12500.00' }).where(eq(books.id, book.id));
          },
        ],
        [
          'checkout',
          async () => {
            const book = rnd.pick(await listedBooks());
            const borrower = borrowers[1];
            await addToCart(db2, { actorId: borrower.user.id, bookId: book.id });
            await placeOrders(second.deps, {
              actorId: borrower.user.id,
              idempotencyKey: crypto.randomUUID(),
              deliveryMethod: 'delivery',
              deliveryAddress: {
                fullName: 'Second Instance',
                phone: '+6281234567',
                address: 'Jl. Dua No. 2, Bali',
              },
            });
          },
        ],
        [
          'title and category',
          async () => {
            const book = await pickFree();
            await db2
              .update(books)
              .set({ title: 'Garden on two hosts', category: 'Teen' })
              .where(eq(books.id, book.id));
          },
        ],
        [
          'delete',
          async () => {
            const book = await pickFree();
            const res = await call(second.app, 'DELETE', `/api/books/${book.id}`, {
              cookie: ownerOf(book).cookie,
            });
            expect(res.status).toBe(204);
          },
        ],
        [
          'new book',
          async () => {
            await createBook(db2, {
              ownerId: owners[0].user.id,
              title: 'A garden from elsewhere',
              weeklyPrice: '95000.00',
            });
          },
        ],
      ];
      for (const [name, write] of writes) {
        await write();
        await expectEveryListingExact(`first instance after the second's ${name}`);
        await expectEveryListingExact(`second instance after its ${name}`, second.app);
      }
      expect(first.stats.applied).toBeGreaterThan(appliedBefore);
      expect(first.stats.resets).toBe(resetsBefore);
    }, 300_000);
  });
}
