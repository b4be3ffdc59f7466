import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentNotices, payments } from '@server/db/schema';
import type { FakeGateway } from '@server/modules/payments/fake-gateway/server';
import { NOTICE_PATH } from '@server/modules/payments/provider-service';
import { findTestPostgres, openTestDatabase } from '@tests/support/database';
import {
  gatewayEnv,
  insertPayableOrders,
  movedOnce,
  noticeEffects,
  noticesLeft,
  type PayableOrder,
  startTestGateway,
} from '@tests/support/gateway';
import { call, type ServerProcess, signInOver, startServer } from '@tests/support/server-process';

// D42 behind a load balancer: the gateway's notice for a payment reaches both instances at the
// same moment (a retry after a timeout, or two deliveries), for several orders at once. Each
// order moves once: one confirmation, one payment recorded, one set of emails, no admin task.
// Needs a PostgreSQL server (PGlite is one process's database), as two-instances.test.ts.

const PASSWORD = 'gateway-instances-1';
const ORDERS = 8;

const serverUrl = await findTestPostgres();

describe.skipIf(!serverUrl)('gateway notices on two instances at once (D42)', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let gateway: FakeGateway;
  let servers: ServerProcess[];
  const dataDirs: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(serverUrl!);
    await database.migrate();
    gateway = await startTestGateway();
    const env = () => {
      const dir = mkdtempSync(join(tmpdir(), 'rakbuku-gateway-instances-'));
      dataDirs.push(dir);
      return {
        DATABASE_URL: database.url!,
        DATA_DIR: dir,
        AUTH_SECRET: 'gateway-instances-test-secret-0123456789abcdef',
        ...gatewayEnv(gateway),
      };
    };
    servers = await Promise.all([startServer(env()), startServer(env())]);
  }, 400_000);

  afterAll(async () => {
    await Promise.all((servers ?? []).map((s) => s.kill('SIGTERM')));
    await gateway?.close();
    await database?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  /** Orders whose borrowers opened the payment page (the gateway made their codes) and paid the QRIS. */
  async function paidOrders(count: number) {
    const placed = await insertPayableOrders(database.db, count, PASSWORD);
    return Promise.all(
      placed.map(async (order, i) => {
        const server = servers[i % 2];
        const cookie = await signInOver(server.url, order.borrowerEmail, PASSWORD);
        const page = await call(server.url, 'GET', `/api/orders/${order.orderId}/payment/gateway`, cookie);
        expect(page.status).toBe(200);
        const [qris] = await database.db
          .select()
          .from(payments)
          .where(and(eq(payments.orderId, order.orderId), eq(payments.method, 'qris')));
        return { order, notice: gateway.settle(qris.providerRef).notice };
      }),
    );
  }

  /** Until every stored notice is processed (either instance's worker, kicked by the notice). */
  async function noticesProcessed() {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const left = await noticesLeft(database.db);
      if (left.notices === 0 && left.timers === 0) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('The notices were not processed within a minute');
  }

  const noticeUrls = () => servers.map((s) => `${s.url}${NOTICE_PATH}`);

  async function expectEachMovedOnce(orders: PayableOrder[]) {
    for (const order of orders) {
      expect(await noticeEffects(database.db, order), order.orderId).toEqual(movedOnce(order));
    }
  }

  it(`the same notice (one webhook id) sent to both instances at once, for ${ORDERS} orders: each moves once`, async () => {
    const paid = await paidOrders(ORDERS);
    const answers = await Promise.all(
      paid.flatMap(({ order, notice }) =>
        noticeUrls().map((url) =>
          gateway.sendNotice(notice, { 'webhook-id': `wh-both-${order.orderId}` }, url),
        ),
      ),
    );
    expect(answers).toEqual(Array(ORDERS * 2).fill(200));
    await noticesProcessed();

    await expectEachMovedOnce(paid.map((p) => p.order));
    const stored = await database.db.select().from(paymentNotices);
    const mine = stored.filter((n) => n.webhookId.startsWith('wh-both-'));
    expect(mine.map((n) => n.outcome)).toEqual(Array(ORDERS).fill('recorded'));
  });

  it('one payment told under two webhook ids, one to each instance at once: recorded once, the other already recorded', async () => {
    const paid = await paidOrders(ORDERS);
    const answers = await Promise.all(
      paid.flatMap(({ order, notice }) =>
        noticeUrls().map((url, i) =>
          gateway.sendNotice(notice, { 'webhook-id': `wh-twice-${i}-${order.orderId}` }, url),
        ),
      ),
    );
    expect(answers).toEqual(Array(ORDERS * 2).fill(200));
    await noticesProcessed();

    await expectEachMovedOnce(paid.map((p) => p.order));
    const stored = await database.db.select().from(paymentNotices);
    for (const { order } of paid) {
      const outcomes = stored
        .filter((n) => n.webhookId.endsWith(`-${order.orderId}`) && n.webhookId.startsWith('wh-twice-'))
        .map((n) => n.outcome)
        .sort();
      expect(outcomes, order.orderId).toEqual(['already_recorded', 'recorded']);
    }
  });
});
