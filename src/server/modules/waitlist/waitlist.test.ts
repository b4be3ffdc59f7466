import { and, eq, inArray, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BORROW_DURATION } from '@domain/constants';
import { addDays } from '@domain/loan';
import { estimateWindow, HOLD_HOURS, MAX_WAITLISTS, usualWeeks } from '@domain/waitlist';
import { books, emailNotifications, orders, timers, waitlistEntries } from '@server/db/schema';
import { advanceClock, now, operatorTimeZone, setClock } from '@server/lib/clock';
import { createBook } from '@server/seed/factories';
import { setUpTestContext, type Member, type TestContext } from '@tests/support/harness';
import {
  advanceTestOrder,
  placeTestOrder,
  addToCartByApi,
  checkoutByApi,
} from '@tests/support/order-factories';
import { englishCode } from '@tests/support/texts';
import type { WaitlistApi } from './routes';
import type { BooksApi } from '@server/modules/books/routes';
import type { LoansApi } from '@server/modules/loans/routes';
import type { OrdersApi } from '@server/modules/orders/routes';

// D25 and D39 through the API: joining, holds that keep a book for its first waiter (out of the
// shop, the shelf's count, search and everyone else's carts), lapses at the 48th hour with the
// clock set, Pass, emails once each and batched, and the loan side (D23's refusal, the count on
// the order, the estimate moving with an extension).

let ctx: TestContext;
let admin: Member;
const HOUR = 3_600_000;
// 10:00 in Makassar on Wednesday 2 December 2026.
const START = new Date('2026-12-02T02:00:00Z');

setUpTestContext((made, madeAdmin) => {
  ctx = made;
  admin = madeAdmin;
});

const view = (bookId: string, cookie?: string) =>
  ctx.answer(ctx.client<WaitlistApi>(cookie).books[':id'].waitlist.$get({ param: { id: bookId } }));
const join = (bookId: string, cookie: string) =>
  ctx.answer(ctx.client<WaitlistApi>(cookie).books[':id'].waitlist.$post({ param: { id: bookId } }));
const leave = (bookId: string, cookie: string) =>
  ctx.answer(ctx.client<WaitlistApi>(cookie).books[':id'].waitlist.$delete({ param: { id: bookId } }));
const pass = (bookId: string, cookie: string) =>
  ctx.answer(ctx.client<WaitlistApi>(cookie).books[':id'].waitlist.pass.$post({ param: { id: bookId } }));
const addToCart = (bookId: string, cookie: string) => addToCartByApi(ctx, bookId, cookie);
const checkout = (cookie: string) => checkoutByApi(ctx, cookie);

/** A book of a new owner, lent to a new member A through a real order at `status`. */
async function lentBook(status: 'Draft' | 'Processed' | 'Delivered' = 'Processed', title = 'Circe') {
  const owner = await ctx.member({ name: 'Made Owner' });
  const book = await createBook(ctx.db, { ownerId: owner.user.id, title, weeklyPrice: '10000' });
  const placed = await placeTestOrder(ctx, { books: [book] });
  if (status !== 'Draft') await advanceTestOrder(ctx, { orderId: placed.order.id, admin, to: status });
  return { owner, book, borrower: placed.borrower, orderId: placed.order.id };
}

const complete = (orderId: string) => advanceTestOrder(ctx, { orderId, admin, to: 'Completed' });

/** Worker passes as the 60-second timer and the kicks run them (a kicked pass may be under way). */
async function runWorker(times = 3) {
  for (let i = 0; i < times; i++) await ctx.deps.outbox.runOnce();
}

async function holdEmails(to: string) {
  return ctx.db
    .select()
    .from(emailNotifications)
    .where(and(eq(emailNotifications.recipientEmail, to), eq(emailNotifications.emailType, 'waitlist_hold')));
}

async function entriesOf(bookId: string) {
  return ctx.db.select().from(waitlistEntries).where(eq(waitlistEntries.bookId, bookId));
}

async function inCatalog(book: { id: string; title: string }, ownerId: string) {
  const page = await ctx.answer(
    ctx.client<BooksApi>().books.$get({ query: { pageSize: '60', sort: 'newest' } }),
  );
  const search = await ctx.answer(ctx.client<BooksApi>().books.$get({ query: { q: book.title } }));
  const shelf = await ctx.answer(ctx.client<BooksApi>().owners[':id'].$get({ param: { id: ownerId } }));
  return {
    shop: page.body.items.some((b: { id: string }) => b.id === book.id),
    search: search.body.items.some((b: { id: string }) => b.id === book.id),
    shelfAvailable: shelf.body.availableBooks as number,
  };
}

describe('joining (D25)', () => {
  it('refuses the own book, an available book, a book in the own open order, a second join and the 11th list; nothing changes', async () => {
    const { owner, book, borrower } = await lentBook('Draft');
    const free = await createBook(ctx.db, { ownerId: owner.user.id, title: 'On the shelf' });
    const b = await ctx.member();

    const own = await join(book.id, owner.cookie);
    expect(own.status).toBe(422);
    expect(own.body.error).toMatchObject({
      code: 'WAITLIST_OWN_BOOK',
      message: englishCode('WAITLIST_OWN_BOOK'),
    });
    const available = await join(free.id, b.cookie);
    expect(available.status).toBe(409);
    expect(available.body.error.code).toBe('WAITLIST_BOOK_AVAILABLE');
    const mine = await join(book.id, borrower.cookie);
    expect(mine.status).toBe(409);
    expect(mine.body.error.code).toBe('WAITLIST_IN_YOUR_ORDER');
    expect(await entriesOf(book.id)).toHaveLength(0);

    const first = await join(book.id, b.cookie);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ state: 'waiting', place: 1, waiting: 1 });
    const again = await join(book.id, b.cookie);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('WAITLIST_ALREADY_JOINED');
    expect(await entriesOf(book.id)).toHaveLength(1);

    // Nine more lent books make ten lists; the eleventh is refused with the limit's message.
    const lent = [];
    for (let i = 0; i < MAX_WAITLISTS; i++) lent.push((await lentBook('Draft', `Lent ${i}`)).book);
    for (const other of lent.slice(0, MAX_WAITLISTS - 1))
      expect((await join(other.id, b.cookie)).status).toBe(201);
    const eleventh = await join(lent[MAX_WAITLISTS - 1].id, b.cookie);
    expect(eleventh.status).toBe(422);
    expect(eleventh.body.error).toMatchObject({
      code: 'WAITLIST_LIMIT',
      message: englishCode('WAITLIST_LIMIT', { max: MAX_WAITLISTS }),
    });
    expect((await view(lent[MAX_WAITLISTS - 1].id, b.cookie)).body.state).toBe('limit');
    expect(await entriesOf(lent[MAX_WAITLISTS - 1].id)).toHaveLength(0);

    // One click leaves; leaving twice says so.
    expect((await leave(book.id, b.cookie)).body).toMatchObject({ state: 'can_join', waiting: 0 });
    expect((await leave(book.id, b.cookie)).body.error.code).toBe('WAITLIST_NOT_JOINED');
  });

  it('shows guests the count and the estimate, and members their place', async () => {
    const { book } = await lentBook('Processed');
    const b = await ctx.member();
    const c = await ctx.member();
    await join(book.id, b.cookie);
    await join(book.id, c.cookie);
    expect((await view(book.id)).body).toMatchObject({ state: 'guest', waiting: 2, place: null });
    const asC = await view(book.id, c.cookie);
    expect(asC.body).toMatchObject({ state: 'waiting', waiting: 2, place: 2 });
    expect(asC.body.estimate.from <= asC.body.estimate.to).toBe(true);
    const asB = await view(book.id, b.cookie);
    // C waits behind B: C's window starts B's usual week (one, the default) after B's.
    const days = (a: string, z: string) => (Date.parse(z) - Date.parse(a)) / 86_400_000;
    expect(days(asB.body.estimate.from, asC.body.estimate.from)).toBe(7);
  });
});

describe('holds (D25)', () => {
  it('the first waiter gets the hold and one email; the book is out of the shop, search, the shelf count and every other cart', async () => {
    setClock(START);
    const { owner, book, orderId } = await lentBook('Processed', 'Held Back Title');
    const b = await ctx.member({ name: 'Bayu' });
    const c = await ctx.member({ name: 'Citra' });
    await join(book.id, b.cookie);
    await join(book.id, c.cookie);
    await complete(orderId);

    const asB = await view(book.id, b.cookie);
    expect(asB.body).toMatchObject({
      state: 'held',
      place: 1,
      holdUntil: new Date(START.getTime() + 48 * HOUR).toISOString(),
    });
    expect((await view(book.id, c.cookie)).body).toMatchObject({
      state: 'waiting',
      place: 2,
      heldForSomeoneElse: true,
    });
    expect(await holdEmails(b.user.email)).toHaveLength(1);
    expect(await holdEmails(c.user.email)).toHaveLength(0);

    expect(await inCatalog(book, owner.user.id)).toEqual({ shop: false, search: false, shelfAvailable: 0 });
    expect(
      (await ctx.answer(ctx.client<BooksApi>().books[':id'].$get({ param: { id: book.id } }))).body
        .availability,
    ).toBe('reserved');

    // Only the holder may add it; the holder's checkout ends the hold and their place.
    const byC = await addToCart(book.id, c.cookie);
    expect(byC.status).toBe(409);
    expect(byC.body.error.code).toBe('BOOK_NOT_AVAILABLE');
    expect((await addToCart(book.id, b.cookie)).status).toBe(201);
    const placed = await checkout(b.cookie);
    expect(placed.status).toBe(201);
    const [row] = await ctx.db.select().from(books).where(eq(books.id, book.id));
    expect(row).toMatchObject({ heldForId: null, reservedByOrderId: placed.body.orders[0].id });
    expect((await entriesOf(book.id)).map((e) => e.userId)).toEqual([c.user.id]);
    expect((await view(book.id, c.cookie)).body).toMatchObject({ state: 'waiting', place: 1, waiting: 1 });
    expect(await holdEmails(b.user.email)).toHaveLength(1);
  });

  it('a hold lapses at the 48th hour (clock set) to the second waiter; Pass gives it on; nobody left: back in the shop', async () => {
    setClock(START);
    const { owner, book, orderId } = await lentBook('Processed', 'Lapsing Title');
    const b = await ctx.member();
    const c = await ctx.member();
    const d = await ctx.member();
    for (const m of [b, c, d]) await join(book.id, m.cookie);
    await complete(orderId);
    expect((await view(book.id, b.cookie)).body.state).toBe('held');
    // Cached as held: the last Pass below changes only the hold, and the cache must follow it.
    expect(await inCatalog(book, owner.user.id)).toEqual({ shop: false, search: false, shelfAvailable: 0 });

    advanceClock(48 * HOUR - 60_000);
    await runWorker();
    expect((await view(book.id, b.cookie)).body.state).toBe('held');
    advanceClock(60_000);
    await runWorker();
    expect((await view(book.id, b.cookie)).body.state).toBe('can_join');
    expect((await view(book.id, c.cookie)).body).toMatchObject({ state: 'held', place: 1, waiting: 2 });
    expect(await holdEmails(c.user.email)).toHaveLength(1);

    // Pass: the only holder may; it moves to D.
    expect((await pass(book.id, d.cookie)).body.error.code).toBe('WAITLIST_NO_HOLD');
    expect((await pass(book.id, c.cookie)).body.state).toBe('can_join');
    expect((await view(book.id, d.cookie)).body.state).toBe('held');
    expect(await holdEmails(d.user.email)).toHaveLength(1);
    // D's lapse timer is armed for D's hold; C's old timer fired once and stays fired.
    const pending = await ctx.db
      .select()
      .from(timers)
      .where(and(eq(timers.kind, 'waitlist_hold'), isNull(timers.firedAt), isNull(timers.cancelledAt)));
    expect(pending.filter((t) => t.dueAt.getTime() === START.getTime() + 48 * HOUR + 48 * HOUR)).toHaveLength(
      1,
    );

    expect((await pass(book.id, d.cookie)).status).toBe(200);
    expect(await entriesOf(book.id)).toHaveLength(0);
    expect(await inCatalog(book, owner.user.id)).toMatchObject({
      shop: true,
      search: true,
      shelfAvailable: 1,
    });
    // A repeated worker pass changes nothing: no email twice.
    advanceClock(96 * HOUR);
    await runWorker();
    for (const m of [b, c, d]) expect(await holdEmails(m.user.email)).toHaveLength(1);
  });

  it('a lapsed hold is told to its member, where the book went, and stays a line on My waitlist for 14 days', async () => {
    setClock(START);
    const { book, orderId } = await lentBook('Processed', 'Lapse Told Title');
    const b = await ctx.member({ name: 'Bayu Late' });
    const c = await ctx.member({ name: 'Citra Later' });
    for (const m of [b, c]) await join(book.id, m.cookie);
    await complete(orderId);
    const lapsedEmails = async (to: string) =>
      ctx.db
        .select()
        .from(emailNotifications)
        .where(
          and(
            eq(emailNotifications.recipientEmail, to),
            eq(emailNotifications.emailType, 'waitlist_hold_lapsed'),
          ),
        );
    const mine = async (cookie: string) =>
      (await ctx.answer(ctx.client<WaitlistApi>(cookie).waitlist.$get())).body;

    // B's hold lapses: it goes to C; B is told so and keeps a line.
    advanceClock(48 * HOUR);
    await runWorker();
    const [toB] = await lapsedEmails(b.user.email);
    expect(toB.subject).toBe('Your hold on "Lapse Told Title" has ended');
    expect(toB.textBody).toContain('Hi Bayu Late');
    expect(toB.textBody).toContain('The book has gone to the next member waiting.');
    expect(toB.textBody).not.toContain('Nobody else was waiting');
    expect((await mine(b.cookie)).items).toEqual([]);
    expect((await mine(b.cookie)).lapsed).toEqual([
      expect.objectContaining({
        bookId: book.id,
        title: 'Lapse Told Title',
        lapsedAt: new Date(START.getTime() + 48 * HOUR).toISOString(),
      }),
    ]);
    // Only its own member sees it.
    expect((await mine(c.cookie)).lapsed).toEqual([]);

    // C's hold lapses too with nobody left: back in the shop, and C's email says so.
    advanceClock(48 * HOUR);
    await runWorker();
    const [toC] = await lapsedEmails(c.user.email);
    expect(toC.textBody).toContain('Nobody else was waiting, so the book is back in the shop');
    expect(await entriesOf(book.id)).toHaveLength(0);
    // A repeated worker pass tells nobody twice.
    await runWorker();
    expect(await lapsedEmails(b.user.email)).toHaveLength(1);
    expect(await lapsedEmails(c.user.email)).toHaveLength(1);

    // Joining again (the book is lent again) hides the line; 14 days later it is gone anyway.
    const again = await placeTestOrder(ctx, { books: [book] });
    await advanceTestOrder(ctx, { orderId: again.order.id, admin, to: 'Processed' });
    expect((await join(book.id, b.cookie)).status).toBe(201);
    expect((await mine(b.cookie)).lapsed).toEqual([]);
    expect((await mine(c.cookie)).lapsed).toHaveLength(1);
    advanceClock(14 * 24 * HOUR - 60_000);
    expect((await mine(c.cookie)).lapsed).toHaveLength(1);
    advanceClock(60_000);
    expect((await mine(c.cookie)).lapsed).toEqual([]);
  });

  it('an Indonesian member reads the lapse in Indonesian', async () => {
    setClock(START);
    const { book, orderId } = await lentBook('Processed', 'Laut Bercerita Lapse');
    const b = await ctx.member({ name: 'Putu Telat', language: 'id' });
    await join(book.id, b.cookie);
    await complete(orderId);
    advanceClock(48 * HOUR);
    await runWorker();
    const [mail] = await ctx.db
      .select()
      .from(emailNotifications)
      .where(
        and(
          eq(emailNotifications.recipientEmail, b.user.email),
          eq(emailNotifications.emailType, 'waitlist_hold_lapsed'),
        ),
      );
    expect(mail.subject).toBe('Waktu simpan “Laut Bercerita Lapse” untukmu sudah habis');
    expect(mail.textBody).toContain('Jumat, 4 Desember 2026 pukul 10.00 WITA');
    expect(mail.textBody).toContain('kembali ke katalog');
  });

  it('several holds ready for one member at once go in one email', async () => {
    const owner = await ctx.member();
    const two = [
      await createBook(ctx.db, { ownerId: owner.user.id, title: 'First of Two' }),
      await createBook(ctx.db, { ownerId: owner.user.id, title: 'Second of Two' }),
    ];
    const placed = await placeTestOrder(ctx, { books: two });
    const b = await ctx.member();
    for (const book of two) expect((await join(book.id, b.cookie)).status).toBe(201);
    await complete(placed.order.id);
    const mails = await holdEmails(b.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('2 books are held for you');
    expect(mails[0].textBody).toContain('First of Two');
    expect(mails[0].textBody).toContain('Second of Two');
  });

  it('a deleted book ends its waitlist with an email to each waiter', async () => {
    const { owner, book, orderId } = await lentBook('Processed', 'Soon Gone');
    const b = await ctx.member();
    const c = await ctx.member();
    await join(book.id, b.cookie);
    await join(book.id, c.cookie);
    await complete(orderId);
    const deleted = await ctx.answer(
      ctx.client<BooksApi>(owner.cookie).books[':id'].$delete({ param: { id: book.id } }),
    );
    expect(deleted.status).toBe(204);
    expect(await entriesOf(book.id)).toHaveLength(0);
    const ended = await ctx.db
      .select()
      .from(emailNotifications)
      .where(
        and(
          eq(emailNotifications.emailType, 'waitlist_ended'),
          inArray(emailNotifications.recipientEmail, [b.user.email, c.user.email]),
        ),
      );
    expect(ended.map((m) => m.recipientEmail).sort()).toEqual([b.user.email, c.user.email].sort());
    expect(ended[0].subject).toBe('"Soon Gone" is no longer available');
  });

  it('an admin sees the queue and clears an entry; a cleared hold passes on', async () => {
    const { book, orderId } = await lentBook('Processed', 'Cleared');
    const b = await ctx.member();
    const c = await ctx.member();
    await join(book.id, b.cookie);
    await join(book.id, c.cookie);
    await complete(orderId);
    const queue = await ctx.answer(
      ctx.client<WaitlistApi>(admin.cookie).admin.books[':id'].waitlist.$get({ param: { id: book.id } }),
    );
    expect(queue.body.items.map((e: { memberEmail: string }) => e.memberEmail)).toEqual([
      b.user.email,
      c.user.email,
    ]);
    const counts = await ctx.answer(
      ctx.client<WaitlistApi>().waitlist.counts.$get({ query: { bookIds: book.id } }),
    );
    expect(counts.body.counts).toEqual({ [book.id]: 2 });
    const cleared = await ctx.answer(
      ctx
        .client<WaitlistApi>(admin.cookie)
        .admin.waitlist[':id'].$delete({ param: { id: queue.body.items[0].id } }),
    );
    expect(cleared.status).toBe(204);
    expect((await view(book.id, c.cookie)).body.state).toBe('held');
    const mine = await ctx.answer(ctx.client<WaitlistApi>(c.cookie).waitlist.$get());
    expect(mine.body.items).toMatchObject([{ bookId: book.id, state: 'held', place: 1 }]);
  });
});

describe('the current borrower knows (D23, D25)', () => {
  it('the estimate moves with an extension; once someone waits, the order says so and an extension is refused', async () => {
    setClock(START);
    const { book, borrower, orderId } = await lentBook('Delivered', 'Extended Title');
    const b = await ctx.member();
    const before = (await view(book.id, b.cookie)).body;
    expect(before).toMatchObject({ state: 'can_join', estimate: { from: '2026-12-09' } });
    const extended = await ctx.answer(
      ctx
        .client<LoansApi>(borrower.cookie)
        .orders[':id'].extensions.$post({ param: { id: orderId }, json: { weeks: 1 } }),
    );
    expect(extended.status).toBe(201);
    expect((await view(book.id, b.cookie)).body.estimate.from).toBe('2026-12-16');

    await join(book.id, b.cookie);
    const order = await ctx.answer(
      ctx.client<OrdersApi>(borrower.cookie).orders[':id'].$get({ param: { id: orderId } }),
    );
    expect(order.body.waitingByBook).toEqual({ [book.id]: 1 });
    expect(order.body.extensionOffer.refusal.code).toBe('EXTENSION_WAITLIST');
    const refused = await ctx.answer(
      ctx
        .client<LoansApi>(borrower.cookie)
        .orders[':id'].extensions.$post({ param: { id: orderId }, json: { weeks: 1 } }),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: 'EXTENSION_WAITLIST',
      message: 'Someone is waiting for one of these books, so this loan cannot be extended.',
    });
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row.dueAt?.toISOString()).toBe('2026-12-16T15:59:59.999Z');

    // The due-date reminder (2 days before) mentions the waiter.
    setClock(new Date('2026-12-14T02:00:00Z'));
    await runWorker();
    const [reminder] = await ctx.db
      .select()
      .from(emailNotifications)
      .where(
        and(
          eq(emailNotifications.orderId, orderId),
          eq(emailNotifications.emailType, 'loan_reminder_due_soon'),
        ),
      );
    expect(reminder.textBody).toContain('1 person is waiting for this book, so please return it on time.');
  });
});

// D39's estimate sums the queue up in the database from the durations kept per member
// (migration 0046). Before, it read each waiter's orders and walked the waiters one by one: the
// two must agree, whatever the histories and however they change.
describe('the estimate on several shapes of queue (D39)', () => {
  type Order = { weeks: number; cancelled?: boolean };
  /** The estimate as it was: each waiter's usual weeks from their orders, walked in line order. */
  async function walked(bookId: string, orderId: string, viewerSeq: number | null) {
    const [loan] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    const queue = await ctx.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.bookId, bookId))
      .orderBy(waitlistEntries.seq);
    const ahead = [];
    for (const entry of queue.filter((e) => viewerSeq === null || e.seq < viewerSeq)) {
      const theirs = await ctx.db.select().from(orders).where(eq(orders.userId, entry.userId));
      const durations = theirs.filter((o) => o.status !== 'Cancelled').map((o) => o.borrowDuration);
      ahead.push(usualWeeks(durations, DEFAULT_BORROW_DURATION));
    }
    let { from, to } = estimateWindow({
      now: now(),
      timeZone: operatorTimeZone(),
      loan: { dueAt: loan.dueAt, weeks: loan.borrowDuration, extensionsLeft: 0 },
      ahead: { members: 0, weeks: 0 },
    });
    for (const weeks of ahead) {
      from = addDays(from, weeks * 7);
      to = addDays(to, Math.ceil(HOLD_HOURS / 24) + 6 + weeks * 7);
    }
    return { from, to };
  }

  it('agrees with the walk over every waiter, for guests and each place, as histories change', async () => {
    setClock(START);
    const { book, orderId } = await lentBook('Processed');
    const histories: Order[][] = [
      [],
      [{ weeks: 1 }],
      [{ weeks: 2 }, { weeks: 2 }, { weeks: 1 }],
      [{ weeks: 4 }, { weeks: 1 }],
      [{ weeks: 1 }, { weeks: 1 }, { weeks: 2 }, { weeks: 2 }],
      [
        { weeks: 4 },
        { weeks: 4, cancelled: true },
        { weeks: 4, cancelled: true },
        { weeks: 2 },
        { weeks: 2 },
      ],
      Array.from({ length: 30 }, (_, i) => ({ weeks: [1, 2, 4][i % 3], cancelled: i % 4 === 0 })),
    ];
    const waiters: Member[] = [];
    for (const history of histories) {
      const waiter = await ctx.member();
      waiters.push(waiter);
      if (history.length > 0) {
        // Written in one statement, as a checkout writes its orders.
        await ctx.db.insert(orders).values(
          history.map((o) => ({
            userId: waiter.user.id,
            userName: waiter.user.name,
            userEmail: waiter.user.email,
            ownerName: 'Someone',
            status: o.cancelled ? ('Cancelled' as const) : ('Completed' as const),
            borrowDuration: o.weeks,
            subtotal: '10000.00',
          })),
        );
      }
      expect((await join(book.id, waiter.cookie)).status).toBe(201);
    }
    const seqs = new Map((await entriesOf(book.id)).map((e) => [e.userId, e.seq]));
    const compare = async () => {
      expect((await view(book.id)).body.estimate).toEqual(await walked(book.id, orderId, null));
      for (const waiter of waiters) {
        const seen = await view(book.id, waiter.cookie);
        expect(seen.body.estimate).toEqual(await walked(book.id, orderId, seqs.get(waiter.user.id) ?? null));
      }
    };
    await compare();

    // Histories change: an order cancelled, one's duration changed, one deleted, a member's
    // whole history made in one update; each moves the usual weeks as a new read of orders would.
    const [first] = await ctx.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, waiters[2].user.id), eq(orders.borrowDuration, 2)))
      .limit(1);
    await ctx.db.update(orders).set({ status: 'Cancelled' }).where(eq(orders.id, first.id));
    await ctx.db.update(orders).set({ borrowDuration: 4 }).where(eq(orders.userId, waiters[3].user.id));
    const [gone] = await ctx.db.select().from(orders).where(eq(orders.userId, waiters[4].user.id)).limit(1);
    await ctx.db.delete(orders).where(eq(orders.id, gone.id));
    await ctx.db
      .update(orders)
      .set({ status: 'Completed' })
      .where(and(eq(orders.userId, waiters[5].user.id), eq(orders.status, 'Cancelled')));
    await compare();
  });
});
