import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books, cartItems } from '@server/db/schema';
import { createBook, createUser } from '@server/seed/factories';
import type { CartApi } from './routes';
import { createTestContext, type Member, type TestContext, uncheckedInput } from '@tests/support/harness';
import { placeTestOrder } from '@tests/support/order-factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const add = (member: Member, bookId: string) =>
  ctx.answer(ctx.client<CartApi>(member.cookie).cart.items.$post({ json: { bookId } }));
const cartOf = (member: Member) => ctx.answer(ctx.client<CartApi>(member.cookie).cart.$get());
const newOwner = (name?: string) => createUser(ctx.db, name ? { name } : {});
const newBook = async (overrides: Omit<Partial<typeof books.$inferInsert>, 'ownerId'> = {}) =>
  createBook(ctx.db, { ownerId: (await newOwner()).id, ...overrides });

describe('adding to the cart', () => {
  it('adds a borrowable book and shows it grouped by owner with its price', async () => {
    const member = await ctx.member();
    const owner = await newOwner('Made Suarta');
    const book = await createBook(ctx.db, { ownerId: owner.id, title: 'Matilda', weeklyPrice: '12500.00' });
    const res = await add(member, book.id);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ count: 1, subtotal: '12500.00' });
    expect(res.body.groups).toMatchObject([
      {
        ownerId: owner.id,
        ownerName: 'Made Suarta',
        ownerLocation: 'Ubud',
        borrowDuration: 1,
        totalBooks: 1,
        totalAmount: '12500.00',
        items: [
          { book: { id: book.id, title: 'Matilda' }, quantity: 1, borrowDuration: 1, itemTotal: '12500.00' },
        ],
      },
    ]);
    expect((await ctx.answer(ctx.client<CartApi>(member.cookie).cart.count.$get())).body).toEqual({
      count: 1,
    });
  });

  it("tells a guest 'Please sign in to add items to cart' with 401", async () => {
    const book = await newBook();
    const res = await ctx.answer(ctx.client<CartApi>().cart.items.$post({ json: { bookId: book.id } }));
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('Please sign in to add items to cart');
    expect((await ctx.answer(ctx.client<CartApi>().cart.$get())).status).toBe(401);
  });

  it("answers 'Book not found' for an unknown id", async () => {
    const member = await ctx.member();
    for (const bookId of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await add(member, bookId);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('Book not found');
    }
  });

  it('refuses borrowed, unavailable, deleted and reserved books', async () => {
    const member = await ctx.member();
    const borrowed = await newBook({ status: 'Borrowed' });
    const unavailable = await newBook({ status: 'Unavailable' });
    const deleted = await newBook({ deletedAt: new Date() });
    const reserved = await newBook();
    await placeTestOrder(ctx, { books: [reserved] });
    for (const book of [borrowed, unavailable, deleted, reserved]) {
      const res = await add(member, book.id);
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({
        code: 'BOOK_NOT_AVAILABLE',
        message: 'This book is currently not available for borrowing',
      });
    }
    expect((await cartOf(member)).body.count).toBe(0);
  });

  it('refuses my own book and a book already in the cart', async () => {
    const member = await ctx.member();
    const mine = await createBook(ctx.db, { ownerId: member.user.id });
    const own = await add(member, mine.id);
    expect(own.status).toBe(422);
    expect(own.body.error.message).toBe('You cannot add your own book to the cart');

    const book = await newBook();
    expect((await add(member, book.id)).status).toBe(201);
    const again = await add(member, book.id);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('This book is already in your cart');
  });

  it('allows 5 books from one owner and refuses the 6th', async () => {
    const member = await ctx.member();
    const owner = await newOwner();
    const six = await Promise.all(Array.from({ length: 6 }, () => createBook(ctx.db, { ownerId: owner.id })));
    for (const book of six.slice(0, 5)) expect((await add(member, book.id)).status).toBe(201);
    const sixth = await add(member, six[5].id);
    expect(sixth.status).toBe(422);
    expect(sixth.body.error.message).toBe('You can borrow maximum 5 books from one owner at any given time.');
    expect((await cartOf(member)).body.count).toBe(5);
  });

  it('allows 5 owners and refuses a 6th, but still takes more books of a known owner', async () => {
    const member = await ctx.member();
    const owners = await Promise.all(Array.from({ length: 6 }, () => newOwner()));
    for (const owner of owners.slice(0, 5)) {
      expect((await add(member, (await createBook(ctx.db, { ownerId: owner.id })).id)).status).toBe(201);
    }
    const sixth = await add(member, (await createBook(ctx.db, { ownerId: owners[5].id })).id);
    expect(sixth.status).toBe(422);
    expect(sixth.body.error.message).toBe(
      'You can borrow from max. 5 book owners at any given time. Check your cart and try again.',
    );
    // The refused book left nothing behind.
    expect((await cartOf(member)).body.count).toBe(5);
    expect((await add(member, (await createBook(ctx.db, { ownerId: owners[0].id })).id)).status).toBe(201);
  });

  it('rejects a body without a book id with 422', async () => {
    const member = await ctx.member();
    const res = await ctx.answer(
      ctx.client<CartApi>(member.cookie).cart.items.$post({ json: uncheckedInput({}) }),
    );
    expect(res.status).toBe(422);
  });
});

describe('changing the cart', () => {
  it('applies one duration to all of an owner’s books and prices 4 weeks at the monthly price', async () => {
    const member = await ctx.member();
    const owner = await newOwner();
    const other = await newBook({ weeklyPrice: '7000.00' });
    const a = await createBook(ctx.db, {
      ownerId: owner.id,
      weeklyPrice: '10000.00',
      monthlyPrice: '30000.00',
    });
    const b = await createBook(ctx.db, { ownerId: owner.id, weeklyPrice: '5000.00' });
    for (const book of [other, a, b]) await add(member, book.id);

    const cart = ctx.client<CartApi>(member.cookie);
    const res = await cart.cart.owners[':ownerId'].$patch({
      param: { ownerId: owner.id },
      json: { borrowDuration: 4 },
    });
    expect(res.status).toBe(200);
    if (res.status !== 200) return;
    const body = await res.json();
    const group = body.groups.find((g) => g.ownerId === owner.id);
    expect(group?.borrowDuration).toBe(4);
    expect(group?.items.map((i) => i.itemTotal).sort()).toEqual(['20000.00', '30000.00']);
    expect(group?.totalAmount).toBe('50000.00');
    expect(body.subtotal).toBe('57000.00');
    const untouched = body.groups.find((g) => g.ownerId === other.ownerId);
    expect(untouched?.borrowDuration).toBe(1);

    // A book added later joins its owner's duration.
    const c = await createBook(ctx.db, { ownerId: owner.id, weeklyPrice: '1000.00' });
    const added = await add(member, c.id);
    const regrouped = added.body.groups.find((g: { ownerId: string }) => g.ownerId === owner.id);
    expect(regrouped?.items.every((i: { borrowDuration: number }) => i.borrowDuration === 4)).toBe(true);

    const bad = await ctx.answer(
      ctx.client<CartApi>(member.cookie).cart.owners[':ownerId'].$patch({
        param: { ownerId: owner.id },
        json: { borrowDuration: uncheckedInput(3) },
      }),
    );
    expect(bad.status).toBe(422);
  });

  it('removes on quantity 0 or less, only touches on other quantities, and removes by owner or all', async () => {
    const member = await ctx.member();
    const owner = await newOwner();
    const [a, b] = [
      await createBook(ctx.db, { ownerId: owner.id }),
      await createBook(ctx.db, { ownerId: owner.id }),
    ];
    const c = await newBook();
    for (const book of [a, b, c]) await add(member, book.id);
    const items = await ctx.db.select().from(cartItems).where(eq(cartItems.userId, member.user.id));
    const itemOf = (bookId: string) => items.find((i) => i.bookId === bookId)!;

    const touched = await ctx.answer(
      ctx
        .client<CartApi>(member.cookie)
        .cart.items[':itemId'].$patch({ param: { itemId: itemOf(a.id).id }, json: { quantity: 3 } }),
    );
    expect(touched.body.count).toBe(3);
    const [row] = await ctx.db
      .select()
      .from(cartItems)
      .where(eq(cartItems.id, itemOf(a.id).id));
    expect(row.quantity).toBe(1);
    expect(row.updatedAt.getTime()).toBeGreaterThan(itemOf(a.id).updatedAt.getTime());

    const removed = await ctx.answer(
      ctx
        .client<CartApi>(member.cookie)
        .cart.items[':itemId'].$patch({ param: { itemId: itemOf(a.id).id }, json: { quantity: 0 } }),
    );
    expect(removed.body.count).toBe(2);

    const someoneElse = await ctx.member();
    const notMine = await ctx.answer(
      ctx
        .client<CartApi>(someoneElse.cookie)
        .cart.items[':itemId'].$delete({ param: { itemId: itemOf(b.id).id } }),
    );
    expect(notMine.status).toBe(404);
    const mine = await ctx.answer(
      ctx
        .client<CartApi>(member.cookie)
        .cart.items[':itemId'].$delete({ param: { itemId: itemOf(b.id).id } }),
    );
    expect(mine.status).toBe(200);
    expect(mine.body.count).toBe(1);
    expect(
      mine.body.groups.flatMap((g: { items: { book: { id: string } }[] }) => g.items.map((i) => i.book.id)),
    ).toEqual([c.id]);
    const again = await ctx.answer(
      ctx
        .client<CartApi>(member.cookie)
        .cart.items[':itemId'].$delete({ param: { itemId: itemOf(b.id).id } }),
    );
    expect(again.status).toBe(404);

    const byOwner = await ctx.answer(
      ctx.client<CartApi>(member.cookie).cart.owners[':ownerId'].$delete({ param: { ownerId: owner.id } }),
    );
    expect(byOwner.body.count).toBe(1);
    const cleared = await ctx.answer(ctx.client<CartApi>(member.cookie).cart.$delete());
    expect(cleared.body).toEqual({ groups: [], count: 0, subtotal: '0.00' });
  });
});

describe('validating the cart', () => {
  it('reports an empty cart, then each problem as the spec words it', async () => {
    const member = await ctx.member();
    const empty = await ctx.answer(ctx.client<CartApi>(member.cookie).cart.validate.$post());
    expect(empty.body).toEqual({
      ok: false,
      problems: ['Your cart is empty'],
      problemCodes: [{ code: 'yourCartIsEmpty' }],
    });

    const fine = await newBook();
    const taken = await newBook({ title: 'Charlotte’s Web' });
    const gone = await newBook();
    for (const book of [fine, taken, gone]) await add(member, book.id);
    expect((await ctx.answer(ctx.client<CartApi>(member.cookie).cart.validate.$post())).body).toEqual({
      ok: true,
      problems: [],
      problemCodes: [],
    });

    await placeTestOrder(ctx, { books: [taken] });
    await ctx.db.update(books).set({ deletedAt: new Date() }).where(eq(books.id, gone.id));
    const res = await ctx.answer(ctx.client<CartApi>(member.cookie).cart.validate.$post());
    expect(res.body).toEqual({
      ok: false,
      problems: [
        'Some books in your cart are no longer available',
        '"Charlotte’s Web" is no longer available',
      ],
      problemCodes: [
        { code: 'someBooksUnavailable' },
        { code: 'titleNoLongerAvailable', params: { title: 'Charlotte’s Web' } },
      ],
    });
  });
});
