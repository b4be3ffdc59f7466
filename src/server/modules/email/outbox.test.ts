import { eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { emailNotifications } from '../../db/schema';
import { createLogger } from '../../lib/logger';
import { createTestContext, type TestContext } from '../../testing/harness';
import { createOutbox, createTransport, enqueueEmails, MAX_EMAIL_ATTEMPTS, type QueuedEmail } from './outbox';

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

  it('gives up after the attempt limit: the row stays pending with its last error for the admin to see', async () => {
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
    expect(after.lastError).toContain('Mailbox temporarily unavailable');
    expect(ctx.mailbox.messages.filter((m) => m.to.includes('hopeless@example.com'))).toHaveLength(0);
  });

  it('the admin sees a failed attempt in the Emails tab, then the Process emails button sends it', async () => {
    const admin = await ctx.admin();
    await enqueueEmails(ctx.db, [mail('tab@example.com', 'Tab mail')]);
    ctx.mailbox.failNext(1);
    await ctx.deps.outbox.runOnce();
    const list = await ctx.request('GET', '/api/admin/emails?q=tab%40', { cookie: admin.cookie });
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
    const run = await ctx.request('POST', '/api/admin/emails/process', { cookie: admin.cookie });
    expect(run.body).toMatchObject({ success: true, message: 'Email processing triggered successfully' });
    expect(ctx.mailbox.messages.filter((m) => m.to.includes('tab@example.com'))).toHaveLength(1);
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
    const res = await off.request('POST', '/api/admin/emails/process', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ configuration_required: true, message: 'Email service not configured...' });
    const pending = await off.db.select().from(emailNotifications).where(isNull(emailNotifications.sentAt));
    expect(pending.map((r) => r.recipientEmail)).toContain('nowhere@example.com');
    expect(off.mailbox.messages).toHaveLength(0);
  });
});
