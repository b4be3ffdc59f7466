import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '@server/db/client';
import { pushSubscriptions } from '@server/db/schema';
import { renderNotice } from '@server/outbox/layout';
import { EMAIL_LEASE_MS, enqueueEmails } from '@server/outbox/outbox';
import { createUser } from '@server/seed/factories';
import { findTestPostgres, openTestDatabase } from '@tests/support/database';
import { type BrowserSubscription, browserSubscription, startPushService } from '@tests/support/push-service';
import { type ServerProcess, startServer } from '@tests/support/server-process';
import { type Mailbox, startSmtpServer } from '@tests/support/smtp';

// SIGKILL while the worker sends notices on both channels (D45, D37). Every member has a device
// and two notices due at one moment. After a restart past the lease: every row of both channels
// is sent; each member got ONE email carrying both notices and ONE notification carrying both
// (every push they received names the same outbox row as its tag, so a repeat of the push in
// flight at the kill replaces the notification it already showed instead of adding one).

const MEMBERS = 40;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup().catch(() => {});
});

async function rowsOf<T>(db: Database['db'], query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const postgres = await findTestPostgres();
const kinds: ('pglite' | 'postgres')[] = postgres ? ['pglite', 'postgres'] : ['pglite'];

/** The database the server will use: PGlite files in `dataDir`, or a fresh one on PostgreSQL. */
async function databaseFor(kind: 'pglite' | 'postgres', dataDir: string) {
  if (kind === 'pglite') {
    const database = await openDatabase({ databaseUrl: null, dataDir });
    return { database, databaseUrl: '', reopen: () => openDatabase({ databaseUrl: null, dataDir }) };
  }
  const database = await openTestDatabase(postgres);
  cleanups.push(() => database.close());
  const databaseUrl = database.url!;
  return { database, databaseUrl, reopen: () => openDatabase({ databaseUrl, poolSize: 2 }) };
}

describe.each(kinds)('SIGKILL while notices go by email and push (%s)', (kind) => {
  it('after restart every row of each channel is sent; one email and one notification per member', {
    timeout: 600_000,
  }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rakbuku-push-crash-'));
    const mailbox: Mailbox = await startSmtpServer();
    // A slow push service: the worker is mid-way through the pushes when the kill comes.
    const push = await startPushService({ answerAfterMs: 40 });
    let server: ServerProcess | null = null;
    cleanups.push(async () => {
      await server?.kill('SIGKILL');
      await mailbox.close();
      await push.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    // Members, their devices and their notices, written as the features write them.
    const { database, databaseUrl, reopen } = await databaseFor(kind, dataDir);
    await database.migrate();
    const devices = new Map<string, BrowserSubscription>();
    for (let i = 0; i < MEMBERS; i++) {
      const member = await createUser(database.db, { email: `push-crash-${i}@example.com` });
      const device = browserSubscription(push, `crash-${i}`);
      devices.set(member.email, device);
      await database.db.insert(pushSubscriptions).values({
        userId: member.id,
        endpoint: device.json.endpoint,
        p256dh: device.json.keys.p256dh,
        auth: device.json.keys.auth,
      });
      await enqueueEmails(
        database.db,
        ['First', 'Second'].map((word) => ({
          to: member.email,
          recipientType: 'owner' as const,
          emailType: 'message',
          ...renderNotice('en', {
            subject: `${word} notice ${i}`,
            title: word,
            paragraphs: [`${word} for ${i}`],
          }),
          push: {
            language: 'en' as const,
            title: `${word} push ${i}`,
            body: word,
            url: 'http://localhost/messages',
          },
        })),
      );
    }
    // PGlite is one process's database: the server opens it next.
    if (kind === 'pglite') await database.close();

    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SMTP_URL: mailbox.url,
      MAIL_TRANSPORT: 'smtp',
      EMAIL_WORKER: 'true',
    };
    server = await startServer(env);
    // The emails go first, then the pushes: kill once some pushes arrived.
    const started = Date.now();
    while (push.received.length < 5 && Date.now() - started < 120_000)
      await new Promise((r) => setTimeout(r, 5));
    await server.kill('SIGKILL');
    const atKill = push.received.length;

    // Past the lease: the row in flight at the kill is leased to the dead process until then.
    server = await startServer({ ...env, CLOCK_OFFSET_MS: String(EMAIL_LEASE_MS + 60_000) });
    const deadline = Date.now() + 240_000;
    while (new Set(push.received.map((p) => p.path)).size < MEMBERS && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    // Let a last mark land, then stop gracefully and read the database.
    await new Promise((r) => setTimeout(r, 1000));
    await server.kill('SIGTERM');
    server = null;

    const db = await reopen();
    try {
      const rows = await rowsOf<{ channel: string; n: number; unsent: number }>(
        db.db,
        sql`select channel, count(*)::int as n, count(*) filter (where sent_at is null)::int as unsent
            from email_notifications group by channel order by channel`,
      );
      expect(rows).toEqual([
        { channel: 'email', n: MEMBERS * 2, unsent: 0 },
        { channel: 'push', n: MEMBERS * 2, unsent: 0 },
      ]);
      const pushLeads = new Map(
        (
          await rowsOf<{ id: string; to: string }>(
            db.db,
            sql`select id, recipient_email as "to" from email_notifications where channel = 'push'`,
          )
        ).map((r) => [r.id, r.to]),
      );
      for (const [email, device] of devices) {
        const shown = push.received
          .filter((p) => p.path === device.path)
          .map((p) => JSON.parse(device.decrypt(p.body)) as { title: string; body: string; tag: string });
        // At least once; more only for the push in flight at the kill, and then the same notification.
        expect(shown.length, email).toBeGreaterThanOrEqual(1);
        expect(new Set(shown.map((s) => s.tag)).size, email).toBe(1);
        expect(pushLeads.get(shown[0].tag), email).toBe(email);
        // Batched per channel (D37): the one notification carries both notices.
        const i = email.match(/push-crash-(\d+)@/)![1];
        // (Both were queued in one statement: which leads is the ids' order.)
        expect(shown[0].title).toMatch(new RegExp(`^(First|Second) push ${i}, and 1 more notice$`));
        expect(shown[0].body.split(' · ').sort()).toEqual([`First push ${i}`, `Second push ${i}`]);
        // And one email carried both (a repeat only for the email in flight, with one Message-ID).
        const mails = mailbox.messages.filter((m) => m.to.includes(email));
        expect(mails.length, email).toBeGreaterThanOrEqual(1);
        expect(new Set(mails.map((m) => /^Message-ID: <([^>]+)>/im.exec(m.raw)?.[1])).size, email).toBe(1);
        expect(mails[0].body).toContain(`First for ${i}`);
        expect(mails[0].body).toContain(`Second for ${i}`);
      }
      // Repeats: at most the push in flight at the kill (one request per device at a time).
      const repeats = [...devices.values()].reduce(
        (sum, d) => sum + Math.max(push.received.filter((p) => p.path === d.path).length - 1, 0),
        0,
      );
      expect(repeats).toBeLessThanOrEqual(1);
      // The kill really came mid-way through the pushes.
      expect(atKill).toBeGreaterThan(0);
      expect(atKill).toBeLessThan(MEMBERS);
    } finally {
      await db.close();
    }
  });
});
