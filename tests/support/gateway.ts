import { type ServerType, serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { type FakeGateway, startFakeGateway } from '@server/modules/payments/fake-gateway/server';
import { NOTICE_PATH } from '@server/modules/payments/provider-service';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import {
  books,
  emailNotifications,
  orderEvents,
  orders,
  paymentNotices,
  payments,
  paymentTasks,
  timers,
} from '@server/db/schema';
import { createUser } from '@server/seed/factories';
import { createTestContext, type TestContext } from './harness';
import { insertOrder } from './order-fixture';

// An API test context whose payments go through the production Xendit adapter to the fake
// gateway, both over real HTTP: the app listens on a port the OS chose, and the gateway posts
// its notices there, with the same body and headers Xendit sends (D42).

const GATEWAY_SECRET = 'xnd_development_gateway_test_secret';
export const GATEWAY_TOKEN = 'gateway-test-callback-token-0123456789';

/** A fake gateway for server processes the test starts (their notices go where the test sends them). */
export function startTestGateway(): Promise<FakeGateway> {
  return startFakeGateway({
    secretKey: GATEWAY_SECRET,
    callbackToken: GATEWAY_TOKEN,
    noticeUrl: 'http://127.0.0.1:1/not-listening-yet',
  });
}

/** A server process's settings for paying through `gateway` with the production Xendit adapter. */
export const gatewayEnv = (gateway: FakeGateway) => ({
  PAYMENT_PROVIDER: 'xendit',
  XENDIT_SECRET_KEY: GATEWAY_SECRET,
  XENDIT_CALLBACK_TOKEN: GATEWAY_TOKEN,
  XENDIT_API_URL: gateway.url,
});

export interface PayableOrder {
  orderId: string;
  borrowerEmail: string;
  ownerEmail: string;
}

/**
 * `count` pickup orders Waiting for Payment with a 48-hour window from now (D33), each with its
 * own borrower (signing in with `password`) and owner, its book held for it: as checkout leaves
 * an order a gateway notice may move.
 */
export async function insertPayableOrders(
  db: DbOrTx,
  count: number,
  password: string,
): Promise<PayableOrder[]> {
  const made: PayableOrder[] = [];
  for (let i = 0; i < count; i++) {
    const borrower = await createUser(db, { password });
    const owner = await createUser(db, { password });
    const { order, book } = await insertOrder(db, {
      borrower,
      ownerId: owner.id,
      status: 'Waiting for Payment',
      deliveryMethod: 'pickup',
      shippingCost: '0.00',
    });
    await db
      .update(orders)
      .set({ paymentDueAt: new Date(Date.now() + 48 * 3_600_000) })
      .where(eq(orders.id, order.id));
    await db.update(books).set({ reservedByOrderId: order.id }).where(eq(books.id, book.id));
    made.push({ orderId: order.id, borrowerEmail: borrower.email, ownerEmail: owner.email });
  }
  return made;
}

export interface GatewayTestContext {
  ctx: TestContext;
  gateway: FakeGateway;
  /** The app's address (http://127.0.0.1:port). */
  appUrl: string;
  close(): Promise<void>;
}

export async function createGatewayTestContext(
  options: { databaseServer?: string | null } = {},
): Promise<GatewayTestContext> {
  const gateway = await startTestGateway();
  const ctx = await createTestContext(gatewayEnv(gateway), options);
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: ctx.runtime.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const appUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  gateway.noticeUrl = `${appUrl}${NOTICE_PATH}`;
  return {
    ctx,
    gateway,
    appUrl,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as import('node:http').Server).closeAllConnections();
      });
      await gateway.close();
      await ctx.close();
    },
  };
}

/**
 * Money with a reference that is no order's arrives at the gateway (D44: it must become a task
 * and move no order): the payment `paymentId` of Rp 50.000 by QRIS, and its capture notice as
 * Xendit sends it. Answers the status the app gave the notice.
 */
export function sendUnknownPayment(gateway: FakeGateway, paymentId: string): Promise<number> {
  const stray = {
    payment_id: paymentId,
    payment_request_id: 'pr-not-ours',
    reference_id: 'someone-elses-reference',
    request_amount: 50000,
    currency: 'IDR',
    channel_code: 'QRIS',
    status: 'SUCCEEDED' as const,
    created: new Date().toISOString(),
  };
  gateway.payments.set(stray.payment_id, stray);
  return gateway.sendNotice({
    event: 'payment.capture',
    business_id: 'fake-business',
    created: new Date().toISOString(),
    data: stray,
  });
}

/** What a gateway notice left on one order; `movedOnce(order)` is the only right answer (D42, D44). */
export async function noticeEffects(db: DbOrTx, order: PayableOrder) {
  const [row] = await db.select().from(orders).where(eq(orders.id, order.orderId));
  const events = await db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order.orderId), eq(orderEvents.action, 'confirm_payment')));
  const paid = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.orderId), eq(payments.status, 'paid')));
  const tasks = await db.select().from(paymentTasks).where(eq(paymentTasks.orderId, order.orderId));
  const emails = await db
    .select({ type: emailNotifications.emailType, to: emailNotifications.recipientEmail })
    .from(emailNotifications)
    .where(eq(emailNotifications.orderId, order.orderId));
  const seen = emails.map((e) => `${e.type} to ${e.to}`);
  return {
    status: row.status,
    confirmations: events.length,
    paidPayments: paid.length,
    tasks: tasks.map((t) => t.kind),
    repeatedEmails: seen.filter((e, i) => seen.indexOf(e) !== i),
    confirmedTo: emails
      .filter((e) => e.type === 'order_payment_confirmed')
      .map((e) => e.to)
      .sort(),
  };
}

export const movedOnce = (order: PayableOrder) => ({
  status: 'Processed',
  confirmations: 1,
  paidPayments: 1,
  tasks: [],
  repeatedEmails: [],
  confirmedTo: [order.borrowerEmail, order.ownerEmail].sort(),
});

/** Notices stored but not processed yet, and their timers not fired (both 0 once the worker is done). */
export async function noticesLeft(db: DbOrTx): Promise<{ notices: number; timers: number }> {
  const notices = await db.select().from(paymentNotices).where(isNull(paymentNotices.processedAt));
  const armed = await db
    .select()
    .from(timers)
    .where(and(eq(timers.kind, 'payment_notice'), isNull(timers.firedAt), isNull(timers.cancelledAt)));
  return { notices: notices.length, timers: armed.length };
}
