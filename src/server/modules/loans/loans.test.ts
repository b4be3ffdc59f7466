import { and, eq, inArray, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '@domain/constants';
import type { OrderAction } from '@domain/order-actions';
import { books, emailNotifications, orderEvents, orders, timers, user } from '@server/db/schema';
import { createBook } from '@server/seed/factories';
import { advanceClock, setClock } from '@server/lib/clock';
import { setUpTestContext, type Member, type TestContext, uncheckedInput } from '@tests/support/harness';
import { advanceTestOrder, placeTestOrder } from '@tests/support/order-factories';
import { fireDueTimers } from '@server/timers/fire';
import type { OrdersApi } from '@server/modules/orders/routes';
import type { LoansApi } from './routes';
import type { AdminApi } from '@server/modules/admin/routes';

// D21-D24 with the clock set: due dates, reminders fired exactly once, extensions, the
// payment window. No test sleeps: the clock moves and the worker runs.

let ctx: TestContext;
let admin: Member;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// 10:00 in Makassar on Wednesday 2 December 2026.
const START = new Date('2026-12-02T02:00:00Z');

setUpTestContext((made, madeAdmin) => {
  ctx = made;
  admin = madeAdmin;
});

async function orderAt(status: OrderStatus, deliveryMethod: 'delivery' | 'pickup' = 'delivery') {
  const owner = await ctx.member({ name: 'Made Owner' });
  const book = await createBook(ctx.db, { ownerId: owner.user.id, title: 'Matilda', weeklyPrice: '10000' });
  const placed = await placeTestOrder(ctx, { books: [book], deliveryMethod });
  if (status !== 'Draft') await advanceTestOrder(ctx, { orderId: placed.order.id, admin, to: status });
  return { ...placed, owner, book, id: placed.order.id };
}

const act = (cookie: string, orderId: string, action: OrderAction) =>
  ctx.answer(
    ctx.client<OrdersApi>(cookie).orders[':id'].actions.$post({ param: { id: orderId }, json: action }),
  );
const view = (cookie: string, orderId: string) =>
  ctx.answer(ctx.client<OrdersApi>(cookie).orders[':id'].$get({ param: { id: orderId } }));
const extend = (cookie: string, orderId: string, weeks: 1 | 2) =>
  ctx.answer(
    ctx.client<LoansApi>(cookie).orders[':id'].extensions.$post({ param: { id: orderId }, json: { weeks } }),
  );

/** The queued emails of an order by type, e.g. { loan_reminder_due_soon: ['a@x (borrower)'] }. */
async function emailsOf(orderId: string, typePrefix = 'loan_') {
  const rows = await ctx.db.select().from(emailNotifications).where(eq(emailNotifications.orderId, orderId));
  const out: Record<string, string[]> = {};
  for (const r of rows.filter((row) => row.emailType.startsWith(typePrefix))) {
    out[r.emailType] = [...(out[r.emailType] ?? []), r.recipientType];
  }
  for (const list of Object.values(out)) list.sort();
  return out;
}

async function pendingTimers(orderId: string) {
  return ctx.db
    .select()
    .from(timers)
    .where(and(eq(timers.subjectId, orderId), isNull(timers.firedAt), isNull(timers.cancelledAt)));
}

/** Three passes of the worker, as the 60-second timer and the kicks would run them. */
async function runWorker(times = 3) {
  for (let i = 0; i < times; i++) await ctx.deps.outbox.runOnce();
}

describe('due dates (D21)', () => {
  it('a Delivered order gets delivered_at and due_at; every view shows the day count', async () => {
    setClock(START);
    const { id, borrower, owner } = await orderAt('Delivered');
    const asBorrower = await view(borrower.cookie, id);
    expect(asBorrower.body).toMatchObject({
      status: 'Delivered',
      deliveredAt: START.toISOString(),
      // 1 week after 2 Dec, at the end of the day in Makassar (UTC+8).
      dueAt: '2026-12-09T15:59:59.999Z',
      loan: { dueDate: '2026-12-09', daysLeft: 7, state: 'due' },
    });
    advanceClock(5 * DAY);
    const mine = await ctx.answer(
      ctx.client<OrdersApi>(borrower.cookie).orders.$get({ query: { as: 'borrower' } }),
    );
    expect(mine.body.items[0].loan).toMatchObject({ daysLeft: 2, state: 'due_soon' });
    const owned = await ctx.answer(
      ctx.client<OrdersApi>(owner.cookie).orders.$get({ query: { as: 'owner' } }),
    );
    expect(owned.body.items[0].loan).toMatchObject({ daysLeft: 2, state: 'due_soon' });
    advanceClock(3 * DAY);
    const adminList = await ctx.answer(
      ctx.client<AdminApi>(admin.cookie).admin.orders.$get({ query: { q: id.slice(-8) } }),
    );
    expect(adminList.body.items[0].loan).toMatchObject({ daysLeft: -1, state: 'overdue' });
  });

  it("Confirm Received is the borrower's at Delivery in Progress: it starts the loan; repeated, it answers 409 and records nothing", async () => {
    setClock(START);
    const { id, borrower } = await orderAt('Delivery in Progress');
    expect((await view(borrower.cookie, id)).body.allowedActions).toEqual(['confirm_received']);
    const received = await act(borrower.cookie, id, { type: 'confirm_received' });
    expect(received.status).toBe(200);
    expect(received.body).toMatchObject({ status: 'Delivered', dueAt: '2026-12-09T15:59:59.999Z' });
    expect(received.body.loan).toMatchObject({ daysLeft: 7, state: 'due' });
    const eventsBefore = await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
    const emailsBefore = await ctx.db
      .select()
      .from(emailNotifications)
      .where(eq(emailNotifications.orderId, id));

    // An action that changes nothing answers 409 and records nothing.
    const again = await act(borrower.cookie, id, { type: 'confirm_received' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('ORDER_ACTION_NOT_NOW');
    const eventsAfter = await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
    const emailsAfter = await ctx.db
      .select()
      .from(emailNotifications)
      .where(eq(emailNotifications.orderId, id));
    expect(eventsAfter).toHaveLength(eventsBefore.length);
    expect(emailsAfter).toHaveLength(emailsBefore.length);
  });

  it('"Add to calendar" gives an all-day event on the due date to the people on the order', async () => {
    setClock(START);
    const { id, borrower } = await orderAt('Delivered');
    const res = await ctx.answer(
      ctx.client<LoansApi>(borrower.cookie).orders[':id']['due-date.ics'].$get({ param: { id: id } }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/calendar');
    expect(res.body).toContain('DTSTART;VALUE=DATE:20261209');
    // An alarm the day before (09:00, 15 hours before the all-day event).
    expect(res.body).toContain('BEGIN:VALARM');
    expect(res.body).toContain('TRIGGER:-PT15H');
    // Long lines are folded (RFC 5545): unfold before looking for the link.
    expect(res.body.replace(/\r?\n /g, '')).toContain(`URL;VALUE=URI:http://localhost:3000/orders/${id}`);
    const stranger = await ctx.member();
    expect(
      (
        await ctx.answer(
          ctx.client<LoansApi>(stranger.cookie).orders[':id']['due-date.ics'].$get({ param: { id: id } }),
        )
      ).status,
    ).toBe(403);
    const notYet = await orderAt('Processed');
    const none = await ctx.answer(
      ctx
        .client<LoansApi>(notYet.borrower.cookie)
        .orders[':id']['due-date.ics'].$get({ param: { id: notYet.id } }),
    );
    expect(none.status).toBe(404);
  });
});

describe('reminders (D22)', () => {
  it('fire at each point exactly once, however often the worker runs', async () => {
    setClock(START);
    const { id, borrower } = await orderAt('Delivered');
    expect((await pendingTimers(id)).map((t) => t.kind).sort()).toEqual([
      'reminder_due_soon',
      'reminder_due_today',
      'reminder_overdue_1',
    ]);
    await runWorker();
    expect(await emailsOf(id)).toEqual({});

    // 7 Dec 09:00 Makassar: two days before the due date.
    setClock(new Date('2026-12-07T01:00:00Z'));
    await runWorker();
    expect(await emailsOf(id)).toEqual({ loan_reminder_due_soon: ['borrower'] });
    const dueSoon = ctx.mailbox.messages.filter(
      (m) => m.to.includes(borrower.user.email) && /due in 2 days/.test(m.subject),
    );
    expect(dueSoon).toHaveLength(1);

    setClock(new Date('2026-12-09T01:00:00Z'));
    await runWorker();
    expect(await emailsOf(id)).toMatchObject({ loan_reminder_due_today: ['borrower'] });

    // One day overdue: the borrower, the owner and every admin.
    setClock(new Date('2026-12-10T01:00:00Z'));
    await runWorker();
    const overdue = (await emailsOf(id)).loan_reminder_overdue_1;
    expect(overdue.filter((r) => r === 'borrower')).toHaveLength(1);
    expect(overdue.filter((r) => r === 'owner')).toHaveLength(1);
    expect(overdue).toContain('admin');
    // ... then every 7 days, to the borrower only.
    setClock(new Date('2026-12-17T01:00:00Z'));
    await runWorker();
    setClock(new Date('2026-12-24T01:00:00Z'));
    await runWorker();
    expect(await emailsOf(id)).toMatchObject({
      loan_reminder_due_soon: ['borrower'],
      loan_reminder_due_today: ['borrower'],
      loan_reminder_overdue_8: ['borrower'],
      loan_reminder_overdue_15: ['borrower'],
    });
    const fired = await ctx.db.select().from(timers).where(eq(timers.subjectId, id));
    expect(fired.filter((t) => t.firedAt).every((t) => t.attempts === 1)).toBe(true);
  });

  it('two workers at once fire each reminder once', async () => {
    setClock(START);
    const many = await Promise.all([orderAt('Delivered'), orderAt('Delivered'), orderAt('Delivered')]);
    setClock(new Date('2026-12-10T02:00:00Z'));
    const deps = { db: ctx.db, config: ctx.config, log: ctx.deps.log };
    const [a, b] = await Promise.all([fireDueTimers(deps), fireDueTimers(deps)]);
    // A kick of the outbox after the last status change may be a third worker here.
    await ctx.deps.outbox.runOnce();
    expect(a.failed + b.failed).toBe(0);
    for (const { id } of many) {
      // due soon, due today and 1 day overdue: each fired once, at the first attempt; the two
      // superseded ones are recorded as skipped (D37).
      const fired = await ctx.db.select().from(timers).where(eq(timers.subjectId, id));
      expect(
        fired
          .filter((t) => t.firedAt)
          .map((t) => [t.kind, t.attempts, t.skippedAt !== null])
          .sort(),
      ).toEqual([
        ['reminder_due_soon', 1, true],
        ['reminder_due_today', 1, true],
        ['reminder_overdue_1', 1, false],
      ]);
      const emails = await emailsOf(id);
      expect(Object.keys(emails)).toEqual(['loan_reminder_overdue_1']);
      expect(emails.loan_reminder_overdue_1.filter((r) => r !== 'admin')).toEqual(['borrower', 'owner']);
    }
  });

  it('a started return cancels the pending reminders', async () => {
    setClock(START);
    const { id, borrower } = await orderAt('Delivered');
    expect(await pendingTimers(id)).toHaveLength(3);
    expect((await act(borrower.cookie, id, { type: 'return_books' })).status).toBe(200);
    expect(await pendingTimers(id)).toHaveLength(0);
    setClock(new Date('2026-12-30T01:00:00Z'));
    await runWorker();
    expect(await emailsOf(id)).toEqual({});
  });
});

describe('catch-up (D37)', () => {
  async function recipientsOf(orderId: string) {
    const rows = await ctx.db
      .select()
      .from(emailNotifications)
      .where(eq(emailNotifications.orderId, orderId));
    return rows.filter((r) => r.emailType.startsWith('loan_reminder_'));
  }

  it('a loan with three past reminders sends one email per recipient; the others are recorded as skipped', async () => {
    setClock(START);
    const { id, borrower, owner } = await orderAt('Delivered');
    // The worker was down from the start of the loan until 3 days after the due date (9 Dec).
    setClock(new Date('2026-12-12T03:00:00Z'));
    await runWorker();
    const sent = await recipientsOf(id);
    const admins = await ctx.db.select().from(user).where(eq(user.role, 'admin'));
    expect(sent.filter((r) => r.recipientEmail === borrower.user.email)).toHaveLength(1);
    expect(sent.filter((r) => r.recipientEmail === owner.user.email)).toHaveLength(1);
    for (const a of admins) expect(sent.filter((r) => r.recipientEmail === a.email)).toHaveLength(1);
    expect(sent).toHaveLength(2 + admins.length);
    // The one the borrower gets is the latest: 3 days overdue, not "due in 2 days".
    const toBorrower = sent.find((r) => r.recipientEmail === borrower.user.email);
    expect(toBorrower?.subject).toMatch(/is 3 days overdue$/);
    const rows = await ctx.db.select().from(timers).where(eq(timers.subjectId, id));
    const byKind = Object.fromEntries(rows.map((t) => [t.kind, t]));
    expect(byKind.reminder_due_soon.skippedAt).not.toBeNull();
    expect(byKind.reminder_due_today.skippedAt).not.toBeNull();
    expect(byKind.reminder_overdue_1.skippedAt).toBeNull();
    expect(byKind.reminder_overdue_1.firedAt).not.toBeNull();
    // The next overdue reminder is armed as usual; the owner now reads that the borrower was reminded.
    expect((await pendingTimers(id)).map((t) => t.kind)).toEqual(['reminder_overdue_8']);
    const asOwner = await view(owner.cookie, id);
    expect(asOwner.body.loan).toMatchObject({ state: 'overdue', daysLeft: -3, borrowerReminded: true });
    // More passes send nothing more.
    await runWorker();
    expect(await recipientsOf(id)).toHaveLength(sent.length);
  });

  it('after a longer downtime the latest overdue reminder is the one sent, and owner and admins still hear once', async () => {
    setClock(START);
    const { id, borrower, owner } = await orderAt('Delivered');
    // 17 days after the due date: overdue_1, overdue_8 and overdue_15 have all come.
    setClock(new Date('2026-12-26T03:00:00Z'));
    await runWorker();
    const sent = await recipientsOf(id);
    const toBorrower = sent.filter((r) => r.recipientEmail === borrower.user.email);
    expect(toBorrower.map((r) => r.emailType)).toEqual(['loan_reminder_overdue_15']);
    expect(sent.filter((r) => r.recipientEmail === owner.user.email)).toHaveLength(1);
    const rows = await ctx.db.select().from(timers).where(eq(timers.subjectId, id));
    expect(
      rows
        .filter((t) => t.skippedAt)
        .map((t) => t.kind)
        .sort(),
    ).toEqual(['reminder_due_soon', 'reminder_due_today', 'reminder_overdue_1']);
    expect((await pendingTimers(id)).map((t) => t.kind)).toEqual(['reminder_overdue_22']);
  });

  it('an overdue loan not reminded yet says so to the owner', async () => {
    setClock(START);
    const { id, owner } = await orderAt('Delivered');
    // 10 Dec 05:00 Makassar: one day late, before the 09:00 reminder.
    setClock(new Date('2026-12-09T21:00:00Z'));
    const asOwner = await view(owner.cookie, id);
    expect(asOwner.body.loan).toMatchObject({ state: 'overdue', daysLeft: -1, borrowerReminded: false });
  });
});

describe('My Orders a person can scan', () => {
  it('lists the overdue loan first, with the first title, "+N more" count and the owner\'s own share', async () => {
    setClock(START);
    const borrower = await ctx.member({ name: 'Scan Borrower' });
    const owner = await ctx.member({ name: 'Scan Owner' });
    const book = (title: string) =>
      createBook(ctx.db, { ownerId: owner.user.id, title, weeklyPrice: '10000' });
    const late = await placeTestOrder(ctx, {
      borrower,
      books: [await book('Late One'), await book('Late Two')],
    });
    await advanceTestOrder(ctx, { orderId: late.order.id, admin, to: 'Delivered' });
    setClock(new Date(START.getTime() + 2 * DAY));
    const fresh = await placeTestOrder(ctx, { borrower, books: [await book('Fresh Book')] });
    // Ten days later the first loan is 3 days overdue; the newer order is still a Draft.
    setClock(new Date('2026-12-12T03:00:00Z'));
    // The first page leads with what needs attention; the pages list every order newest first.
    const mine = await ctx.answer(
      ctx.client<OrdersApi>(borrower.cookie).orders.$get({ query: { as: 'borrower' } }),
    );
    expect(mine.body.attention.map((o: { id: string }) => o.id)).toEqual([late.order.id]);
    expect(mine.body.items.map((o: { id: string }) => o.id)).toEqual([fresh.order.id, late.order.id]);
    expect(mine.body.attention[0]).toMatchObject({
      itemCount: 2,
      firstItem: { title: 'Late One' },
      loan: { state: 'overdue' },
      ownerShare: null,
    });
    expect(mine.body.items[0]).toMatchObject({ total: null, firstItem: { title: 'Fresh Book' } });
    const owned = await ctx.answer(
      ctx.client<OrdersApi>(owner.cookie).orders.$get({ query: { as: 'owner' } }),
    );
    expect(owned.body.attention[0]).toMatchObject({ id: late.order.id, ownerShare: '18000.00' });
    expect(owned.body.items[1]).toMatchObject({ id: late.order.id, ownerShare: '18000.00' });
  });
});

describe('extensions (D23)', () => {
  it('shows the price first, moves the due date, re-arms the reminders, records a charge, an event and emails', async () => {
    setClock(START);
    const { id, borrower } = await orderAt('Delivered');
    const before = await view(borrower.cookie, id);
    expect(before.body.extensionOffer).toEqual({
      refusal: null,
      options: [
        { weeks: 1, amount: '10000.00', newDueAt: '2026-12-16T15:59:59.999Z', newDueDate: '2026-12-16' },
        { weeks: 2, amount: '20000.00', newDueAt: '2026-12-23T15:59:59.999Z', newDueDate: '2026-12-23' },
      ],
    });

    const extended = await extend(borrower.cookie, id, 1);
    expect(extended.status).toBe(201);
    expect(extended.body).toMatchObject({ dueAt: '2026-12-16T15:59:59.999Z', loan: { daysLeft: 14 } });
    expect(extended.body.extensions).toMatchObject([{ weeks: 1, amount: '10000.00', paid: false }]);
    expect(extended.body.events.at(-1)).toMatchObject({ action: 'extend_loan', actorRole: 'borrower' });
    const pending = await pendingTimers(id);
    expect(pending).toHaveLength(3);
    expect(pending.every((t) => t.refAt?.toISOString() === '2026-12-16T15:59:59.999Z')).toBe(true);
    const emails = await emailsOf(id);
    expect(emails.loan_extended).toContain('owner');
    expect(emails.loan_extended).toContain('admin');

    // The old due date's reminders never fire; the new ones do.
    setClock(new Date('2026-12-07T01:00:00Z'));
    await runWorker();
    expect((await emailsOf(id)).loan_reminder_due_soon).toBeUndefined();
    setClock(new Date('2026-12-14T01:00:00Z'));
    await runWorker();
    expect((await emailsOf(id)).loan_reminder_due_soon).toEqual(['borrower']);

    // The admin marks the charge paid, once.
    const extensionId = extended.body.extensions[0].id;
    const markPaid = (cookie: string) =>
      ctx.answer(
        ctx
          .client<LoansApi>(cookie)
          .orders[':id'].extensions[':extensionId'].paid.$post({ param: { id, extensionId } }),
      );
    expect((await markPaid(borrower.cookie)).status).toBe(403);
    const paid = await markPaid(admin.cookie);
    expect(paid.status).toBe(200);
    expect(paid.body.extensions[0]).toMatchObject({ paid: true });
    const twice = await markPaid(admin.cookie);

    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('EXTENSION_ALREADY_PAID');
  });

  it('is refused after two extensions, when overdue, when not on loan and for anyone but the borrower', async () => {
    setClock(START);
    const { id, borrower, owner } = await orderAt('Delivered');
    expect((await extend(owner.cookie, id, 1)).status).toBe(403);
    const bad = await extend(borrower.cookie, id, uncheckedInput(3));

    expect(bad.status).toBe(422);
    expect(bad.body.error.message).toBe('Choose an extension of 1 or 2 weeks.');
    expect((await extend(borrower.cookie, id, 2)).status).toBe(201);
    expect((await extend(borrower.cookie, id, 1)).status).toBe(201);
    const third = await extend(borrower.cookie, id, 1);
    expect(third.status).toBe(409);
    expect(third.body.error).toMatchObject({
      code: 'EXTENSION_LIMIT',
      message: 'This loan was already extended 2 times, the most allowed.',
    });
    expect((await view(borrower.cookie, id)).body.extensionOffer.refusal.code).toBe('EXTENSION_LIMIT');

    const late = await orderAt('Delivered');
    setClock(new Date('2026-12-09T16:00:00Z')); // the first second of 10 Dec in Makassar
    const overdue = await extend(late.borrower.cookie, late.id, 1);
    expect(overdue.status).toBe(409);
    expect(overdue.body.error.code).toBe('EXTENSION_OVERDUE');
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, late.id));
    expect(row.dueAt?.toISOString()).toBe('2026-12-09T15:59:59.999Z');

    const early = await orderAt('Processed');
    const notOnLoan = await extend(early.borrower.cookie, early.id, 1);
    expect(notOnLoan.status).toBe(409);
    expect(notOnLoan.body.error.code).toBe('EXTENSION_NOT_ON_LOAN');
  });
});

describe('payment window (D24)', () => {
  it('cancels an order still unpaid at the deadline and releases its books, as the system', async () => {
    setClock(START);
    const { id, book, borrower } = await orderAt('Waiting for Payment');
    const shown = await view(borrower.cookie, id);
    expect(shown.body.paymentDueAt).toBe(new Date(START.getTime() + 48 * HOUR).toISOString());

    advanceClock(47 * HOUR);
    await runWorker();
    expect((await view(borrower.cookie, id)).body.status).toBe('Waiting for Payment');

    advanceClock(1 * HOUR);
    await runWorker();
    const after = await view(borrower.cookie, id);
    expect(after.body.status).toBe('Cancelled');
    expect(after.body.events.at(-1)).toMatchObject({
      fromStatus: 'Waiting for Payment',
      toStatus: 'Cancelled',
      actorName: 'System',
      actorRole: 'system',
    });
    const [bookRow] = await ctx.db.select().from(books).where(eq(books.id, book.id));
    expect(bookRow).toMatchObject({ status: 'Available', reservedByOrderId: null });
    expect((await emailsOf(id, 'order_cancelled')).order_cancelled).toEqual(['borrower', 'owner']);
    await runWorker();
    expect((await emailsOf(id, 'order_cancelled')).order_cancelled).toEqual(['borrower', 'owner']);
  });

  it('does nothing to an order paid in time', async () => {
    setClock(START);
    const { id, book } = await orderAt('Waiting for Payment');
    advanceClock(10 * HOUR);
    await advanceTestOrder(ctx, { orderId: id, admin, to: 'Processed' });
    advanceClock(3 * DAY);
    await runWorker();
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, id));
    expect(row.status).toBe('Processed');
    const [bookRow] = await ctx.db.select().from(books).where(eq(books.id, book.id));
    expect(bookRow).toMatchObject({ status: 'Borrowed', reservedByOrderId: id });
    const windows = await ctx.db
      .select()
      .from(timers)
      .where(and(eq(timers.subjectId, id), inArray(timers.kind, ['payment_window'])));
    expect(windows).toHaveLength(1);
    expect(windows[0]).toMatchObject({ firedAt: null });
    expect(windows[0].cancelledAt).not.toBeNull();
  });
});

describe('admin (D21)', () => {
  it('filters Overdue and Due within 2 days and counts the overdue orders', async () => {
    setClock(new Date('2026-11-20T02:00:00Z'));
    const overdue = await orderAt('Delivered'); // due 27 Nov
    setClock(new Date('2026-11-26T02:00:00Z'));
    const dueSoon = await orderAt('Delivered'); // due 3 Dec
    const later = await orderAt('Delivered'); // due 3 Dec, but seen from earlier below
    setClock(new Date('2026-12-01T02:00:00Z')); // 1 Dec: the first is 4 days overdue
    const ids = async (status: string) =>
      (
        await ctx.answer(
          ctx
            .client<AdminApi>(admin.cookie)
            .admin.orders.$get({ query: { status: uncheckedInput(status), pageSize: '100' } }),
        )
      ).body.items.map((o: { id: string }) => o.id);
    const overdueIds = await ids('overdue');
    expect(overdueIds).toContain(overdue.id);
    expect(overdueIds).not.toContain(dueSoon.id);
    const soonIds = await ids('due_soon');
    expect(soonIds).toContain(dueSoon.id);
    expect(soonIds).toContain(later.id);
    expect(soonIds).not.toContain(overdue.id);
    const stats = await ctx.answer(ctx.client<AdminApi>(admin.cookie).admin.stats.$get());
    expect(stats.body.overdueOrders).toBe(overdueIds.length);
    expect(stats.body.overdueOrders).toBeGreaterThanOrEqual(1);

    // 30 Nov: the 3 Dec loans are 3 days away, not yet due soon.
    setClock(new Date('2026-11-30T02:00:00Z'));
    expect(await ids('due_soon')).not.toContain(later.id);
    const bad = await ctx.answer(
      ctx.client<AdminApi>(admin.cookie).admin.orders.$get({ query: { status: uncheckedInput('late') } }),
    );
    expect(bad.status).toBe(422);
  });
});
