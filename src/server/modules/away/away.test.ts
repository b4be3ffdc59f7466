import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_AWAY_DAYS } from '@domain/constants';
import { cartItems, emailNotifications, ownerAway, waitlistEntries } from '@server/db/schema';
import { setClock } from '@server/lib/clock';
import { createBook } from '@server/seed/factories';
import { setUpTestContext, type Member, type TestContext, uncheckedInput } from '@tests/support/harness';
import {
  advanceTestOrder,
  placeTestOrder,
  addToCartByApi,
  checkoutByApi,
} from '@tests/support/order-factories';
import { englishCode, englishField } from '@tests/support/texts';
import type { AwayApi } from './routes';
import type { CartApi } from '@server/modules/cart/routes';
import type { BooksApi } from '@server/modules/books/routes';
import type { AdminApi } from '@server/modules/admin/routes';
import type { WaitlistApi } from '@server/modules/waitlist/routes';
import type { WantedApi } from '@server/modules/wanted/routes';

// Owners away (D48): an owner's away dates keep their listed books in the listings marked
// "Back on <day>" and out of every cart and checkout; holds wait for the return; running loans
// and returns go on; past dates clear themselves; only the owner sets theirs.

let ctx: TestContext;
let admin: Member;

// 10:00 in Makassar (the operator's zone) on Wednesday 2 December 2026.
const START = new Date('2026-12-02T02:00:00Z');
/** The first moment of an operator day (Makassar is UTC+8). */
const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);

setUpTestContext((made, madeAdmin) => {
  ctx = made;
  admin = madeAdmin;
}, {});

const setAway = (member: Member, body: Record<string, unknown>) =>
  ctx.answer(ctx.client<AwayApi>(member.cookie).profile.away.$put({ json: uncheckedInput(body) }));
const addToCart = (bookId: string, cookie: string) => addToCartByApi(ctx, bookId, cookie);
const checkout = (cookie: string) => checkoutByApi(ctx, cookie);

async function runWorker(times = 3) {
  for (let i = 0; i < times; i++) await ctx.deps.outbox.runOnce();
}

async function ownerWithBook(title = 'Laut Bercerita') {
  const owner = await ctx.member({ name: 'Made Away' });
  const book = await createBook(ctx.db, { ownerId: owner.user.id, title, weeklyPrice: '10000' });
  return { owner, book };
}

/** The book as the catalog, a search, the shelf and its own page answer it. */
async function shownAs(bookId: string, title: string, ownerId: string) {
  const find = (items: { id: string; availability: string; backOn: string | null }[]) =>
    items.find((b) => b.id === bookId);
  const page = await ctx.answer(
    ctx.client<BooksApi>().books.$get({ query: { pageSize: '60', sort: 'newest' } }),
  );
  const search = await ctx.answer(ctx.client<BooksApi>().books.$get({ query: { q: title } }));
  const shelf = await ctx.answer(
    ctx.client<BooksApi>().owners[':id'].books.$get({ param: { id: ownerId }, query: { pageSize: '60' } }),
  );
  const detail = await ctx.answer(ctx.client<BooksApi>().books[':id'].$get({ param: { id: bookId } }));
  return {
    catalog: find(page.body.items),
    search: find(search.body.items),
    shelf: find(shelf.body.items),
    detail: {
      availability: detail.body.availability,
      backOn: detail.body.backOn,
      ownerBackOn: detail.body.owner.backOn,
    },
  };
}

describe('setting away dates (D48)', () => {
  it('saves the owner’s own dates and reads them back; only the owner’s own, through their session', async () => {
    setClock(START);
    const { owner } = await ownerWithBook();
    const api = ctx.client<AwayApi>(owner.cookie);
    expect(await (await api.profile.away.$get()).json()).toEqual({ away: null });
    const saved = await api.profile.away.$put({ json: { from: '2026-12-10', to: '2026-12-20' } });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({
      away: { from: '2026-12-10', to: '2026-12-20', backOn: '2026-12-21', now: false },
    });
    // Another member's session reads and writes only their own row.
    const other = await ctx.member();
    expect((await ctx.answer(ctx.client<AwayApi>(other.cookie).profile.away.$get())).body).toEqual({
      away: null,
    });
    expect((await ctx.answer(ctx.client<AwayApi>().profile.away.$get())).status).toBe(401);
    expect(
      (
        await ctx.answer(
          ctx.client<AwayApi>().profile.away.$put({ json: { from: '2026-12-10', to: '2026-12-11' } }),
        )
      ).status,
    ).toBe(401);
    const rows = await ctx.db.select().from(ownerAway).where(eq(ownerAway.ownerId, owner.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.startsAt.toISOString()).toBe(dayStart('2026-12-10').toISOString());
    expect(rows[0]?.backAt.toISOString()).toBe(dayStart('2026-12-21').toISOString());
  });

  it('refuses to before from, to in the past, more than the most days, and a malformed day; nothing saved', async () => {
    setClock(START);
    const { owner } = await ownerWithBook();
    const refused = [
      [{ from: '2026-12-12', to: '2026-12-10' }, 'to', englishField('awayToBeforeFrom')],
      [{ from: '2026-11-20', to: '2026-12-01' }, 'to', englishField('awayToPast')],
      [{ from: '2026-12-02', to: '2027-03-02' }, 'to', englishField('awayTooLong', { max: MAX_AWAY_DAYS })],
      [{ from: '10/12/2026', to: '2026-12-20' }, 'from', englishField('awayDateFormat')],
    ] as const;
    for (const [body, field, message] of refused) {
      const res = await setAway(owner, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error.fields?.[field]).toBe(message);
    }
    // 90 days counted from today, both ends: 2 December to 1 March is the most.
    expect((await setAway(owner, { from: '2026-11-25', to: '2027-03-01' })).status).toBe(200);
    expect((await ctx.answer(ctx.client<AwayApi>(owner.cookie).profile.away.$delete())).body).toEqual({
      away: null,
    });
    expect(await ctx.db.select().from(ownerAway).where(eq(ownerAway.ownerId, owner.user.id))).toHaveLength(0);
  });
});

describe('an away owner’s books (D48)', () => {
  it('show “Back on” everywhere, cannot be added or checked out, and are borrowable again once the dates pass (clock set)', async () => {
    setClock(START);
    const { owner, book } = await ownerWithBook('Cantik Itu Luka');
    const borrower = await ctx.member();
    // In the cart before the owner leaves.
    expect((await addToCart(book.id, borrower.cookie)).status).toBe(201);
    expect((await setAway(owner, { from: '2026-12-02', to: '2026-12-05' })).body.away).toMatchObject({
      now: true,
      backOn: '2026-12-06',
    });

    const away = { availability: 'away', backOn: '2026-12-06' };
    const shown = await shownAs(book.id, 'Cantik Itu Luka', owner.user.id);
    expect(shown.catalog).toMatchObject(away);
    expect(shown.search).toMatchObject(away);
    expect(shown.shelf).toMatchObject(away);
    expect(shown.detail).toEqual({ ...away, ownerBackOn: '2026-12-06' });

    const other = await ctx.member();
    const refused = await addToCart(book.id, other.cookie);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'OWNER_AWAY',
      params: { backOn: '2026-12-06' },
      message: englishCode('OWNER_AWAY', { backOn: '2026-12-06' }),
    });
    expect(await ctx.db.select().from(cartItems).where(eq(cartItems.userId, other.user.id))).toHaveLength(0);

    // The cart that held it says why, and checkout refuses it.
    const cart = await ctx.answer(ctx.client<CartApi>(borrower.cookie).cart.$get());
    expect(cart.body.groups[0].items[0].book).toMatchObject(away);
    const validation = await ctx.answer(ctx.client<CartApi>(borrower.cookie).cart.validate.$post());
    expect(validation.body.problemCodes).toContainEqual({
      code: 'ownerAwayUntil',
      params: { title: 'Cantik Itu Luka', backOn: '2026-12-06' },
    });
    const placed = await checkout(borrower.cookie);
    expect(placed.status).toBe(409);
    expect(JSON.stringify(placed.body)).toContain('ownerAwayUntil');

    // The admin's books list marks it.
    const adminBooks = await ctx.answer(
      ctx.client<AdminApi>(admin.cookie).admin.books.$get({ query: { q: 'Cantik Itu Luka' } }),
    );
    expect(adminBooks.body.items[0]).toMatchObject(away);

    // The last day away is 5 December; on the 6th (Makassar) the dates have passed by themselves.
    setClock(dayStart('2026-12-06'));
    expect((await ctx.answer(ctx.client<AwayApi>(owner.cookie).profile.away.$get())).body).toEqual({
      away: null,
    });
    await runWorker();
    const back = await shownAs(book.id, 'Cantik Itu Luka', owner.user.id);
    expect(back.catalog).toMatchObject({ availability: 'available', backOn: null });
    expect(back.shelf).toMatchObject({ availability: 'available', backOn: null });
    expect((await checkout(borrower.cookie)).status).toBe(201);
  });

  it('a running loan and its return go on while the owner is away', async () => {
    setClock(START);
    const { owner, book } = await ownerWithBook('Ronggeng Dukuh Paruk');
    const placed = await placeTestOrder(ctx, { books: [book] });
    await advanceTestOrder(ctx, { orderId: placed.order.id, admin, to: 'Delivered' });
    expect((await setAway(owner, { from: '2026-12-02', to: '2026-12-20' })).status).toBe(200);
    const detail = await ctx.answer(ctx.client<BooksApi>().books[':id'].$get({ param: { id: book.id } }));
    expect(detail.body).toMatchObject({ availability: 'borrowed', backOn: '2026-12-21' });
    const done = await advanceTestOrder(ctx, { orderId: placed.order.id, admin, to: 'Completed' });
    expect(done.status).toBe('Completed');
    // Back on the shelf, waiting for its owner.
    expect(
      (await ctx.answer(ctx.client<BooksApi>().books[':id'].$get({ param: { id: book.id } }))).body,
    ).toMatchObject({ availability: 'away' });
  });

  it('holds wait: nobody is offered the book while the owner is away; their return offers it to the first waiter', async () => {
    setClock(START);
    const { owner, book } = await ownerWithBook('Gadis Kretek');
    const placed = await placeTestOrder(ctx, { books: [book] });
    await advanceTestOrder(ctx, { orderId: placed.order.id, admin, to: 'Delivered' });
    const waiter = await ctx.member({ name: 'First Waiter' });
    expect(
      (
        await ctx.answer(
          ctx.client<WaitlistApi>(waiter.cookie).books[':id'].waitlist.$post({ param: { id: book.id } }),
        )
      ).status,
    ).toBe(201);
    expect((await setAway(owner, { from: '2026-12-02', to: '2026-12-08' })).status).toBe(200);

    // Returned while the owner is away: no hold, no email; the book waits for its owner.
    await advanceTestOrder(ctx, { orderId: placed.order.id, admin, to: 'Completed' });
    await runWorker();
    const [entry] = await ctx.db.select().from(waitlistEntries).where(eq(waitlistEntries.bookId, book.id));
    expect(entry?.holdUntil).toBeNull();
    const holdEmails = () =>
      ctx.db
        .select()
        .from(emailNotifications)
        .where(
          and(
            eq(emailNotifications.recipientEmail, waiter.user.email),
            eq(emailNotifications.emailType, 'waitlist_hold'),
          ),
        );
    expect(await holdEmails()).toHaveLength(0);
    expect(
      (await ctx.answer(ctx.client<BooksApi>().books[':id'].$get({ param: { id: book.id } }))).body,
    ).toMatchObject({
      availability: 'away',
      backOn: '2026-12-09',
    });

    // The owner's return (the end of 8 December, Makassar): the first waiter gets the hold.
    setClock(new Date(dayStart('2026-12-09').getTime() + 60_000));
    await runWorker();
    const [held] = await ctx.db.select().from(waitlistEntries).where(eq(waitlistEntries.bookId, book.id));
    expect(held?.holdUntil).not.toBeNull();
    expect(await holdEmails()).toHaveLength(1);
    expect(
      (await ctx.answer(ctx.client<BooksApi>().books[':id'].$get({ param: { id: book.id } }))).body
        .availability,
    ).toBe('reserved');
    expect((await addToCart(book.id, waiter.cookie)).status).toBe(201);
    expect(await ctx.db.select().from(ownerAway).where(eq(ownerAway.ownerId, owner.user.id))).toHaveLength(0);
  });

  it('coming back early (the dates removed) makes the books borrowable at once; future dates leave them borrowable until they begin', async () => {
    setClock(START);
    const { owner, book } = await ownerWithBook('Amba');
    const m = await ctx.member();
    await setAway(owner, { from: '2026-12-04', to: '2026-12-06' });
    expect(
      (await ctx.answer(ctx.client<BooksApi>().books[':id'].$get({ param: { id: book.id } }))).body,
    ).toMatchObject({
      availability: 'available',
      backOn: null,
    });
    setClock(dayStart('2026-12-04'));
    await runWorker();
    const listed = await ctx.answer(
      ctx.client<BooksApi>().books.$get({ query: { pageSize: '60', sort: 'newest' } }),
    );
    expect(listed.body.items.find((b: { id: string }) => b.id === book.id)).toMatchObject({
      availability: 'away',
    });
    expect((await addToCart(book.id, m.cookie)).body.error.code).toBe('OWNER_AWAY');
    await ctx.answer(ctx.client<AwayApi>(owner.cookie).profile.away.$delete());
    const after = await ctx.answer(
      ctx.client<BooksApi>().books.$get({ query: { pageSize: '60', sort: 'newest' } }),
    );
    expect(after.body.items.find((b: { id: string }) => b.id === book.id)).toMatchObject({
      availability: 'available',
    });
    expect((await addToCart(book.id, m.cookie)).status).toBe(201);
  });
});

describe('an ISBN nothing lists (D47, D48’s slice)', () => {
  it('can be wanted from the lookup that found nothing: told once when a book with it is listed', async () => {
    const m = await ctx.member();
    const lookup = await ctx.answer(
      ctx.client<BooksApi>(m.cookie).books.isbn[':isbn'].$get({ param: { isbn: '9780306406157' } }),
    );
    expect(lookup.body.error.code).toBe('ISBN_NOT_LISTED');
    const wanted = await ctx.answer(
      ctx.client<WantedApi>(m.cookie).wanted.$post({ json: { isbn: '9780306406157' } }),
    );
    expect(wanted.status).toBe(201);
    expect(wanted.body).toMatchObject({ isbn: '9780306406157', title: null });
  });
});
