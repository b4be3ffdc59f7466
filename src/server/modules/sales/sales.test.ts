import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LifecycleEvent, listen, onLifecycleEvent } from '@server/lib/lifecycle-events';

type BookEvent = Extract<LifecycleEvent, { type: 'books-borrowable' | 'books-withdrawn' }>;
import { books, cartItems, orderItems } from '@server/db/schema';
import { addToCart } from '@server/modules/cart/service';
import { createBook } from '@server/seed/factories';
import { createTestContext, type Member, type TestContext, undeclaredInput } from '@tests/support/harness';
import { advanceTestOrder, placeTestOrder } from '@tests/support/order-factories';
import type { SalesApi } from './routes';
import type { BooksApi } from '@server/modules/books/routes';
import type { OrdersApi } from '@server/modules/orders/routes';

// D28 through the API: a sale price on upload and edit (whole rupiah, D32), shown with the book;
// Sold by the owner or an admin, refused in an open order; a sold book leaves the shop, the
// shelf and every cart, is announced as withdrawn ('sold'), and order history keeps it.

let ctx: TestContext;
let admin: Member;
let png: Buffer;
const events: BookEvent[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ RATE_LIMIT_ENABLED: 'false' });
  admin = await ctx.admin();
  png = await sharp({ create: { width: 200, height: 300, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
  onLifecycleEvent(
    listen(['books-borrowable', 'books-withdrawn'], async (_tx, event) => {
      events.push(event);
    }),
  );
}, 120_000);
afterAll(() => ctx.close());

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  data.set('title', 'Sapiens');
  data.set('author', 'Yuval Noah Harari');
  data.set('weeklyPrice', '15.000');
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  data.set('cover', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'cover.png');
  return data;
}

const sell = (cookie: string, bookId: string) =>
  ctx.answer(ctx.client<SalesApi>(cookie).books[':id'].sold.$post({ param: { id: bookId } }));

describe('a sale price (D28)', () => {
  it('is optional on upload and edit, whole rupiah like the weekly price, and shown with the book', async () => {
    const owner = await ctx.member();
    const none = await ctx.answer(
      ctx.client<BooksApi>(owner.cookie).books.$post({ ...undeclaredInput({ form: form({}) }) }),
    );
    expect(none.status).toBe(201);
    expect(none.body.salePrice).toBeNull();

    for (const [typed, message] of [
      ['12.5', 'Price must be a whole number of rupiah'],
      ['500', 'Sale price must be at least Rp 1.000'],
    ]) {
      const bad = await ctx.answer(
        ctx
          .client<BooksApi>(owner.cookie)
          .books.$post({ ...undeclaredInput({ form: form({ salePrice: typed }) }) }),
      );
      expect(bad.status).toBe(422);
      expect(bad.body.error.fields.salePrice).toBe(message);
    }

    const priced = await ctx.answer(
      ctx.client<BooksApi>(owner.cookie).books.$post({
        ...undeclaredInput({ form: form({ title: 'Priced Sapiens', salePrice: '150.000' }) }),
      }),
    );
    expect(priced.status).toBe(201);
    expect(priced.body.salePrice).toBe('150000.00');
    const detail = await ctx.answer(
      ctx.client<BooksApi>().books[':id'].$get({ param: { id: priced.body.id } }),
    );
    expect(detail.body.salePrice).toBe('150000.00');
    const listing = await ctx.answer(ctx.client<BooksApi>().books.$get({ query: { q: 'Priced Sapiens' } }));
    expect(listing.body.items[0].salePrice).toBe('150000.00');

    // Edit: changed, then removed; the cached listing follows.
    const edited = await ctx.answer(
      ctx.client<BooksApi>(owner.cookie).books[':id'].$patch({
        param: { id: priced.body.id },
        ...undeclaredInput({ form: form({ title: 'Priced Sapiens', salePrice: '120,000' }) }),
      }),
    );
    expect(edited.status).toBe(200);
    expect(
      (await ctx.answer(ctx.client<BooksApi>().books.$get({ query: { q: 'Priced Sapiens' } }))).body.items[0]
        .salePrice,
    ).toBe('120000.00');
    await ctx.answer(
      ctx.client<BooksApi>(owner.cookie).books[':id'].$patch({
        param: { id: priced.body.id },
        ...undeclaredInput({ form: form({ title: 'Priced Sapiens', salePrice: '' }) }),
      }),
    );
    expect(
      (await ctx.answer(ctx.client<BooksApi>().books[':id'].$get({ param: { id: priced.body.id } }))).body
        .salePrice,
    ).toBeNull();
  });
});

describe('marking a book Sold (D28)', () => {
  it('is refused in an open order and to anyone but the owner or an admin; nothing changes', async () => {
    const owner = await ctx.member();
    const book = await createBook(ctx.db, { ownerId: owner.user.id, salePrice: '100000' });
    await placeTestOrder(ctx, { books: [book] });
    const open = await sell(owner.cookie, book.id);
    expect(open.status).toBe(409);
    expect(open.body.error.message).toBe(
      'This book is in an open order, so it cannot be marked sold until the order is closed.',
    );
    expect((await sell(admin.cookie, book.id)).status).toBe(409);

    const free = await createBook(ctx.db, { ownerId: owner.user.id });
    const stranger = await ctx.member();
    expect((await sell(stranger.cookie, free.id)).status).toBe(403);
    const [row] = await ctx.db.select().from(books).where(eq(books.id, free.id));
    expect(row).toMatchObject({ soldAt: null, deletedAt: null });
  });

  it('takes the book out of the shop, the shelf and every cart; order history keeps it', async () => {
    const owner = await ctx.member();
    const book = await createBook(ctx.db, {
      ownerId: owner.user.id,
      title: 'Sold Sapiens',
      salePrice: '90000',
    });
    // An earlier loan of the book, completed: history.
    const { order } = await placeTestOrder(ctx, { books: [book] });
    await advanceTestOrder(ctx, { orderId: order.id, admin, to: 'Completed' });
    const shopper = await ctx.member();
    await addToCart(ctx.db, { actorId: shopper.user.id, bookId: book.id });
    expect(
      (await ctx.answer(ctx.client<BooksApi>().books.$get({ query: { q: 'Sold Sapiens' } }))).body.items,
    ).toHaveLength(1);

    events.length = 0;
    expect((await sell(owner.cookie, book.id)).status).toBe(200);
    expect(events).toEqual([{ type: 'books-withdrawn', bookIds: [book.id], reason: 'sold' }]);

    expect(
      (await ctx.answer(ctx.client<BooksApi>().books.$get({ query: { q: 'Sold Sapiens' } }))).body.items,
    ).toEqual([]);
    const shelf = await ctx.answer(
      ctx.client<BooksApi>().owners[':id'].books.$get({ param: { id: owner.user.id }, query: {} }),
    );
    expect(JSON.stringify(shelf.body)).not.toContain(book.id);
    expect(await ctx.db.select().from(cartItems).where(eq(cartItems.bookId, book.id))).toEqual([]);
    expect(
      (await ctx.answer(ctx.client<BooksApi>().books[':id'].$get({ param: { id: book.id } }))).status,
    ).toBe(404);
    const [row] = await ctx.db.select().from(books).where(eq(books.id, book.id));
    expect(row.soldAt).not.toBeNull();
    const history = await ctx.answer(
      ctx.client<OrdersApi>(admin.cookie).orders[':id'].$get({ param: { id: order.id } }),
    );
    expect(history.body.items[0]).toMatchObject({ bookId: book.id, title: 'Sold Sapiens' });
    const [item] = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(item.title).toBe('Sold Sapiens');

    // An admin may mark another owner's book sold.
    const other = await createBook(ctx.db, { ownerId: owner.user.id });
    expect((await sell(admin.cookie, other.id)).status).toBe(200);
    // Sold once: a second time it is simply gone.
    expect((await sell(owner.cookie, book.id)).status).toBe(404);
  });
});
