import { eq, like } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { emailNotifications } from '@server/db/schema';
import { advanceClock, resetClock, setClock } from '@server/lib/clock';
import { MAX_ATTEMPTS, RETRY_WINDOW_MS, retryWaitMs } from '@server/lib/retry-policy';
import { findTestPostgres } from '@tests/support/database';
import { createTestContext, type TestContext } from '@tests/support/harness';
import type { Mailbox } from '@tests/support/smtp';
import { enqueueEmails, type QueuedEmail } from './outbox';
import type { AdminApi } from '@server/modules/admin/routes';

// A mail outage longer than the old window (5 attempts, about 15 minutes) left every queued
// email unsent for good, even once the mail server was back. Now failures are retried with
// growing waits for about three days; past that a row is failed, shown to the admin with its
// last error, and sent again by the admin's Retry (one or all). Never dropped, never doubled.
// On PGlite and on PostgreSQL (when this machine has one).

const postgres = await findTestPostgres();
const DATABASES = [
  { name: 'PGlite', server: null },
  ...(postgres ? [{ name: 'PostgreSQL', server: postgres }] : []),
];

const MINUTE = 60_000;
let open: TestContext[] = [];
afterEach(async () => {
  resetClock();
  for (const ctx of open) await ctx.close(); // its mail server too
  open = [];
});

const mail = (to: string, subject: string): QueuedEmail => ({
  to,
  subject,
  text: `${subject} text`,
  html: `<p>${subject}</p>`,
  recipientType: 'user',
  emailType: 'test',
});

/** Outbox passes every `stepMs` of clock for `totalMs`. */
async function passes(ctx: TestContext, totalMs: number, stepMs: number) {
  for (let t = 0; t < totalMs; t += stepMs) {
    advanceClock(stepMs);
    await ctx.deps.outbox.runOnce();
  }
}

/** Each subject's deliveries, by Message-ID (the outbox row), in the mailbox. */
function deliveries(mailbox: Mailbox, prefix: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of mailbox.messages) {
    if (!m.subject.startsWith(prefix)) continue;
    const id = /^Message-ID: (.*)$/im.exec(m.raw)?.[1]?.trim() ?? m.subject;
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

describe('the retry window', () => {
  it('spans about three days of growing waits', () => {
    let waited = 0;
    for (let attempts = 1; attempts < MAX_ATTEMPTS; attempts++) {
      expect(retryWaitMs(attempts)).toBeGreaterThanOrEqual(retryWaitMs(Math.max(1, attempts - 1)));
      waited += retryWaitMs(attempts);
    }
    expect(waited).toBeGreaterThanOrEqual(RETRY_WINDOW_MS);
    expect(waited).toBeLessThan(RETRY_WINDOW_MS + 6 * 60 * MINUTE);
  });
});

describe.each(DATABASES)('a mail outage on $name', ({ server }) => {
  it('SMTP down for three hours (12 times the old window), then up: every queued email is delivered once', {
    timeout: 240_000,
  }, async () => {
    const ctx = await createTestContext({}, { databaseServer: server });
    open.push(ctx);
    setClock(new Date()); // frozen at the real now: rows are queued with the database's now()
    // The mail server goes down: every connection is turned away. It keeps its port, so the
    // address the app sends to cannot pass to another process (another test's mail server
    // would take the mail) while it is down.
    ctx.mailbox.down();

    const subjects = Array.from({ length: 12 }, (_, i) => `Outage ${i}`);
    await enqueueEmails(
      ctx.db,
      subjects.map((s, i) => mail(`outage-${i}@example.com`, s)),
    );
    await passes(ctx, 3 * 60 * MINUTE, MINUTE);
    const during = await ctx.db
      .select()
      .from(emailNotifications)
      .where(like(emailNotifications.subject, 'Outage %'));
    expect(during).toHaveLength(subjects.length);
    for (const row of during) {
      expect(row.sentAt).toBeNull();
      expect(row.failedAt).toBeNull(); // still in its window: retried, not given up
      expect(row.attempts).toBeGreaterThan(5);
      expect(row.lastError).toMatch(/421|not available/i);
    }

    // The mail server is back on the same address.
    ctx.mailbox.up();
    await passes(ctx, 3 * 60 * MINUTE, 5 * MINUTE);
    const after = await ctx.db
      .select()
      .from(emailNotifications)
      .where(like(emailNotifications.subject, 'Outage %'));
    expect(after.every((row) => row.sentAt !== null)).toBe(true);
    const counts = deliveries(ctx.mailbox, 'Outage ');
    expect(counts.size).toBe(subjects.length);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(ctx.mailbox.messages.map((m) => m.subject).sort()).toEqual([...subjects].sort());
  });

  it('past the window a row is failed and shown with its last error; the admin retries one, then all; each is sent once', {
    timeout: 240_000,
  }, async () => {
    const ctx = await createTestContext({}, { databaseServer: server });
    open.push(ctx);
    const admin = await ctx.admin();
    setClock(new Date()); // frozen at the real now: rows are queued with the database's now()
    ctx.mailbox.down();
    await enqueueEmails(ctx.db, [
      mail('lost-a@example.com', 'Lost A'),
      mail('lost-b@example.com', 'Lost B'),
      mail('lost-c@example.com', 'Lost C'),
    ]);
    // Four days down: longer than the whole window.
    await passes(ctx, 4 * 24 * 60 * MINUTE, 30 * MINUTE);
    const rows = await ctx.db
      .select()
      .from(emailNotifications)
      .where(like(emailNotifications.subject, 'Lost %'));
    for (const row of rows) {
      expect(row).toMatchObject({ sentAt: null, attempts: MAX_ATTEMPTS });
      expect(row.failedAt).not.toBeNull();
    }

    const tab = await ctx.answer(
      ctx.client<AdminApi>(admin.cookie).admin.emails.$get({ query: { state: 'failed', q: 'lost-' } }),
    );
    expect(tab.status).toBe(200);
    expect(tab.body.items).toHaveLength(3);
    for (const item of tab.body.items) {
      expect(item.failedAt).not.toBeNull();
      expect(item.lastError).toMatch(/421|not available/i);
    }

    // Back up: a failed row is not picked by the worker on its own...
    ctx.mailbox.up();
    await passes(ctx, 24 * 60 * MINUTE, 60 * MINUTE);
    expect(ctx.mailbox.messages).toHaveLength(0);

    // ...the admin retries one...
    const one = rows.find((r) => r.subject === 'Lost A')!;
    const retried = await ctx.answer(
      ctx.client<AdminApi>(admin.cookie).admin.emails[':id'].retry.$post({ param: { id: one.id } }),
    );
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual({ retried: 1 });
    await ctx.deps.outbox.runOnce();
    expect(ctx.mailbox.messages.map((m) => m.subject)).toEqual(['Lost A']);
    const again = await ctx.answer(
      ctx.client<AdminApi>(admin.cookie).admin.emails[':id'].retry.$post({ param: { id: one.id } }),
    );
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('EMAIL_NOT_FAILED');

    // ...then all the others.
    const all = await ctx.answer(ctx.client<AdminApi>(admin.cookie).admin.emails['retry-failed'].$post());
    expect(all.body).toEqual({ retried: 2 });
    await ctx.deps.outbox.runOnce();
    await passes(ctx, 60 * MINUTE, 10 * MINUTE);
    expect(ctx.mailbox.messages.map((m) => m.subject).sort()).toEqual(['Lost A', 'Lost B', 'Lost C']);
    const [sent] = await ctx.db.select().from(emailNotifications).where(eq(emailNotifications.id, one.id));
    expect(sent.failedAt).toBeNull();
    expect(sent.sentAt).not.toBeNull();
  });
});
