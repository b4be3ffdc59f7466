import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '@server/db/client';
import { orders, paymentNotices } from '@server/db/schema';
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

// D42: a notice is stored (and answered) in its request and processed later by the worker. A
// SIGKILL between the two loses nothing: after a restart every stored notice is processed and
// each order moves once. The kill lands in that window by construction: the fake gateway holds
// its read-backs, which the worker asks inside the transaction that processes a notice, so when
// the first read-back arrives every notice is stored and none is processed. Runs on PGlite and,
// when one answers, on PostgreSQL.

const PASSWORD = 'gateway-crash-1';
const ORDERS = 6;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup().catch(() => {});
});

const postgres = await findTestPostgres();
const kinds: ('pglite' | 'postgres')[] = postgres ? ['pglite', 'postgres'] : ['pglite'];

interface Setup {
  env: Record<string, string>;
  open(): Promise<Database>;
}

async function prepare(
  kind: 'pglite' | 'postgres',
  gateway: FakeGateway,
): Promise<Setup & { orders: PayableOrder[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), `rakbuku-gateway-crash-${kind}-`));
  let database: Database;
  let databaseUrl = '';
  if (kind === 'postgres') {
    const test = await openTestDatabase(postgres);
    database = test;
    databaseUrl = test.url!;
    cleanups.push(() => test.close());
  } else {
    database = await openDatabase({ databaseUrl: null, dataDir });
  }
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  await database.migrate();
  const placed = await insertPayableOrders(database.db, ORDERS, PASSWORD);
  // PGlite is one process's database: the server opens it next.
  if (kind === 'pglite') await database.close();
  return {
    orders: placed,
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ...gatewayEnv(gateway) },
    open: () =>
      kind === 'pglite'
        ? openDatabase({ databaseUrl: null, dataDir })
        : openDatabase({ databaseUrl, poolSize: 2 }),
  };
}

/** Reads the database with the server stopped (PGlite allows one process at a time). */
async function inspect<T>(setup: Setup, read: (db: Database['db']) => Promise<T>): Promise<T> {
  const database = await setup.open();
  try {
    return await read(database.db);
  } finally {
    await database.close();
  }
}

describe.each(kinds)('SIGKILL between storing a gateway notice and processing it (%s)', (kind) => {
  it('after a restart every stored notice is processed and each order moves once', {
    timeout: 600_000,
  }, async () => {
    const gateway = await startTestGateway();
    cleanups.push(() => gateway.close());
    const setup = await prepare(kind, gateway);
    let server: ServerProcess | null = await startServer(setup.env);
    cleanups.push(async () => server?.kill('SIGKILL'));
    const url = server.url;

    // Each borrower opens the payment page (the gateway makes the codes) and pays the QRIS.
    const qrisCodes = await Promise.all(
      setup.orders.map(async (order) => {
        const cookie = await signInOver(url, order.borrowerEmail, PASSWORD);
        const page = await call(url, 'GET', `/api/orders/${order.orderId}/payment/gateway`, cookie);
        const { gateway: shown } = (await page.json()) as { gateway: { qris: { payload: string } } };
        // The gateway's request behind the code shown (the database is the server's alone now).
        const request = [...gateway.requests.values()].find(
          (r) => r.actions[0]?.value === shown.qris.payload,
        );
        return request!.payment_request_id;
      }),
    );

    // The read-backs wait: the worker stops inside the first notice's processing.
    let release = () => {};
    gateway.readBackGate = new Promise<void>((resolve) => {
      release = resolve;
    });
    for (const providerRef of qrisCodes) {
      const { notice } = gateway.settle(providerRef);
      expect(await gateway.sendNotice(notice, {}, `${url}${NOTICE_PATH}`)).toBe(200);
    }
    const deadline = Date.now() + 60_000;
    while (gateway.readBacks === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(gateway.readBacks).toBeGreaterThan(0);
    await server.kill('SIGKILL');
    server = null;
    gateway.readBackGate = null;
    release();

    // The kill came in the window: every notice stored, none processed, no order moved.
    const atKill = await inspect(setup, async (db) => ({
      stored: (await db.select().from(paymentNotices)).length,
      left: await noticesLeft(db),
      waiting: (await db.select().from(orders)).filter((o) => o.status === 'Waiting for Payment').length,
    }));
    expect(atKill).toEqual({ stored: ORDERS, left: { notices: ORDERS, timers: ORDERS }, waiting: ORDERS });

    // Restart: the worker's first pass fires the stored notices' timers.
    server = await startServer(setup.env);
    const restarted = server;
    const cookies = await Promise.all(
      setup.orders.map((order) => signInOver(restarted.url, order.borrowerEmail, PASSWORD)),
    );
    const until = Date.now() + 120_000;
    for (const [i, order] of setup.orders.entries()) {
      for (;;) {
        const res = await call(restarted.url, 'GET', `/api/orders/${order.orderId}`, cookies[i]);
        const { status } = (await res.json()) as { status: string };
        if (status === 'Processed') break;
        if (Date.now() > until) throw new Error(`Order ${order.orderId} is still ${status}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    await server.kill('SIGTERM');
    server = null;

    await inspect(setup, async (db) => {
      for (const order of setup.orders) {
        expect(await noticeEffects(db, order), order.orderId).toEqual(movedOnce(order));
      }
      expect(await noticesLeft(db)).toEqual({ notices: 0, timers: 0 });
      const outcomes = (await db.select().from(paymentNotices)).map((n) => n.outcome);
      expect(outcomes).toEqual(Array(ORDERS).fill('recorded'));
    });
  });
});
