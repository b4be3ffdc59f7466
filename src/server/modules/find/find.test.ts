import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BorrowedSection } from '@domain/find-types';
import { books, orders } from '@server/db/schema';
import { setClock } from '@server/lib/clock';
import { createBook } from '@server/seed/factories';
import { setUpTestContext, type Member, type TestContext, uncheckedInput } from '@tests/support/harness';
import { advanceTestOrder, placeTestOrder } from '@tests/support/order-factories';
import type { FindApi } from './routes';
import type { BooksApi } from '@server/modules/books/routes';
import type { WaitlistApi } from '@server/modules/waitlist/routes';
import type { LoansApi } from '@server/modules/loans/routes';

// Every book findable through the API: the borrowed section below a search and a shelf (D46,
// with D25's waitlist and D39's estimate), and "Did you mean" over the words of the books.

let ctx: TestContext;
let admin: Member;
const DAY = 86_400_000;
// 10:00 in Makassar on Wednesday 2 December 2026.
const START = new Date('2026-12-02T02:00:00Z');

setUpTestContext((made, madeAdmin) => {
  ctx = made;
  admin = madeAdmin;
});

const section = async (q: string, cookie?: string) => {
  const res = await ctx.answer(ctx.client<FindApi>(cookie)['borrowed-books'].$get({ query: { q: q } }));
  expect(res.status).toBe(200);
  return res.body.items;
};
const titles = (items: BorrowedSection['items']) => items.map((i) => i.book.title);
const shopTitles = async (q: string) =>
  (await ctx.answer(ctx.client<BooksApi>().books.$get({ query: { q } }))).body.items.map((b) => b.title);

/** A book of `owner` lent through a real order, moved to `to`. */
async function lend(owner: Member, title: string, to: 'Draft' | 'Delivered' = 'Delivered') {
  const book = await createBook(ctx.db, { ownerId: owner.user.id, title, author: 'F. Scott Fitzgerald' });
  const placed = await placeTestOrder(ctx, { books: [book] });
  if (to !== 'Draft') await advanceTestOrder(ctx, { orderId: placed.order.id, admin, to });
  return { book, orderId: placed.order.id, borrower: placed.borrower };
}

describe('the borrowed section (D46)', () => {
  it('lists the matching books out now, soonest back first, with the estimate and who may join; the shop keeps only available ones', async () => {
    const owner = await ctx.member({ name: 'Made Owner' });
    // C was delivered five days before A: its loan ends first.
    setClock(new Date(START.getTime() - 5 * DAY));
    const c = await lend(owner, 'Zanzibar Gatsby C');
    setClock(START);
    const a = await lend(owner, 'Zanzibar Gatsby A');
    // B is not delivered yet and a member already waits: it comes back last.
    const b = await lend(owner, 'Zanzibar Gatsby B', 'Draft');
    const waiter = await ctx.member();
    expect(
      (
        await ctx.answer(
          ctx.client<WaitlistApi>(waiter.cookie).books[':id'].waitlist.$post({ param: { id: b.book.id } }),
        )
      ).status,
    ).toBe(201);
    await createBook(ctx.db, { ownerId: owner.user.id, title: 'Zanzibar Gatsby on the shelf' });
    await createBook(ctx.db, {
      ownerId: owner.user.id,
      title: 'Zanzibar Gatsby withdrawn',
      status: 'Unavailable',
    });

    const asGuest = await section('zanzibar gatsby');
    expect(titles(asGuest)).toEqual(['Zanzibar Gatsby C', 'Zanzibar Gatsby A', 'Zanzibar Gatsby B']);
    expect(asGuest.map((i) => i.book.availability)).toEqual(['borrowed', 'borrowed', 'reserved']);
    expect(asGuest.map((i) => i.waitlist.state)).toEqual(['guest', 'guest', 'guest']);
    expect(asGuest[0].waitlist.estimate?.from).toBe('2026-12-04');
    expect(asGuest[1].waitlist.estimate?.from).toBe('2026-12-09');
    expect(asGuest[2].waitlist).toMatchObject({ waiting: 1 });
    const froms = asGuest.map((i) => i.waitlist.estimate?.from ?? '');
    expect([...froms].sort()).toEqual(froms);

    const member = await ctx.member();
    expect((await section('Zanzibar', member.cookie)).map((i) => i.waitlist.state)).toEqual([
      'can_join',
      'can_join',
      'can_join',
    ]);
    // The owner sees when their books come back, with nothing to join.
    const asOwner = await section('zanzibar', owner.cookie);
    expect(asOwner.map((i) => [i.waitlist.state, i.waitlist.estimate !== null])).toEqual([
      ['none', true],
      ['none', true],
      ['none', true],
    ]);
    // The borrower sees their own loan as theirs.
    expect((await section('Gatsby A', a.borrower.cookie))[0].waitlist.state).toBe('in_your_order');

    // The main results stay among available books (the spec, D46).
    expect(await shopTitles('zanzibar')).toEqual(['Zanzibar Gatsby on the shelf']);
    expect(c.book.id).not.toBe(a.book.id);
  });

  it('matches by author and ISBN as the search does, by category, and refuses a search too short', async () => {
    const owner = await ctx.member();
    const book = await createBook(ctx.db, {
      ownerId: owner.user.id,
      title: 'Bumi Manusia',
      author: 'Pramoedya Quixotic',
      isbn: '9786020332956',
      category: 'Adult',
    });
    await placeTestOrder(ctx, { books: [book] });
    expect(titles(await section('quixotic'))).toEqual(['Bumi Manusia']);
    expect(titles(await section('602-03-3295-0'))).toEqual(['Bumi Manusia']);
    const children = await ctx.answer(
      ctx.client<FindApi>()['borrowed-books'].$get({ query: { q: 'quixotic', category: 'Children' } }),
    );
    expect(children.body.items).toEqual([]);
    const short = await ctx.answer(ctx.client<FindApi>()['borrowed-books'].$get({ query: { q: 'qu' } }));
    expect(short.status).toBe(422);
    expect(short.body.error.code).toBe('SEARCH_TOO_SHORT');
    expect(
      (await ctx.answer(ctx.client<FindApi>()['borrowed-books'].$get({ query: uncheckedInput({}) }))).status,
    ).toBe(422);
  });

  it('keeps a book held for a waiter out for everyone but its holder, who sees it first (D25)', async () => {
    setClock(START);
    const owner = await ctx.member();
    const lent = await lend(owner, 'Quokka Held Tale');
    const other = await lend(owner, 'Quokka Lent Tale');
    const holder = await ctx.member();
    const someone = await ctx.member();
    expect(
      (
        await ctx.answer(
          ctx.client<WaitlistApi>(holder.cookie).books[':id'].waitlist.$post({ param: { id: lent.book.id } }),
        )
      ).status,
    ).toBe(201);
    await advanceTestOrder(ctx, { orderId: lent.orderId, admin, to: 'Completed' });
    const [row] = await ctx.db.select().from(books).where(eq(books.id, lent.book.id));
    expect(row.heldForId).toBe(holder.user.id);

    expect(titles(await section('quokka'))).toEqual(['Quokka Lent Tale']);
    expect(titles(await section('quokka', someone.cookie))).toEqual(['Quokka Lent Tale']);
    expect(titles(await section('quokka', owner.cookie))).toEqual(['Quokka Lent Tale']);
    const asHolder = await section('quokka', holder.cookie);
    expect(titles(asHolder)).toEqual(['Quokka Held Tale', 'Quokka Lent Tale']);
    expect(asHolder[0].waitlist).toMatchObject({ state: 'held', estimate: null });
    expect(await shopTitles('quokka')).toEqual([]);
    expect(other.book.title).toBe('Quokka Lent Tale');
  });

  it("a shelf lists the owner's available books; its section every book of theirs out now", async () => {
    const owner = await ctx.member();
    await lend(owner, 'Shelf Lent One');
    await createBook(ctx.db, { ownerId: owner.user.id, title: 'Shelf Free One' });
    const shelf = await ctx.answer(
      ctx.client<BooksApi>().owners[':id'].books.$get({ param: { id: owner.user.id }, query: {} }),
    );
    expect(shelf.body.items.map((b) => b.title)).toEqual(['Shelf Free One']);
    const res = await ctx.answer(
      ctx.client<FindApi>().owners[':id']['borrowed-books'].$get({ param: { id: owner.user.id }, query: {} }),
    );
    expect(titles(res.body.items)).toEqual(['Shelf Lent One']);
    const searched = await ctx.answer(
      ctx.client<FindApi>().owners[':id']['borrowed-books'].$get({
        param: { id: owner.user.id },
        query: { q: 'nothing-like-it' },
      }),
    );
    expect(searched.body.items).toEqual([]);
    const unknown = await ctx.answer(
      ctx.client<FindApi>().owners[':id']['borrowed-books'].$get({ param: { id: 'nobody' }, query: {} }),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('OWNER_NOT_FOUND');
  });
});

const bookRow = async (id: string) => (await ctx.db.select().from(books).where(eq(books.id, id)))[0];

/** The end the section sorts by, read from the order itself: its due date, else its weeks. */
async function loanEndOf(orderId: string): Promise<Date> {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  return order.dueAt ?? new Date(order.createdAt.getTime() + order.borrowDuration * 7 * DAY);
}

// The loan's end kept on the book (migration 0041) gives the section its order: it must follow
// every change of the reservation and of the order's dates, whoever writes them.
describe("the book's kept loan end (the section's order)", () => {
  it('follows lending, delivery, an extension, the return, a hold, the holder’s order and its cancel', async () => {
    setClock(START);
    const owner = await ctx.member();
    const book = await createBook(ctx.db, { ownerId: owner.user.id, title: 'Kept End Tale' });
    expect((await bookRow(book.id)).loanEndsAt).toBeNull();

    // Lent: checkout's statement reserves the book for an order that is not delivered yet.
    const placed = await placeTestOrder(ctx, { books: [book] });
    const orderId = placed.order.id;
    const placedEnd = await loanEndOf(orderId);
    expect((await bookRow(book.id)).loanEndsAt).toEqual(placedEnd);

    // Delivered: the due date replaces the estimate from the order's weeks.
    await advanceTestOrder(ctx, { orderId, admin, to: 'Delivered' });
    const dueEnd = await loanEndOf(orderId);
    expect((await bookRow(book.id)).loanEndsAt).toEqual(dueEnd);

    // Extended by the borrower: the due date moves a week, the book's end with it.
    const extended = await ctx.answer(
      ctx
        .client<LoansApi>(placed.borrower.cookie)
        .orders[':id'].extensions.$post({ param: { id: orderId }, json: { weeks: 1 } }),
    );
    expect(extended.status).toBe(201);
    const extendedEnd = await loanEndOf(orderId);
    expect(extendedEnd.getTime()).toBeGreaterThan(dueEnd.getTime());
    expect((await bookRow(book.id)).loanEndsAt).toEqual(extendedEnd);

    // Returned while a member waits: the book is held for them (D25), out of every loan.
    const holder = await ctx.member();
    expect(
      (
        await ctx.answer(
          ctx.client<WaitlistApi>(holder.cookie).books[':id'].waitlist.$post({ param: { id: book.id } }),
        )
      ).status,
    ).toBe(201);
    await advanceTestOrder(ctx, { orderId, admin, to: 'Completed' });
    const held = await bookRow(book.id);
    expect(held.heldForId).toBe(holder.user.id);
    expect(held.loanEndsAt).toBeNull();

    // The holder borrows it: a new order, a new end.
    const again = await placeTestOrder(ctx, { borrower: holder, books: [book] });
    expect((await bookRow(book.id)).loanEndsAt).toEqual(await loanEndOf(again.order.id));

    // Cancelled: free again, no end.
    await advanceTestOrder(ctx, { orderId: again.order.id, admin, to: 'Cancelled' });
    const freed = await bookRow(book.id);
    expect(freed.reservedByOrderId).toBeNull();
    expect(freed.loanEndsAt).toBeNull();
  });
});

describe('"Did you mean"', () => {
  const suggest = async (q: string) => {
    const res = await ctx.answer(ctx.client<FindApi>().search.suggestions.$get({ query: { q: q } }));
    expect(res.status).toBe(200);
    return res.body.items;
  };

  beforeAll(async () => {
    const owner = await ctx.member();
    for (const [title, author] of [
      ['The Great Gatsby', 'F. Scott Fitzgerald'],
      ['Laskar Pelangi', 'Andrea Hirata'],
      ['Cien años de soledad', 'Gabriel García Márquez'],
      ['Perahu Kertas', 'Dewi Lestari'],
    ]) {
      await createBook(ctx.db, { ownerId: owner.user.id, title, author });
    }
  });

  it('offers the nearest spelling of a misspelled English or Indonesian word, case aside', async () => {
    expect((await suggest('gatbsy'))[0]).toBe('gatsby');
    expect((await suggest('GATSBI'))[0]).toBe('gatsby');
    expect((await suggest('Fitzgerlad'))[0]).toBe('fitzgerald');
    expect((await suggest('laskr pelangi'))[0]).toBe('laskar pelangi');
    expect((await suggest('perahu kretas'))[0]).toBe('perahu kertas');
    expect((await suggest('Andrea Hirtaa'))[0]).toBe('andrea hirata');
  });

  it('matches without accents and suggests the spelling the books use, which the search then finds', async () => {
    expect(await shopTitles('marquez')).toEqual([]);
    const [suggestion] = await suggest('marquez');
    expect(suggestion).toBe('márquez');
    expect(await shopTitles(suggestion)).toEqual(['Cien años de soledad']);
    expect((await suggest('anos'))[0]).toBe('años');
  });

  it('offers nothing for a word spelled right, a word far from every book, or a search too short', async () => {
    expect(await suggest('gatsby')).toEqual([]);
    expect(await suggest('xqzvwy')).toEqual([]);
    expect(await suggest('ga')).toEqual([]);
  });

  it('keeps its words current: a new title is suggested at once, a deleted book no more', async () => {
    const owner = await ctx.member();
    const book = await createBook(ctx.db, { ownerId: owner.user.id, title: 'Ronggeng Dukuh Paruk' });
    expect((await suggest('ronggen'))[0]).toBe('ronggeng');
    await ctx.db
      .update(books)
      .set({ title: 'Ronggeng Dukuh Paruk Jilid Kedua' })
      .where(eq(books.id, book.id));
    expect((await suggest('jilld'))[0]).toBe('jilid');
    await ctx.db.update(books).set({ deletedAt: new Date() }).where(eq(books.id, book.id));
    expect(await suggest('ronggen')).toEqual([]);
  });
});
