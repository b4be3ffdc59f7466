import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orderNumber } from '@domain/order-number';
import { books, emailNotifications, orderEvents, orders, payments, paymentTasks } from '@server/db/schema';
import { resetClock, setClock } from '@server/lib/clock';
import { createBook } from '@server/seed/factories';
import { fireDueTimers } from '@server/timers/fire';
import {
  createGatewayTestContext,
  type GatewayTestContext,
  sendUnknownPayment,
} from '@tests/support/gateway';
import type { Member } from '@tests/support/harness';
import { placeTestOrder } from '@tests/support/order-factories';
import { paymentProvider } from '@server/modules/payments/provider-service';
import type { FinanceApi } from './routes';
import type { PaymentsApi } from '@server/modules/payments/routes';
import { uncheckedInput } from '@tests/support/harness';

// D44: late and wrong money is a task, not a revival. Money is produced through the production
// Xendit adapter and the fake gateway over real HTTP (a payment after the order was cancelled,
// a second payment, a wrong amount, an unknown reference); an admin resolves each task once:
// Refund (through the provider's refund API, or recorded by hand with a bank reference), Revive
// (only while every book is still free) or Dismiss with a note.

const HOUR = 3_600_000;
const START = new Date('2026-12-02T02:00:00Z');

let g: GatewayTestContext;
let admin: Member;
beforeAll(async () => {
  g = await createGatewayTestContext();
  admin = await g.ctx.admin({ name: 'Tasks Admin' });
});
afterEach(() => resetClock());
afterAll(() => g.close());

const work = () => g.ctx.deps.outbox.runOnce();
const orderRow = async (id: string) => (await g.ctx.db.select().from(orders).where(eq(orders.id, id)))[0];
const taskRow = async (id: string) =>
  (await g.ctx.db.select().from(paymentTasks).where(eq(paymentTasks.id, id)))[0];
const tasksOf = (orderId: string) =>
  g.ctx.db.select().from(paymentTasks).where(eq(paymentTasks.orderId, orderId));
const paymentRows = (orderId: string) =>
  g.ctx.db.select().from(payments).where(eq(payments.orderId, orderId));
const emailsOf = (orderId: string, type: string) =>
  g.ctx.db
    .select()
    .from(emailNotifications)
    .where(and(eq(emailNotifications.orderId, orderId), eq(emailNotifications.emailType, type)));

const api = {
  list: (
    cookie: string | undefined,
    query: { state?: 'open' | 'resolved'; pageSize?: string; cursor?: string } = {},
  ) => g.ctx.answer(g.ctx.client<FinanceApi>(cookie).admin['payment-tasks'].$get({ query })),
  refund: (cookie: string | undefined, id: string, body: { bankReference?: string } = {}) =>
    g.ctx.answer(
      g.ctx
        .client<FinanceApi>(cookie)
        .admin['payment-tasks'][':id'].refund.$post({ param: { id: id }, json: body }),
    ),
  revive: (cookie: string | undefined, id: string) =>
    g.ctx.answer(
      g.ctx.client<FinanceApi>(cookie).admin['payment-tasks'][':id'].revive.$post({ param: { id: id } }),
    ),
  dismiss: (cookie: string | undefined, id: string, note: unknown) =>
    g.ctx.answer(
      g.ctx.client<FinanceApi>(cookie).admin['payment-tasks'][':id'].dismiss.$post({
        param: { id: id },
        json: { note: uncheckedInput(note) },
      }),
    ),
};
const codeOf = (res: { body: unknown }) => (res.body as { error: { code: string } }).error.code;

/** A pickup order of one Rp 15,000 book, payable at once, its gateway codes created. */
async function payableOrder(options: { language?: 'en' | 'id' } = {}) {
  setClock(START);
  const owner = await g.ctx.member({ name: 'Task Owner' });
  const borrower = await g.ctx.member({ name: 'Task Borrower', language: options.language ?? 'en' });
  const book = await createBook(g.ctx.db, { ownerId: owner.user.id, weeklyPrice: '15000.00' });
  const placed = await placeTestOrder(g.ctx, { books: [book], borrower, deliveryMethod: 'pickup' });
  const orderId = placed.order.id;
  const opened = await g.ctx.answer(
    g.ctx.client<PaymentsApi>(borrower.cookie).orders[':id'].payment.gateway.$get({ param: { id: orderId } }),
  );
  expect(opened.status).toBe(200);
  const rows = await paymentRows(orderId);
  return {
    orderId,
    borrower,
    owner,
    bookId: book.id,
    qris: rows.find((p) => p.method === 'qris')!,
    va: rows.find((p) => p.method === 'va' && p.channel === 'BCA')!,
  };
}

/** The window passes (D24): the order is cancelled by the clock. */
async function cancelByWindow(orderId: string) {
  setClock(new Date(START.getTime() + 49 * HOUR));
  await fireDueTimers({ db: g.ctx.db, config: g.ctx.config, log: g.ctx.deps.log });
  expect((await orderRow(orderId)).status).toBe('Cancelled');
}

/** Money paid after the order was cancelled: a late task (D44). */
async function latePayment(options: { by?: 'qris' | 'va'; language?: 'en' | 'id' } = {}) {
  const order = await payableOrder(options);
  await cancelByWindow(order.orderId);
  const paid = await g.gateway.pay((options.by === 'va' ? order.va : order.qris).providerRef);
  expect(paid.status).toBe(200);
  await work();
  const [task] = await tasksOf(order.orderId);
  expect(task).toMatchObject({ kind: 'late', resolvedAt: null });
  return { ...order, task, paymentRef: paid.payment.payment_id };
}

/** The task as the admin's list shows it. */
async function listed(id: string, state: 'open' | 'resolved' = 'open') {
  const res = await api.list(admin.cookie, { state, pageSize: '100' });
  expect(res.status).toBe(200);
  return res.body.items.find((t) => t.id === id);
}

describe('the Payment tasks list (D44)', () => {
  it('lists a late payment until it is resolved, with what happened and the valid actions', async () => {
    const { task, orderId, borrower, paymentRef } = await latePayment();
    const view = await listed(task.id);
    expect(view).toMatchObject({
      kind: 'late',
      amountReceived: '15000.00',
      amountDue: '15000.00',
      providerPaymentRef: paymentRef,
      method: 'qris',
      order: {
        id: orderId,
        number: orderNumber(orderId),
        status: 'Cancelled',
        borrowerName: borrower.user.name,
        borrowerEmail: borrower.user.email,
      },
      actions: ['refund', 'revive', 'dismiss'],
      refundThroughProvider: true,
      resolution: null,
    });
    expect(new Date(view!.createdAt).getTime()).toBeGreaterThan(0);
    expect(await listed(task.id, 'resolved')).toBeUndefined();

    expect((await api.dismiss(admin.cookie, task.id, 'Checked with the borrower')).status).toBe(200);
    expect(await listed(task.id)).toBeUndefined();
    expect(await listed(task.id, 'resolved')).toMatchObject({
      resolution: 'dismissed',
      note: 'Checked with the borrower',
      resolvedByName: 'Tasks Admin',
      actions: [],
    });
  });

  it('a second payment and an unknown reference offer refund and dismiss, never revive', async () => {
    const { orderId, qris, va } = await payableOrder();
    // One at a time, so the virtual account's money is the second (notices due together are
    // processed in no set order).
    await g.gateway.pay(qris.providerRef);
    await work();
    await g.gateway.pay(va.providerRef);
    await work();
    const [second] = await tasksOf(orderId);
    expect(await listed(second.id)).toMatchObject({
      kind: 'second_payment',
      actions: ['refund', 'dismiss'],
      // The second money came through a virtual account: it goes back by hand.
      method: 'va',
      channel: 'BCA',
      refundThroughProvider: false,
    });
    const revived = await api.revive(admin.cookie, second.id);
    expect(revived.status).toBe(409);
    expect(codeOf(revived)).toBe('PAYMENT_TASK_ACTION_INVALID');
    expect((await taskRow(second.id)).resolvedAt).toBeNull();

    expect(await sendUnknownPayment(g.gateway, `py-stray-${orderId}`)).toBe(200);
    await work();
    const [unknown] = await g.ctx.db
      .select()
      .from(paymentTasks)
      .where(eq(paymentTasks.providerPaymentRef, `py-stray-${orderId}`));
    expect(await listed(unknown.id)).toMatchObject({
      kind: 'unknown_reference',
      order: null,
      amountDue: null,
      amountReceived: '50000.00',
      actions: ['refund', 'dismiss'],
      refundThroughProvider: false,
    });
    // D43: no payment row holds this money, so its task keeps the gateway's fee (0.7% of Rp 50,000).
    expect(unknown.fee).toBe('350.00');
    expect((await taskRow(second.id)).fee).toBeNull();
    expect(codeOf(await api.revive(admin.cookie, unknown.id))).toBe('PAYMENT_TASK_ACTION_INVALID');
    // Dismissed with a note: an unknown reference the team already handled.
    const dismissed = await api.dismiss(
      admin.cookie,
      unknown.id,
      'Paid to us by mistake; returned by the bank',
    );
    expect(dismissed.status).toBe(200);
    expect(await taskRow(unknown.id)).toMatchObject({ resolution: 'dismissed', resolvedBy: admin.user.id });
  });
});

describe('Refund (D44)', () => {
  it('refunds a late QRIS payment through the provider once, records it, and emails the borrower in their language', async () => {
    const { task, orderId, qris, borrower } = await latePayment({ language: 'id' });
    const before = g.gateway.refunds.length;
    const res = await api.refund(admin.cookie, task.id);
    expect(res.status).toBe(200);
    const refund = g.gateway.refunds.at(-1)!;
    expect(g.gateway.refunds.length).toBe(before + 1);
    // Xendit's refund shape: the payment request, our reference as its idempotency key, the amount.
    expect(refund).toMatchObject({
      payment_request_id: qris.providerRef,
      reference_id: task.id,
      idempotency_key: task.id,
      amount: 15000,
      currency: 'IDR',
      reason: 'CANCELLATION',
    });
    expect(res.body).toMatchObject({ resolution: 'refunded', refundRef: refund.id, actions: [] });
    expect(await taskRow(task.id)).toMatchObject({ resolution: 'refunded', refundRef: refund.id });
    expect((await paymentRows(orderId)).find((p) => p.id === qris.id)!.status).toBe('refunded');
    // The order stays cancelled: money never revives an order by itself.
    expect((await orderRow(orderId)).status).toBe('Cancelled');

    const [email] = await emailsOf(orderId, 'order_payment_refunded');
    expect(email.recipientEmail).toBe(borrower.user.email);
    expect(email.subject).toBe(`Dana pembayaran pesanan #${orderNumber(orderId)} sudah dikembalikan`);
    expect(email.textBody).toContain('masuk setelah pesanannya dibatalkan');
    expect(email.textBody).toContain('lewat penyedia pembayaran');
    expect(email.textBody).toContain('Rp 15.000');
    await work();
    const mail = await g.ctx.mailbox.waitFor(
      (m) => m.to.includes(borrower.user.email) && m.subject === email.subject,
    );
    expect(mail.body).toContain('Rp 15.000');

    // Resolved once: a second refund answers 409 and neither refunds nor records again.
    const again = await api.refund(admin.cookie, task.id);
    expect(again.status).toBe(409);
    expect(codeOf(again)).toBe('PAYMENT_TASK_RESOLVED');
    expect(g.gateway.refunds.length).toBe(before + 1);
    expect(await emailsOf(orderId, 'order_payment_refunded')).toHaveLength(1);
    for (const other of [
      await api.revive(admin.cookie, task.id),
      await api.dismiss(admin.cookie, task.id, 'x'),
    ]) {
      expect(other.status).toBe(409);
      expect(codeOf(other)).toBe('PAYMENT_TASK_RESOLVED');
    }
    expect(await taskRow(task.id)).toMatchObject({ resolution: 'refunded', note: null });
  });

  it('two admins refunding at once: one 200, one 409, one refund at the provider', async () => {
    const { task } = await latePayment();
    const before = g.gateway.refunds.length;
    const second = await g.ctx.admin({ name: 'Second Admin' });
    const answers = await Promise.all([
      api.refund(admin.cookie, task.id),
      api.refund(second.cookie, task.id),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(g.gateway.refunds.length).toBe(before + 1);
  });

  it('the adapter refunds through Xendit’s refund API once per reference (its idempotency key), and not a virtual account', async () => {
    const { task, qris } = await latePayment();
    const provider = paymentProvider(g.ctx.config);
    const before = g.gateway.refunds.length;
    const input = {
      paymentRef: task.providerPaymentRef,
      reference: task.id,
      amount: 15000,
      reason: 'CANCELLATION' as const,
    };
    const [first, second] = await Promise.all([provider.refund(input), provider.refund(input)]);
    expect(first).toEqual(second);
    expect(g.gateway.refunds.length).toBe(before + 1);
    expect(g.gateway.refunds.at(-1)).toMatchObject({
      id: first!.refundRef,
      payment_request_id: qris.providerRef,
    });
    // Another reference is another refund.
    await provider.refund({ ...input, reference: `${task.id}-again` });
    expect(g.gateway.refunds.length).toBe(before + 2);

    const va = await latePayment({ by: 'va' });
    expect(await provider.refund({ ...input, paymentRef: va.paymentRef, reference: va.task.id })).toBeNull();
    expect(g.gateway.refunds.length).toBe(before + 2);
  });

  it('money in a virtual account goes back by hand: without a bank reference 422 and nothing changes; with one it is recorded', async () => {
    const { task, orderId, va, borrower } = await latePayment({ by: 'va' });
    const before = g.gateway.refunds.length;
    const refused = await api.refund(admin.cookie, task.id);
    expect(refused.status).toBe(422);
    expect(codeOf(refused)).toBe('REFUND_BY_HAND_NEEDED');
    expect(await taskRow(task.id)).toMatchObject({ resolvedAt: null, refundStartedAt: null });

    const tooLong = await api.refund(admin.cookie, task.id, { bankReference: 'x'.repeat(101) });
    expect(tooLong.status).toBe(422);
    expect((await taskRow(task.id)).resolvedAt).toBeNull();

    const res = await api.refund(admin.cookie, task.id, { bankReference: 'BCA-TRF-0042' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ resolution: 'refund_recorded', refundRef: 'BCA-TRF-0042' });
    expect(g.gateway.refunds.length).toBe(before);
    expect((await paymentRows(orderId)).find((p) => p.id === va.id)!.status).toBe('refunded');
    const [email] = await emailsOf(orderId, 'order_payment_refunded');
    expect(email.recipientEmail).toBe(borrower.user.email);
    expect(email.subject).toBe(`Your payment for order #${orderNumber(orderId)} was refunded`);
    expect(email.textBody).toContain('Our team has transferred Rp 15.000 back to you');
    expect(email.textBody).toContain('BCA-TRF-0042');
  });

  it('a refund the provider fails records nothing; the money is then neither revived nor dismissed, and may be refunded by hand', async () => {
    const { task, orderId } = await latePayment();
    g.gateway.refundStatus = 'FAILED';
    try {
      const failed = await api.refund(admin.cookie, task.id);
      expect(failed.status).toBe(502);
      expect(codeOf(failed)).toBe('PAYMENT_REFUND_FAILED');
    } finally {
      g.gateway.refundStatus = 'SUCCEEDED';
    }
    expect(await taskRow(task.id)).toMatchObject({ resolvedAt: null, resolution: null });
    expect(await emailsOf(orderId, 'order_payment_refunded')).toHaveLength(0);
    for (const res of [
      await api.revive(admin.cookie, task.id),
      await api.dismiss(admin.cookie, task.id, 'x'),
    ]) {
      expect(res.status).toBe(409);
      expect(codeOf(res)).toBe('PAYMENT_TASK_REFUND_STARTED');
    }
    expect((await orderRow(orderId)).status).toBe('Cancelled');
    const byHand = await api.refund(admin.cookie, task.id, { bankReference: 'MANUAL-1' });
    expect(byHand.status).toBe(200);
    expect(await emailsOf(orderId, 'order_payment_refunded')).toHaveLength(1);
  });
});

describe('Revive (D44)', () => {
  it('revives a cancelled order whose books are still free: paid with the events of a confirmed payment, the borrower told', async () => {
    const { task, orderId, bookId, borrower, owner, paymentRef } = await latePayment();
    const res = await api.revive(admin.cookie, task.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ resolution: 'revived', actions: [] });

    const order = await orderRow(orderId);
    expect(order).toMatchObject({
      status: 'Processed',
      paymentReceivedAmount: '15000.00',
      paymentBankReference: paymentRef,
    });
    expect(order.paymentConfirmedAt).not.toBeNull();
    const [event] = await g.ctx.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.action, 'confirm_payment')));
    expect(event).toMatchObject({
      fromStatus: 'Cancelled',
      toStatus: 'Processed',
      actorRole: 'admin',
      actorId: admin.user.id,
    });
    const [book] = await g.ctx.db.select().from(books).where(eq(books.id, bookId));
    expect(book).toMatchObject({ status: 'Borrowed', reservedByOrderId: orderId });

    const [toBorrower] = await emailsOf(orderId, 'order_order_revived').then((rows) =>
      rows.filter((r) => r.recipientType === 'borrower'),
    );
    expect(toBorrower.recipientEmail).toBe(borrower.user.email);
    expect(toBorrower.subject).toBe(`Order #${orderNumber(orderId)} is paid after all`);
    expect(toBorrower.textBody).toContain('arrived after the order had been cancelled');
    expect(toBorrower.textBody).toContain('it is now paid');
    const toOwner = (await emailsOf(orderId, 'order_order_revived')).filter(
      (r) => r.recipientType === 'owner',
    );
    expect(toOwner.map((r) => r.recipientEmail)).toEqual([owner.user.email]);
    expect(toOwner[0].subject).toContain('is paid: please drop off the books');

    const again = await api.revive(admin.cookie, task.id);
    expect(again.status).toBe(409);
    expect(codeOf(again)).toBe('PAYMENT_TASK_RESOLVED');
    expect(
      await g.ctx.db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.action, 'confirm_payment'))),
    ).toHaveLength(1);
  });

  it('refuses with 409 when a book is in another order since, and changes nothing', async () => {
    const { task, orderId, bookId } = await latePayment();
    const [book] = await g.ctx.db.select().from(books).where(eq(books.id, bookId));
    const other = await placeTestOrder(g.ctx, { books: [book], deliveryMethod: 'pickup' });
    const res = await api.revive(admin.cookie, task.id);
    expect(res.status).toBe(409);
    expect(codeOf(res)).toBe('PAYMENT_TASK_BOOK_NOT_FREE');
    expect((await orderRow(orderId)).status).toBe('Cancelled');
    expect(await taskRow(task.id)).toMatchObject({ resolvedAt: null, resolution: null });
    const [after] = await g.ctx.db.select().from(books).where(eq(books.id, bookId));
    expect(after.reservedByOrderId).toBe(other.order.id);
    expect(await emailsOf(orderId, 'order_order_revived')).toHaveLength(0);
    // Still listed, and refunding is still possible.
    expect(await listed(task.id)).toMatchObject({ actions: ['refund', 'revive', 'dismiss'] });
  });

  it('refuses with 409 when a book was withdrawn by its owner or is held for a waiter', async () => {
    const withdrawn = await latePayment();
    await g.ctx.db.update(books).set({ status: 'Unavailable' }).where(eq(books.id, withdrawn.bookId));
    expect(codeOf(await api.revive(admin.cookie, withdrawn.task.id))).toBe('PAYMENT_TASK_BOOK_NOT_FREE');
    expect((await orderRow(withdrawn.orderId)).status).toBe('Cancelled');

    const held = await latePayment();
    const waiter = await g.ctx.member();
    await g.ctx.db.update(books).set({ heldForId: waiter.user.id }).where(eq(books.id, held.bookId));
    expect(codeOf(await api.revive(admin.cookie, held.task.id))).toBe('PAYMENT_TASK_BOOK_NOT_FREE');
    expect((await orderRow(held.orderId)).status).toBe('Cancelled');
  });

  it('a wrong amount on an order still waiting may be accepted: the order is paid with what arrived', async () => {
    const { orderId, qris } = await payableOrder();
    await g.gateway.pay(qris.providerRef, { amount: 14000 });
    await work();
    const [task] = await tasksOf(orderId);
    expect(await listed(task.id)).toMatchObject({
      kind: 'amount_mismatch',
      amountReceived: '14000.00',
      amountDue: '15000.00',
      actions: ['refund', 'revive', 'dismiss'],
    });
    expect((await api.revive(admin.cookie, task.id)).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: 'Processed', paymentReceivedAmount: '14000.00' });
    expect(await emailsOf(orderId, 'order_payment_confirmed')).not.toHaveLength(0);
    expect((await paymentRows(orderId)).filter((p) => p.status === 'pending')).toHaveLength(0);
  });
});

describe('Dismiss (D44)', () => {
  it('needs a note (422, nothing changes) and emails nobody', async () => {
    const { task, orderId } = await latePayment();
    for (const note of ['', '   ', 'x'.repeat(301), 42]) {
      const res = await api.dismiss(admin.cookie, task.id, note);
      expect(res.status).toBe(422);
    }
    expect((await taskRow(task.id)).resolvedAt).toBeNull();
    const emailsBefore = (await g.ctx.db.select().from(emailNotifications)).length;
    expect((await api.dismiss(admin.cookie, task.id, 'Borrower asked to keep it as credit')).status).toBe(
      200,
    );
    expect((await g.ctx.db.select().from(emailNotifications)).length).toBe(emailsBefore);
    expect((await orderRow(orderId)).status).toBe('Cancelled');
  });
});

describe('who may (D12)', () => {
  it('a guest gets 401 and a member 403 on every route, and nothing changes', async () => {
    const { task, orderId } = await latePayment();
    const member = await g.ctx.member();
    for (const cookie of [undefined, member.cookie]) {
      const want = cookie ? 403 : 401;
      expect((await api.list(cookie)).status).toBe(want);
      expect((await api.refund(cookie, task.id, { bankReference: 'X-1' })).status).toBe(want);
      expect((await api.revive(cookie, task.id)).status).toBe(want);
      expect((await api.dismiss(cookie, task.id, 'mine now')).status).toBe(want);
      expect(
        (await g.ctx.answer(g.ctx.client<FinanceApi>(cookie).admin.finance.$get({ query: {} }))).status,
      ).toBe(want);
    }
    expect(await taskRow(task.id)).toMatchObject({
      resolvedAt: null,
      resolution: null,
      refundStartedAt: null,
    });
    expect((await orderRow(orderId)).status).toBe('Cancelled');
  });

  it('an unknown task is 404, a bad cursor 400, a bad state 422', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(codeOf(await api.revive(admin.cookie, missing))).toBe('PAYMENT_TASK_NOT_FOUND');
    expect((await api.refund(admin.cookie, missing, { bankReference: 'X' })).status).toBe(404);
    expect((await api.dismiss(admin.cookie, 'not-a-uuid', 'note')).status).toBe(404);
    expect((await api.list(admin.cookie, { cursor: 'nonsense' })).status).toBe(400);
    expect((await api.list(admin.cookie, { state: uncheckedInput('everything') })).status).toBe(422);
  });
});
