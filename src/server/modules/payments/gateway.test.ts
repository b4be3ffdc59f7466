import { and, eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  emailNotifications,
  orderEvents,
  orders,
  paymentNotices,
  payments,
  paymentTasks,
  timers,
} from '@server/db/schema';
import { resetClock, setClock } from '@server/lib/clock';
import { createBook } from '@server/seed/factories';
import { fireDueTimers } from '@server/timers/fire';
import {
  createGatewayTestContext,
  GATEWAY_TOKEN,
  type GatewayTestContext,
  sendUnknownPayment,
} from '@tests/support/gateway';
import { placeTestOrder } from '@tests/support/order-factories';
import type { PaymentsApi } from './routes';

// D42: payments that confirm themselves, through the production Xendit adapter and the fake
// gateway over real HTTP. A notice moves an order only after its token, its webhook id, the
// reference, the currency, the exact amount and the provider's read-back agree; D44: money that
// is late, doubled or wrong becomes an admin task and never moves an order.

const HOUR = 3_600_000;
const START = new Date('2026-12-02T02:00:00Z');

let g: GatewayTestContext;
beforeAll(async () => {
  g = await createGatewayTestContext();
  // An admin, so the notices that go to admins have someone to go to.
  await g.ctx.admin({ name: 'Gateway Admin' });
});
afterEach(() => resetClock());
afterAll(() => g.close());

/** A pickup order is payable at once (D33): Waiting for Payment with a 48-hour window. */
async function payableOrder() {
  setClock(START);
  const owner = await g.ctx.member({ name: 'Gateway Owner' });
  const book = await createBook(g.ctx.db, { ownerId: owner.user.id, weeklyPrice: '15000.00' });
  const placed = await placeTestOrder(g.ctx, { books: [book], deliveryMethod: 'pickup' });
  return { orderId: placed.order.id, borrower: placed.borrower, owner, bookId: book.id };
}

const orderRow = async (id: string) => (await g.ctx.db.select().from(orders).where(eq(orders.id, id)))[0];
const gatewayOf = (cookie: string, orderId: string) =>
  g.ctx.answer(
    g.ctx.client<PaymentsApi>(cookie).orders[':id'].payment.gateway.$get({ param: { id: orderId } }),
  );
const paymentRows = (orderId: string) =>
  g.ctx.db.select().from(payments).where(eq(payments.orderId, orderId));
const qrisOf = async (orderId: string) => (await paymentRows(orderId)).find((p) => p.method === 'qris')!;
const vaOf = async (orderId: string, bank: string) =>
  (await paymentRows(orderId)).find((p) => p.method === 'va' && p.channel === bank)!;
const tasksOf = (orderId: string) =>
  g.ctx.db.select().from(paymentTasks).where(eq(paymentTasks.orderId, orderId));
const confirmations = (orderId: string) =>
  g.ctx.db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.action, 'confirm_payment')));
/** The worker's pass: processes every stored notice (their timers are due at once). */
const work = () => g.ctx.deps.outbox.runOnce();

/** Opens the order page as the borrower (creating the codes) and pays its QRIS at the gateway. */
async function openAndPay(orderId: string, cookie: string, amount?: number) {
  expect((await gatewayOf(cookie, orderId)).status).toBe(200);
  const qris = await qrisOf(orderId);
  const paid = await g.gateway.pay(qris.providerRef, { amount });
  expect(paid.status).toBe(200);
  await work();
  return paid.payment;
}

/** A capture notice for a payment, as the gateway words it. */
const captureOf = (payment: object, event = 'payment.capture') => ({
  event,
  business_id: 'fake-business',
  created: new Date().toISOString(),
  data: payment,
});

describe('the order page’s gateway payment (D42)', () => {
  it('creates a dynamic QRIS and one virtual account per bank for the exact amount, expiring with the payment window, once', async () => {
    const { orderId, borrower } = await payableOrder();
    const order = await orderRow(orderId);
    const first = await gatewayOf(borrower.cookie, orderId);
    expect(first.status).toBe(200);
    const view = first.body.gateway!;
    expect(view.amount).toBe(order.total);
    expect(view.deadline).toBe(order.paymentDueAt!.toISOString());
    expect(view.virtualAccounts.map((v) => v.bank)).toEqual(['BCA', 'BNI', 'BRI', 'MANDIRI']);
    expect(view.testMode).toBe(false);

    const rows = await paymentRows(orderId);
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      const request = g.gateway.requests.get(row.providerRef)!;
      expect(request.request_amount).toBe(Number(order.total));
      expect(request.currency).toBe('IDR');
      expect(request.expires_at).toBe(order.paymentDueAt!.toISOString());
      expect(request.reference_id).toBe(row.id);
    }

    // A second look (or another tab) shows the same codes: nothing new is asked of the gateway.
    const before = g.gateway.requests.size;
    const again = await gatewayOf(borrower.cookie, orderId);
    expect(again.body.gateway!.qris!.payload).toBe(view.qris!.payload);
    expect(g.gateway.requests.size).toBe(before);
  });

  it('draws a QRIS code a phone can scan: decoded, it is the gateway’s payload with the amount', async () => {
    const { orderId, borrower } = await payableOrder();
    const view = (await gatewayOf(borrower.cookie, orderId)).body.gateway!;
    const png = Buffer.from(view.qris!.image.replace(/^data:image\/png;base64,/, ''), 'base64');
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const decoded = jsQR(new Uint8ClampedArray(data), info.width, info.height);
    expect(decoded?.data).toBe(view.qris!.payload);
    expect(decoded?.data).toContain('540515000'); // EMV tag 54: the amount, 5 digits
    expect(decoded?.data).toContain('5303360'); // tag 53: IDR
  });

  it('shows nothing to the owner, and refuses a stranger', async () => {
    const { orderId, owner } = await payableOrder();
    expect((await gatewayOf(owner.cookie, orderId)).body.gateway).toBeNull();
    const stranger = await g.ctx.member();
    expect((await gatewayOf(stranger.cookie, orderId)).status).toBe(403);
  });
});

describe('a notice (D42)', () => {
  it('a paid QRIS moves the order to Processed by itself: the admin’s events and emails, the system as actor, the window timer cancelled, the fee recorded', async () => {
    const { orderId, borrower, owner } = await payableOrder();
    const paid = await openAndPay(orderId, borrower.cookie);

    const order = await orderRow(orderId);
    expect(order.status).toBe('Processed');
    expect(order.paymentConfirmedAt).not.toBeNull();
    expect(order.paymentReceivedAmount).toBe('15000.00');
    expect(order.paymentBankReference).toBe(paid.payment_id);
    const [event] = await confirmations(orderId);
    expect(event).toMatchObject({ actorRole: 'system', actorName: 'System', toStatus: 'Processed' });
    const emails = await g.ctx.db
      .select()
      .from(emailNotifications)
      .where(
        and(
          eq(emailNotifications.orderId, orderId),
          eq(emailNotifications.emailType, 'order_payment_confirmed'),
        ),
      );
    expect(emails.map((e) => e.recipientEmail)).toEqual(
      expect.arrayContaining([borrower.user.email, owner.user.email]),
    );
    const windowTimers = await g.ctx.db
      .select()
      .from(timers)
      .where(and(eq(timers.subjectId, orderId), eq(timers.kind, 'payment_window')));
    expect(windowTimers.every((t) => t.cancelledAt !== null)).toBe(true);
    // D43: QRIS costs 0.7% (rounded up to the rupiah), recorded on the payment.
    const qris = await qrisOf(orderId);
    expect(qris).toMatchObject({ status: 'paid', fee: '105.00', receivedRef: paid.payment_id });
    // The order's other codes are no longer offered.
    expect((await paymentRows(orderId)).filter((p) => p.status === 'pending')).toHaveLength(0);
    expect((await gatewayOf(borrower.cookie, orderId)).body.gateway).toBeNull();
  });

  it('refuses a wrong or missing callback token with 401 and stores nothing', async () => {
    const before = (await g.ctx.db.select().from(paymentNotices)).length;
    const body = captureOf({ payment_id: 'py-x' });
    expect(await g.gateway.sendNotice(body, { 'x-callback-token': 'wrong-token' })).toBe(401);
    expect(await g.gateway.sendNotice(body, { 'x-callback-token': `${GATEWAY_TOKEN}x` })).toBe(401);
    expect(await g.gateway.sendNotice(body, { 'x-callback-token': '' })).toBe(401);
    expect((await g.ctx.db.select().from(paymentNotices)).length).toBe(before);
  });

  it('refuses a notice without a webhook id (422)', async () => {
    const res = await fetch(g.gateway.noticeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-callback-token': GATEWAY_TOKEN },
      body: JSON.stringify(captureOf({})),
    });
    expect(res.status).toBe(422);
  });

  it('stores a webhook id once: a repeat is answered 200 and the order changes once', async () => {
    const { orderId, borrower } = await payableOrder();
    await gatewayOf(borrower.cookie, orderId);
    const qris = await qrisOf(orderId);
    // The payment exists at the gateway; its notice is sent three times with one webhook id, two at once.
    const { payment } = await g.gateway.pay(qris.providerRef);
    await work();
    const webhookId = `wh-repeat-${orderId}`;
    const notice = captureOf(payment);
    const answers = await Promise.all([
      g.gateway.sendNotice(notice, { 'webhook-id': webhookId }),
      g.gateway.sendNotice(notice, { 'webhook-id': webhookId }),
    ]);
    expect(answers).toEqual([200, 200]);
    expect(await g.gateway.sendNotice(notice, { 'webhook-id': webhookId })).toBe(200);
    await work();
    const stored = await g.ctx.db
      .select()
      .from(paymentNotices)
      .where(eq(paymentNotices.webhookId, webhookId));
    expect(stored).toHaveLength(1);
    // The same money under another webhook id is recognised too.
    expect(stored[0].outcome).toBe('already_recorded');
    expect(await confirmations(orderId)).toHaveLength(1);
    expect(await tasksOf(orderId)).toHaveLength(0);
  });

  it('answers a repeated webhook id with duplicate: true', async () => {
    const res = (webhookId: string) =>
      fetch(g.gateway.noticeUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-callback-token': GATEWAY_TOKEN,
          'webhook-id': webhookId,
        },
        body: JSON.stringify({ event: 'qr.test', data: {} }),
      }).then((r) => r.json());
    expect(await res('wh-dup-answer')).toEqual({ duplicate: false });
    expect(await res('wh-dup-answer')).toEqual({ duplicate: true });
  });

  it('a wrong amount leaves the order waiting and becomes an amount task (D44)', async () => {
    const { orderId, borrower } = await payableOrder();
    await openAndPay(orderId, borrower.cookie, 14000);
    expect((await orderRow(orderId)).status).toBe('Waiting for Payment');
    expect(await tasksOf(orderId)).toMatchObject([{ kind: 'amount_mismatch', amount: '14000.00' }]);
  });

  it('a wrong currency leaves the order waiting and becomes a task (D44)', async () => {
    const { orderId, borrower } = await payableOrder();
    await gatewayOf(borrower.cookie, orderId);
    const qris = await qrisOf(orderId);
    const { payment } = await g.gateway.pay(qris.providerRef);
    // The gateway's record says USD, and so does the notice.
    await work();
    await g.ctx.db.delete(paymentTasks).where(eq(paymentTasks.orderId, orderId));
    expect((await orderRow(orderId)).status).toBe('Processed');

    const other = await payableOrder();
    await gatewayOf(other.borrower.cookie, other.orderId);
    const otherQris = await qrisOf(other.orderId);
    const usd = {
      ...payment,
      payment_id: `py-usd-${other.orderId}`,
      payment_request_id: otherQris.providerRef,
      reference_id: otherQris.id,
      currency: 'USD',
    };
    g.gateway.payments.set(usd.payment_id, usd);
    expect(await g.gateway.sendNotice(captureOf(usd))).toBe(200);
    await work();
    expect((await orderRow(other.orderId)).status).toBe('Waiting for Payment');
    expect(await tasksOf(other.orderId)).toMatchObject([{ kind: 'amount_mismatch' }]);
  });

  it('an unknown reference changes no order and becomes a task (D44)', async () => {
    expect(await sendUnknownPayment(g.gateway, 'py-stray-1')).toBe(200);
    await work();
    const tasks = await g.ctx.db
      .select()
      .from(paymentTasks)
      .where(eq(paymentTasks.providerPaymentRef, 'py-stray-1'));
    expect(tasks).toMatchObject([{ kind: 'unknown_reference', orderId: null, amount: '50000.00' }]);
  });

  it('money for a payment whose order the window cancelled is a late task; the order stays cancelled (D44)', async () => {
    const { orderId, borrower } = await payableOrder();
    await gatewayOf(borrower.cookie, orderId);
    setClock(new Date(START.getTime() + 49 * HOUR));
    await fireDueTimers({ db: g.ctx.db, config: g.ctx.config, log: g.ctx.deps.log });
    expect((await orderRow(orderId)).status).toBe('Cancelled');
    const qris = await qrisOf(orderId);
    await g.gateway.pay(qris.providerRef);
    await work();
    expect((await orderRow(orderId)).status).toBe('Cancelled');
    expect(await tasksOf(orderId)).toMatchObject([{ kind: 'late', amount: '15000.00' }]);
  });

  it('a second payment (QRIS, then a virtual account) is a task; the order moved once (D44)', async () => {
    const { orderId, borrower } = await payableOrder();
    await gatewayOf(borrower.cookie, orderId);
    const qris = await qrisOf(orderId);
    const va = await vaOf(orderId, 'BNI');
    await g.gateway.pay(qris.providerRef);
    await g.gateway.pay(va.providerRef);
    await work();
    expect((await orderRow(orderId)).status).toBe('Processed');
    expect(await confirmations(orderId)).toHaveLength(1);
    expect(await tasksOf(orderId)).toMatchObject([{ kind: 'second_payment', amount: '15000.00' }]);
    // D43: a virtual account costs Rp 4,000.
    expect((await vaOf(orderId, 'BNI')).fee).toBe('4000.00');
  });

  it('out of order: a failure notice after the capture changes nothing', async () => {
    const { orderId, borrower } = await payableOrder();
    const paid = await openAndPay(orderId, borrower.cookie);
    expect(await g.gateway.sendNotice(captureOf({ ...paid, status: 'FAILED' }, 'payment.failure'))).toBe(200);
    await work();
    expect((await orderRow(orderId)).status).toBe('Processed');
    expect(await confirmations(orderId)).toHaveLength(1);
    expect(await tasksOf(orderId)).toHaveLength(0);
  });

  it('a notice the gateway’s read-back contradicts moves nothing and makes no task', async () => {
    const { orderId, borrower } = await payableOrder();
    await gatewayOf(borrower.cookie, orderId);
    const qris = await qrisOf(orderId);
    // Forged: the notice says paid, the gateway has no such payment succeeded.
    const forged = {
      payment_id: `py-forged-${orderId}`,
      payment_request_id: qris.providerRef,
      reference_id: qris.id,
      request_amount: 15000,
      currency: 'IDR',
      channel_code: 'QRIS',
      status: 'SUCCEEDED' as const,
      created: new Date().toISOString(),
    };
    g.gateway.payments.set(forged.payment_id, { ...forged, status: 'FAILED' });
    expect(await g.gateway.sendNotice(captureOf(forged))).toBe(200);
    await work();
    expect((await orderRow(orderId)).status).toBe('Waiting for Payment');
    expect(await tasksOf(orderId)).toHaveLength(0);
    const [notice] = await g.ctx.db
      .select()
      .from(paymentNotices)
      .where(eq(paymentNotices.outcome, 'read_back_disagrees'));
    expect(notice).toBeDefined();
  });

  it('test mode’s simulate is refused when the provider is a real gateway', async () => {
    const { orderId, borrower } = await payableOrder();
    const res = await g.ctx.answer(
      g.ctx
        .client<PaymentsApi>(borrower.cookie)
        .orders[':id'].payment.simulate.$post({ param: { id: orderId } }),
    );
    expect(res.status).toBe(404);
    expect((res.body as { error: { code: string } }).error.code).toBe('PAYMENT_TEST_MODE_ONLY');
  });
});
