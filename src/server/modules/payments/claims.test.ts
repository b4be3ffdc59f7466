import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emailNotifications, orders } from '@server/db/schema';
import { resetClock, setClock } from '@server/lib/clock';
import { createBook } from '@server/seed/factories';
import { fireDueTimers } from '@server/timers/fire';
import { createTestContext, type Member, type TestContext, uncheckedInput } from '@tests/support/harness';
import { advanceTestOrder, placeTestOrder } from '@tests/support/order-factories';
import type { PaymentsApi } from './routes';
import type { OrdersApi } from '@server/modules/orders/routes';
import type { BooksApi } from '@server/modules/books/routes';

// D36: a claim stops the clock. "I have paid" stops the payment window's automatic cancel
// (which cancelled paid borrowers before an admin looked); the admins are emailed at once and
// daily while it waits; the admin confirms or rejects with a reason, which tells the borrower
// and opens a new 24-hour window; a cancel after a claim records that a refund is owed.

const HOUR = 3_600_000;
const START = new Date('2026-12-02T02:00:00Z');

let ctx: TestContext;
let admin: Member;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.admin({ name: 'Claim Admin' });
});
afterEach(() => resetClock());
afterAll(() => ctx.close());

async function waitingOrder() {
  setClock(START);
  const owner = await ctx.member({ name: 'Claim Owner' });
  const book = await createBook(ctx.db, { ownerId: owner.user.id, weeklyPrice: '15000.00' });
  const placed = await placeTestOrder(ctx, { books: [book] });
  await advanceTestOrder(ctx, { orderId: placed.order.id, admin, to: 'Waiting for Payment' });
  return { orderId: placed.order.id, borrower: placed.borrower, bookId: book.id };
}

const claim = (cookie: string, orderId: string) =>
  ctx.answer(
    ctx.client<PaymentsApi>(cookie).orders[':id']['payment-claim'].$post({
      param: { id: orderId },
      form: {},
    }),
  );
const reject = (cookie: string, orderId: string, reason: unknown) =>
  ctx.answer(
    ctx.client<PaymentsApi>(cookie).orders[':id']['payment-claim'].reject.$post({
      param: { id: orderId },
      json: { reason: uncheckedInput(reason) },
    }),
  );
const fire = () => fireDueTimers({ db: ctx.db, config: ctx.config, log: ctx.deps.log });
const orderRow = async (id: string) => (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0];
const emails = (orderId: string, type: string) =>
  ctx.db
    .select()
    .from(emailNotifications)
    .where(and(eq(emailNotifications.orderId, orderId), eq(emailNotifications.emailType, type)));

describe('a payment claim (D36)', () => {
  it('stops the payment window: past the deadline the claimed order is not cancelled; admins are told at once and daily', async () => {
    const { orderId, borrower } = await waitingOrder();
    setClock(new Date(START.getTime() + 40 * HOUR));
    expect((await claim(borrower.cookie, orderId)).status).toBe(200);
    const told = await emails(orderId, 'order_payment_claimed');
    expect(told.map((e) => e.recipientEmail)).toContain(admin.user.email);
    expect(told.every((e) => e.recipientType === 'admin')).toBe(true);

    // Well past the 48-hour window, with the worker running: still waiting, not cancelled.
    setClock(new Date(START.getTime() + 60 * HOUR));
    await fire();
    expect((await orderRow(orderId)).status).toBe('Waiting for Payment');
    expect(await emails(orderId, 'order_cancelled')).toHaveLength(0);

    // A day after the claim, then the next day: one reminder each; a pass again sends no more.
    setClock(new Date(START.getTime() + 65 * HOUR));
    await fire();
    await fire();
    const adminReminders = async () =>
      (await emails(orderId, 'order_payment_claim_waiting')).filter(
        (e) => e.recipientEmail === admin.user.email,
      );
    expect(await adminReminders()).toHaveLength(1);
    setClock(new Date(START.getTime() + 89 * HOUR));
    await fire();
    expect(await adminReminders()).toHaveLength(2);

    // The admin confirms: the reminders stop.
    const confirmed = await ctx.answer(
      ctx.client<OrdersApi>(admin.cookie).orders[':id'].actions.$post({
        param: { id: orderId },
        json: { type: 'confirm_payment', amountReceived: '15000', bankReference: 'TRF-1' },
      }),
    );
    expect(confirmed.status).toBe(200);
    setClock(new Date(START.getTime() + 200 * HOUR));
    await fire();
    expect(await adminReminders()).toHaveLength(2);
    expect((await orderRow(orderId)).status).toBe('Processed');
  });

  it('rejected with a reason: the borrower is told, sees it, and has a new 24-hour window that then cancels', async () => {
    const { orderId, borrower, bookId } = await waitingOrder();
    setClock(new Date(START.getTime() + 10 * HOUR));
    await claim(borrower.cookie, orderId);
    setClock(new Date(START.getTime() + 70 * HOUR));

    expect((await reject(admin.cookie, orderId, '  ')).status).toBe(422);
    expect((await reject(borrower.cookie, orderId, 'No transfer found')).status).toBe(403);
    const res = await reject(admin.cookie, orderId, 'No transfer found');
    expect(res.status).toBe(200);
    const deadline = new Date(START.getTime() + 94 * HOUR).toISOString();
    expect(res.body.payment).toMatchObject({
      claimedAt: null,
      claimRejectionReason: 'No transfer found',
      deadline,
    });
    const [mail] = await emails(orderId, 'order_payment_claim_rejected');
    expect(mail.recipientEmail).toBe(borrower.user.email);
    expect(mail.textBody).toContain('No transfer found');
    // The borrower's view tells them the same.
    const seen = await ctx.answer(
      ctx.client<PaymentsApi>(borrower.cookie).orders[':id'].money.$get({ param: { id: orderId } }),
    );
    expect(seen.body.payment).toMatchObject({ claimRejectionReason: 'No transfer found', deadline });
    // Rejecting again: nothing waits.
    expect((await reject(admin.cookie, orderId, 'No transfer found')).status).toBe(409);

    // Unpaid at the new deadline: the system cancels; the book is free again.
    setClock(new Date(START.getTime() + 93 * HOUR));
    await fire();
    expect((await orderRow(orderId)).status).toBe('Waiting for Payment');
    setClock(new Date(START.getTime() + 95 * HOUR));
    await fire();
    const row = await orderRow(orderId);
    expect(row.status).toBe('Cancelled');
    expect(row.refundOwedAt).toBeNull();
    const book = await ctx.answer(ctx.client<BooksApi>().books[':id'].$get({ param: { id: bookId } }));
    expect(book.body.status).toBe('Available');
  });

  it('a borrower may claim again after a rejection, which stops the new window too', async () => {
    const { orderId, borrower } = await waitingOrder();
    await claim(borrower.cookie, orderId);
    await reject(admin.cookie, orderId, 'Amount does not match');
    expect((await claim(borrower.cookie, orderId)).status).toBe(200);
    setClock(new Date(START.getTime() + 30 * HOUR));
    await fire();
    expect((await orderRow(orderId)).status).toBe('Waiting for Payment');
  });

  it('cancelled after a claim: a refund is owed, shown to admins, and nobody is told nothing is to be paid', async () => {
    const { orderId, borrower } = await waitingOrder();
    await claim(borrower.cookie, orderId);
    const res = await ctx.answer(
      ctx
        .client<OrdersApi>(borrower.cookie)
        .orders[':id'].actions.$post({ param: { id: orderId }, json: { type: 'cancel' } }),
    );
    expect(res.status).toBe(200);
    expect((await orderRow(orderId)).refundOwedAt).not.toBeNull();
    const asAdmin = await ctx.answer(
      ctx.client<PaymentsApi>(admin.cookie).orders[':id'].money.$get({ param: { id: orderId } }),
    );
    expect(asAdmin.body.payment.refundOwedAt).not.toBeNull();
    const notices = await emails(orderId, 'order_cancelled_refund_owed');
    expect(notices.find((e) => e.recipientEmail === borrower.user.email)?.textBody).toContain(
      'our team will refund your transfer',
    );
    expect(notices.some((e) => e.recipientType === 'admin')).toBe(true);
    expect(await emails(orderId, 'order_cancelled_by_borrower')).toHaveLength(0);
  });
});
