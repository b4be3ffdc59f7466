import { eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@server/db/client';
import { emailNotifications } from '@server/db/schema';
import { advanceClock, resetClock } from '@server/lib/clock';
import { createLogger } from '@server/lib/logger';
import { createTestContext, type TestContext } from '@tests/support/harness';
import {
  createOutbox,
  createTransport,
  EMAIL_LEASE_MS,
  enqueueEmails,
  MAX_EMAIL_ATTEMPTS,
  type QueuedEmail,
  type Transport,
} from './outbox';
import type { AdminApi } from '@server/modules/admin/routes';

// The outbox (D14, D15) against the harness's real SMTP server.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const mail = (to: string, subject: string): QueuedEmail => ({
  to,
  subject,
  text: `${subject} text`,
  html: `<p>${subject}</p>`,
  recipientType: 'user',
  emailType: 'test',
});

describe('outbox', () => {
  it('an SMTP failure leaves the row pending with the error recorded; a later run sends it once', async () => {
    await enqueueEmails(ctx.db, [mail('retry@example.com', 'Retry me')]);
    ctx.mailbox.failNext(1);
    const first = await ctx.deps.outbox.runOnce();
    expect(first).toEqual({ sent: 0, failed: 1 });
    const [pending] = await ctx.db
      .select()
      .from(emailNotifications)
      .where(eq(emailNotifications.recipientEmail, 'retry@example.com'));
    expect(pending.sentAt).toBeNull();
    expect(pending.attempts).toBe(1);
    expect(pending.lastError).toContain('Mailbox temporarily unavailable');
    // Backoff: not retried at once.
    expect(pending.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect(await ctx.deps.outbox.runOnce()).toEqual({ sent: 0, failed: 0 });

    // The backoff has passed.
    await ctx.db
      .update(emailNotifications)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(emailNotifications.id, pending.id));
    expect(await ctx.deps.outbox.runOnce()).toEqual({ sent: 1, failed: 0 });
    const [sent] = await ctx.db
      .select()
      .from(emailNotifications)
      .where(eq(emailNotifications.id, pending.id));
    expect(sent.sentAt).not.toBeNull();
    expect(sent.attempts).toBe(2);
    expect(sent.lastError).toBeNull();
    expect(ctx.mailbox.messages.filter((m) => m.to.includes('retry@example.com'))).toHaveLength(1);
  });

  it('after the last attempt of the long window the row is failed (not dropped), with its last error', async () => {
    await enqueueEmails(ctx.db, [mail('hopeless@example.com', 'Hopeless')]);
    const [row] = await ctx.db
      .update(emailNotifications)
      .set({ attempts: MAX_EMAIL_ATTEMPTS - 1 })
      .where(eq(emailNotifications.recipientEmail, 'hopeless@example.com'))
      .returning();
    ctx.mailbox.failNext(1);
    expect(await ctx.deps.outbox.runOnce()).toEqual({ sent: 0, failed: 1 });
    await ctx.db
      .update(emailNotifications)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(emailNotifications.id, row.id));
    expect(await ctx.deps.outbox.runOnce()).toEqual({ sent: 0, failed: 0 });
    const [after] = await ctx.db.select().from(emailNotifications).where(eq(emailNotifications.id, row.id));
    expect(after).toMatchObject({ sentAt: null, attempts: MAX_EMAIL_ATTEMPTS });
    expect(after.failedAt).not.toBeNull();
    expect(after.lastError).toContain('Mailbox temporarily unavailable');
    expect(ctx.mailbox.messages.filter((m) => m.to.includes('hopeless@example.com'))).toHaveLength(0);
  });

  it('the admin sees a failed attempt in the Emails tab, then the Process emails button sends it', async () => {
    const admin = await ctx.admin();
    await enqueueEmails(ctx.db, [mail('tab@example.com', 'Tab mail')]);
    ctx.mailbox.failNext(1);
    await ctx.deps.outbox.runOnce();
    const list = await ctx.answer(
      ctx.client<AdminApi>(admin.cookie).admin.emails.$get({ query: { q: 'tab@' } }),
    );
    expect(list.body.items[0]).toMatchObject({
      recipientEmail: 'tab@example.com',
      sentAt: null,
      attempts: 1,
      lastError: expect.stringContaining('Mailbox temporarily unavailable'),
    });
    await ctx.db
      .update(emailNotifications)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(emailNotifications.recipientEmail, 'tab@example.com'));
    const run = await ctx.answer(ctx.client<AdminApi>(admin.cookie).admin.emails.process.$post());
    expect(run.body).toMatchObject({ success: true, message: 'Email processing triggered successfully' });
    expect(ctx.mailbox.messages.filter((m) => m.to.includes('tab@example.com'))).toHaveLength(1);
  });

  it('a pass asked for while one runs is a new pass its callers share, and none runs after they are answered', async () => {
    const log = createLogger('silent');
    let passes = 0;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const worker = createOutbox({
      db: ctx.db,
      transport: createTransport(ctx.config, log),
      log,
      intervalMs: 60_000,
      // The first pass waits here, so the other calls come while it runs.
      beforeSend: async () => {
        passes++;
        if (passes === 1) await held;
      },
    });
    const first = worker.runOnce();
    const second = worker.runOnce();
    const third = worker.runOnce();
    await enqueueEmails(ctx.db, [mail('asked-during@example.com', 'Asked during a pass')]);
    expect(second).not.toBe(first);
    expect(third).toBe(second);
    release();
    await first;
    await second;
    expect(passes).toBe(2);
    expect(ctx.mailbox.messages.filter((m) => m.to.includes('asked-during@example.com'))).toHaveLength(1);
    // Nothing was left to run after the callers were answered.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(passes).toBe(2);
    await worker.stop();
  });

  it('two workers over separate connection pools send 200 pending rows exactly once each', async () => {
    const subjects = Array.from({ length: 200 }, (_, i) => `Bulk ${String(i).padStart(3, '0')}`);
    await enqueueEmails(
      ctx.db,
      subjects.map((s) => mail('bulk@example.com', s)),
    );
    // On PostgreSQL the second worker gets its own pool, like a second server instance; on PGlite
    // (one connection) both share the database and this proves the single-worker case.
    const url = (ctx.runtime.database as { url?: string | null }).url ?? null;
    const second = url ? await openDatabase({ databaseUrl: url, poolSize: 5 }) : null;
    const log = createLogger('silent');
    const workers = [ctx.db, second?.db ?? ctx.db].map((db) =>
      createOutbox({ db, transport: createTransport(ctx.config, log), log, intervalMs: 60_000 }),
    );
    try {
      const results = await Promise.all(workers.map((w) => w.runOnce()));
      expect(results.reduce((n, r) => n + r.sent, 0)).toBe(200);
      if (second) expect(results.every((r) => r.sent > 0)).toBe(true);
    } finally {
      await second?.close();
    }
    const received = ctx.mailbox.messages
      .filter((m) => m.to.includes('bulk@example.com'))
      .map((m) => m.subject);
    expect(received).toHaveLength(200);
    expect(new Set(received)).toEqual(new Set(subjects));
    const left = await ctx.db
      .select()
      .from(emailNotifications)
      .where(inArray(emailNotifications.subject, subjects));
    expect(left.every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);
  });
});

describe('MAIL_TRANSPORT=none', () => {
  let off: TestContext;
  beforeAll(async () => {
    off = await createTestContext({ MAIL_TRANSPORT: 'none' });
  });
  afterAll(() => off.close());

  it('Process emails answers configuration_required and leaves the rows pending', async () => {
    const admin = await off.admin();
    await enqueueEmails(off.db, [mail('nowhere@example.com', 'Never sent')]);
    const res = await off.answer(off.client<AdminApi>(admin.cookie).admin.emails.process.$post());

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ configuration_required: true, message: 'Email service not configured...' });
    const pending = await off.db.select().from(emailNotifications).where(isNull(emailNotifications.sentAt));
    expect(pending.map((r) => r.recipientEmail)).toContain('nowhere@example.com');
    expect(off.mailbox.messages).toHaveLength(0);
  });
});

// A claimed row is not held by an open transaction while it is sent,
// and a crash can repeat at most the one message that was in flight.
describe('outbox leases', () => {
  let lease: TestContext;
  beforeAll(async () => {
    lease = await createTestContext();
  });
  afterAll(async () => {
    resetClock();
    await lease.close();
  });

  /** The real SMTP transport, except that the send of `stallOn` delivers and then never returns. */
  function stallingTransport(stallOn: string) {
    const real = createTransport(lease.config, createLogger('silent'));
    let release: () => void = () => {};
    const released = new Promise<void>((r) => {
      release = r;
    });
    let stalled: () => void = () => {};
    const reached = new Promise<void>((r) => {
      stalled = r;
    });
    const transport: Transport = {
      kind: 'smtp',
      async send(m) {
        await real.send(m);
        if (m.subject === stallOn) {
          stalled();
          await released;
        }
      },
    };
    return { transport, reached, release };
  }

  it('while a message is being sent no transaction holds its row (or the embedded database)', async () => {
    await enqueueEmails(lease.db, [mail('inflight@example.com', 'In flight')]);
    const { transport, reached, release } = stallingTransport('In flight');
    const log = createLogger('silent');
    const worker = createOutbox({ db: lease.db, transport, log, intervalMs: 60_000 });
    const pass = worker.runOnce();
    await reached;
    // The old worker kept one transaction open across the sends: this lock waited (PGlite: any
    // query waited) until SMTP answered.
    const locked = lease.db.execute(
      sql`select id from email_notifications where recipient_email = 'inflight@example.com' for update nowait`,
    );
    const answer = await Promise.race([
      locked.then(() => 'answered'),
      new Promise((r) => setTimeout(() => r('waited'), 3000)),
    ]);
    release();
    await pass;
    expect(answer).toBe('answered');
  });

  it('a crash after a send repeats only the message in flight, once its lease has run out', async () => {
    const subjects = ['Lease one', 'Lease two', 'Lease three'];
    for (const s of subjects) await enqueueEmails(lease.db, [mail('lease@example.com', s)]);
    const log = createLogger('silent');
    // The first worker delivers "Lease two" and then "dies": it never marks it sent.
    const dying = stallingTransport('Lease two');
    const dyingPass = createOutbox({
      db: lease.db,
      transport: dying.transport,
      log,
      intervalMs: 60_000,
    }).runOnce();
    await dying.reached;
    const next = createOutbox({
      db: lease.db,
      transport: createTransport(lease.config, log),
      log,
      intervalMs: 60_000,
    });
    // Another worker (or the restarted process) sends what nobody holds, not the leased row.
    expect(await next.runOnce()).toEqual({ sent: 1, failed: 0 });
    advanceClock(EMAIL_LEASE_MS + 1000);
    expect(await next.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(await next.runOnce()).toEqual({ sent: 0, failed: 0 });
    const received = lease.mailbox.messages.filter((m) => m.to.includes('lease@example.com'));
    const perSubject = Object.fromEntries(
      subjects.map((s) => [s, received.filter((m) => m.subject === s).length]),
    );
    expect(perSubject).toEqual({ 'Lease one': 1, 'Lease two': 2, 'Lease three': 1 });
    // The repeat carries the row's Message-ID, so a mail client can tell it is the same email.
    const ids = received
      .filter((m) => m.subject === 'Lease two')
      .map((m) => /^Message-ID: (.*)$/im.exec(m.raw)?.[1]);
    expect(ids[0]).toMatch(/@rakbuku\.outbox>$/);
    expect(ids[1]).toBe(ids[0]);
    dying.release();
    await dyingPass;
  });
});
