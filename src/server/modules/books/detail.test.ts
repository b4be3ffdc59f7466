import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books, ownerPickupLocations } from '@server/db/schema';
import { createBook, createPickupLocation, createUser } from '@server/seed/factories';
import { createTestContext, type TestContext } from '@tests/support/harness';
import type { BooksApi } from './routes';
import type { SalesApi } from '@server/modules/sales/routes';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /api/books/:id', () => {
  it('returns the book with its owner card (member since and a real count, D19)', async () => {
    const owner = await createUser(ctx.db, { name: 'Ketut Sari', location: 'Canggu' });
    const book = await createBook(ctx.db, {
      ownerId: owner.id,
      title: 'Laskar Pelangi',
      summary: 'Ten children on Belitung.',
      monthlyPrice: '70000.00',
    });
    await createBook(ctx.db, { ownerId: owner.id, status: 'Unavailable' });
    const res = await ctx.answer(ctx.client<BooksApi>().books[':id'].$get({ param: { id: book.id } }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: book.id,
      title: 'Laskar Pelangi',
      summary: 'Ten children on Belitung.',
      weeklyPrice: '10000.00',
      monthlyPrice: '70000.00',
      availability: 'available',
      cover: {
        card: `/api/covers/${book.coverKey}/card.webp`,
        detail: `/api/covers/${book.coverKey}/detail.webp`,
      },
      owner: {
        id: owner.id,
        name: 'Ketut Sari',
        location: 'Canggu',
        availableBooks: 1,
        availableBooksCapped: false,
      },
    });
    expect(res.body.owner.memberSince).toBe(owner.createdAt.toISOString());
    expect(res.body.owner).not.toHaveProperty('rating');
  });

  it("counts an owner's listed books up to 10,000, then says there are more (book page and shelf)", async () => {
    const owner = await createUser(ctx.db);
    const book = await createBook(ctx.db, { ownerId: owner.id });
    const count = async () => {
      const page = await ctx.answer(ctx.client<BooksApi>().books[':id'].$get({ param: { id: book.id } }));
      const shelf = await ctx.answer(ctx.client<BooksApi>().owners[':id'].$get({ param: { id: owner.id } }));
      expect(shelf.body.availableBooks).toBe(page.body.owner.availableBooks);
      expect(shelf.body.availableBooksCapped).toBe(page.body.owner.availableBooksCapped);
      return page.body.owner;
    };
    const more = (n: number, status: 'Available' | 'Unavailable' = 'Available') =>
      ctx.db.execute(sql`insert into ${books} (owner_id, title, author, weekly_price, cover_key, status)
        select ${owner.id}, 'Copy ' || i, 'A', 10000, 'none', ${status} from generate_series(1, ${n}) i`);
    // 9,999 more: exactly 10,000, the last exact count (books not listed are not counted).
    await more(9_999);
    await more(3, 'Unavailable');
    expect(await count()).toMatchObject({ availableBooks: 10_000, availableBooksCapped: false });
    // One more is past the cap: the count stops there and says so.
    await more(1);
    expect(await count()).toMatchObject({ availableBooks: 10_000, availableBooksCapped: true });
  }, 120_000);

  it("keeps the owner's count through every change to their books (member_counts, migration 0050)", async () => {
    const owner = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    const [shown, ...rest] = await Promise.all(
      [1, 2, 3, 4, 5].map(() => createBook(ctx.db, { ownerId: owner.id })),
    );
    const counted = async () => {
      const [row] = await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(books)
        .where(sql`${books.ownerId} = ${owner.id} and ${books.listed}`);
      return row.n;
    };
    const same = async () => {
      const page = await ctx.answer(ctx.client<BooksApi>().books[':id'].$get({ param: { id: shown.id } }));
      expect(page.body.owner.availableBooks).toBe(await counted());
      return page.body.owner.availableBooks;
    };
    expect(await same()).toBe(5);
    // Lent out, held, deleted, hard-deleted, given away: each leaves the count as the rows say.
    await ctx.db.update(books).set({ status: 'Borrowed' }).where(eq(books.id, rest[0].id));
    await ctx.db.update(books).set({ heldForId: other.id }).where(eq(books.id, rest[1].id));
    await ctx.db.update(books).set({ deletedAt: new Date() }).where(eq(books.id, rest[2].id));
    expect(await same()).toBe(2);
    await ctx.db.delete(books).where(eq(books.id, rest[2].id));
    await ctx.db.update(books).set({ ownerId: other.id }).where(eq(books.id, rest[3].id));
    expect(await same()).toBe(1);
    await ctx.db
      .update(books)
      .set({ status: 'Available', heldForId: null })
      .where(sql`${books.ownerId} = ${owner.id}`);
    expect(await same()).toBe(3);
  });

  it('shows a book that cannot be borrowed with its availability', async () => {
    const owner = await createUser(ctx.db);
    const borrowed = await createBook(ctx.db, { ownerId: owner.id, status: 'Borrowed' });
    const res = await ctx.answer(ctx.client<BooksApi>().books[':id'].$get({ param: { id: borrowed.id } }));
    expect(res.status).toBe(200);
    expect(res.body.availability).toBe('borrowed');
  });

  it("answers 404 'Book not found' for unknown, malformed and deleted ids", async () => {
    const owner = await createUser(ctx.db);
    const deleted = await createBook(ctx.db, { ownerId: owner.id });
    await ctx.db.update(books).set({ deletedAt: new Date() }).where(eq(books.id, deleted.id));
    for (const id of [randomUUID(), 'not-a-uuid', deleted.id]) {
      const res = await ctx.answer(ctx.client<BooksApi>().books[':id'].$get({ param: { id: id } }));
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ code: 'BOOK_NOT_FOUND', message: 'Book not found' });
    }
  });
});

describe('a sold book (D28)', () => {
  it("answers 404 'This book has been sold', not 'Book not found', once its owner sold it", async () => {
    const owner = await ctx.member();
    const book = await createBook(ctx.db, { ownerId: owner.user.id, salePrice: '90000' });
    const sold = await ctx.answer(
      ctx.client<SalesApi>(owner.cookie).books[':id'].sold.$post({ param: { id: book.id } }),
    );
    expect(sold.status).toBe(200);
    const res = await ctx.answer(ctx.client<BooksApi>().books[':id'].$get({ param: { id: book.id } }));
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: 'BOOK_SOLD', message: 'This book has been sold' });
  });
});

describe('GET /api/owners/:id', () => {
  it('returns the shelf header with the count of books that can be borrowed now', async () => {
    const owner = await createUser(ctx.db, { name: 'Nyoman Putra', location: 'Sanur' });
    await createBook(ctx.db, { ownerId: owner.id });
    await createBook(ctx.db, { ownerId: owner.id });
    await createBook(ctx.db, { ownerId: owner.id, status: 'Unavailable' });
    await createBook(ctx.db, { ownerId: owner.id, deletedAt: new Date() });
    const res = await ctx.answer(ctx.client<BooksApi>().owners[':id'].$get({ param: { id: owner.id } }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: owner.id,
      name: 'Nyoman Putra',
      location: 'Sanur',
      image: null,
      memberSince: owner.createdAt.toISOString(),
      availableBooks: 2,
      availableBooksCapped: false,
      pickupPoints: [],
      backOn: null,
    });
  });

  it("names the owner's active pickup points, by name, on the shelf header and the book's owner card", async () => {
    const owner = await createUser(ctx.db);
    const ubud = await createPickupLocation(ctx.db, { name: 'Ubud Library' });
    const canggu = await createPickupLocation(ctx.db, { name: 'Canggu Coworking Hub' });
    const closed = await createPickupLocation(ctx.db, { name: 'Closed Cafe', active: false });
    await createPickupLocation(ctx.db, { name: 'Not Chosen Corner' });
    await ctx.db
      .insert(ownerPickupLocations)
      .values([ubud, canggu, closed].map((l) => ({ ownerId: owner.id, pickupLocationId: l.id })));
    const book = await createBook(ctx.db, { ownerId: owner.id });
    const shelf = await ctx.answer(ctx.client<BooksApi>().owners[':id'].$get({ param: { id: owner.id } }));
    expect(shelf.body.pickupPoints).toEqual(['Canggu Coworking Hub', 'Ubud Library']);
    const detail = await ctx.answer(ctx.client<BooksApi>().books[':id'].$get({ param: { id: book.id } }));
    expect(detail.body.owner.pickupPoints).toEqual(['Canggu Coworking Hub', 'Ubud Library']);
  });

  it("answers 404 'Owner not found' for an unknown owner", async () => {
    const res = await ctx.answer(ctx.client<BooksApi>().owners[':id'].$get({ param: { id: randomUUID() } }));
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('Owner not found');
  });
});
