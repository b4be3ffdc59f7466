import { count } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type DbOrTx, openDatabase } from '@server/db/client';
import { ledgerSettings, payouts, user } from '@server/db/schema';
import { loadConfig } from '@server/config';
import { createLogger } from '@server/lib/logger';
import { createRuntime, type Runtime } from '@server/runtime';
import { createUser } from '@server/seed/factories';
import { findTestPostgres } from '@tests/support/database';
import { balancesFromRecords, keptBalances } from '@tests/support/balances';
import { insertShareOrder } from '@tests/support/order-fixture';
import { createTestContext, type TestContext } from '@tests/support/harness';
import { recountBalancesStep, startBalanceRecount, syncOwnerBalances } from './balances-service';
import type { PaymentsApi } from './routes';

// The start-up recount of every owner's balance after a fee change ran as one statement: on a
// million orders it passed the statement timeout and the server exited. Now a start only notes
// the new fee; the recount runs in the background in batches of owners, each its own short
// transaction, and resumes after a restart. Meanwhile the lists built on the kept balances answer
// 503 BALANCES_RECOUNTING with Retry-After, and writers' changes during the recount are counted
// once, at the new fee.

async function payout(db: DbOrTx, ownerId: string, amount: string) {
  await db.insert(payouts).values({
    ownerId,
    ownerName: 'An Owner',
    amount,
    paidOn: '2026-03-01',
    reference: 'REF',
    recordedByName: 'Admin',
  });
}

/** Owners with old orders (no stored share, so their balance follows the fee), in id order. */
async function ownersWithOldOrders(db: DbOrTx, n: number) {
  const owners = await Promise.all(Array.from({ length: n }, () => createUser(db)));
  for (const [i, owner] of owners.entries()) {
    await insertShareOrder(db, owner.id, 'Completed', `${10_001 + i * 1_000}.00`, null);
    await insertShareOrder(db, owner.id, 'Completed', '20000.00', '18000.00');
  }
  return owners.sort((a, b) => (a.id < b.id ? -1 : 1));
}

describe('the owners balances recount after a fee change', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('runs in batches; meanwhile the lists built on it answer 503 with Retry-After; writers during it are counted once at the new fee; a stop resumes', {
    timeout: 120_000,
  }, async () => {
    const { db } = ctx;
    const fee = ctx.config.serviceFeePercent;
    const admin = await ctx.admin();
    const owners = await ownersWithOldOrders(db, 8);
    expect(await keptBalances(db)).toEqual(await balancesFromRecords(db, fee));

    // A start with another fee only notes it: nothing is counted yet.
    expect(await syncOwnerBalances(db, fee + 5)).toBe(true);
    expect(await keptBalances(db)).toEqual(await balancesFromRecords(db, fee));
    for (const [method, path] of [
      ['GET', '/api/admin/payouts'],
      ['GET', '/api/admin/payout-batches'],
      ['POST', '/api/admin/payout-batches'],
    ] as const) {
      const res = await ctx.rawRequest<{ error: { code: string; message: string } }>(method, path, {
        cookie: admin.cookie,
      });
      expect(res.status, `${method} ${path}`).toBe(503);
      expect(res.body.error.code).toBe('BALANCES_RECOUNTING');
      expect(res.body.error.message).toMatch(/being counted again/);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const [before] = await db.select().from(ledgerSettings);
    expect(before.recountAfter).toBe('');

    // Batches of 3 users (the admin, the owners and any other member): the batch that finds no
    // third user runs to the end.
    const [{ users }] = await db.select({ users: count() }).from(user);
    let steps = 0;
    let more = true;
    while (more) {
      more = await recountBalancesStep(db, 3);
      steps++;
      if (steps === 1) {
        // Writers between two batches: a completion for an owner already counted and for one not
        // yet, both old-style (no stored share), and a payout.
        const [counted] = await db.select().from(ledgerSettings);
        const done = owners.filter((o) => o.id <= counted.recountAfter!);
        const waiting = owners.filter((o) => o.id > counted.recountAfter!);
        expect(done.length).toBeGreaterThan(0);
        expect(waiting.length).toBeGreaterThan(0);
        await insertShareOrder(db, done[0].id, 'Completed', '33333.00', null);
        await insertShareOrder(db, waiting[waiting.length - 1].id, 'Completed', '44444.00', null);
        await payout(db, waiting[0].id, '5000.00');
      }
    }
    expect(steps).toBe(Math.floor(users / 3) + 1);
    expect(steps).toBeGreaterThanOrEqual(3);
    expect(await keptBalances(db)).toEqual(await balancesFromRecords(db, fee + 5));
    expect(
      (await ctx.answer(ctx.client<PaymentsApi>(admin.cookie).admin.payouts.$get({ query: {} }))).status,
    ).toBe(200);
    expect(await syncOwnerBalances(db, fee + 5)).toBe(false);

    // Back to the configured fee; the process stops after one batch. The next start finds the
    // recount unfinished and goes on from where it stood, not from the first owner.
    expect(await syncOwnerBalances(db, fee)).toBe(true);
    expect(await recountBalancesStep(db, 3)).toBe(true);
    const [stopped] = await db.select().from(ledgerSettings);
    expect(stopped.recountAfter).not.toBe('');
    expect(await syncOwnerBalances(db, fee)).toBe(true);
    const [resumed] = await db.select().from(ledgerSettings);
    expect(resumed.recountAfter).toBe(stopped.recountAfter);
    const recount = startBalanceRecount(db, createLogger('silent'));
    await recount.done;
    expect(await keptBalances(db)).toEqual(await balancesFromRecords(db, fee));
    const [finished] = await db.select().from(ledgerSettings);
    expect(finished.recountAfter).toBeNull();
  });
});

const postgres = await findTestPostgres();

describe.skipIf(!postgres)('a start never waits for the recount (PostgreSQL)', () => {
  let ctx: TestContext;
  let second: Database | null = null;
  let restarted: Runtime | null = null;
  beforeAll(async () => {
    ctx = await createTestContext({}, { databaseServer: postgres });
  });
  afterAll(async () => {
    await restarted?.close();
    if (second) await second.close().catch(() => {});
    await ctx.close();
  });

  it('a restart with a new fee answers while every balance row is locked; the recount finishes once the lock goes', {
    timeout: 120_000,
  }, async () => {
    const url = (ctx.runtime.database as Database & { url: string | null }).url!;
    const { db } = ctx;
    const fee = ctx.config.serviceFeePercent;
    await ownersWithOldOrders(db, 5);

    // Another session holds owner_balances so that no row of it can be written (reads pass).
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table owner_balances in exclusive mode');

      // The old start-up recounted here, in one statement, and would wait on the lock (and, on a
      // big database, pass the statement timeout): this start must complete regardless.
      second = await openDatabase({ databaseUrl: url, poolSize: 4 });
      const config = loadConfig({
        NODE_ENV: 'test',
        APP_URL: ctx.config.appUrl,
        DATA_DIR: ctx.config.dataDir,
        MAIL_TRANSPORT: 'none',
        LOG_LEVEL: 'silent',
        EMAIL_WORKER: 'false',
        SERVICE_FEE_PERCENT: String(fee + 3),
      });
      restarted = await createRuntime(config, { database: second, log: createLogger('silent') });
      expect(restarted.balanceRecount).not.toBeNull();
      const admin = await ctx.admin();
      const listed = await restarted.app.request('/api/admin/payouts', { headers: { cookie: admin.cookie } });
      expect(listed.status).toBe(503);
      expect(await keptBalances(db)).toEqual(await balancesFromRecords(db, fee));
    } finally {
      await holder.query('rollback').catch(() => {});
      await holder.end();
    }
    await restarted.balanceRecount?.done;
    expect(await keptBalances(db)).toEqual(await balancesFromRecords(db, fee + 3));
  });
});
