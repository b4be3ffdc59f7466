import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '@server/db/client';
import { openTestDatabase } from '@tests/support/database';
import { EMAIL_LEASE_MS } from '@server/outbox/outbox';
import { type Mailbox, startSmtpServer } from '@tests/support/smtp';
import { DUE_REMINDER_TYPE, seedDueReminders } from '@tests/support/due-timers';
import { type ServerProcess, startServer } from '@tests/support/server-process';

// SIGKILL while the worker fires timers (D24): after a restart every timer has fired exactly
// once and every order has exactly one reminder row, sent. A timer's effect, its email row and
// its fired mark commit together, so a kill either keeps all three or none.

const TIMERS = 400;

const kinds: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup().catch(() => {});
});

async function rowsOf<T>(db: Database['db'], query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe.each(kinds)('SIGKILL while timers fire (%s)', (kind) => {
  it('after restart every timer fired once, and no reminder is lost or doubled', {
    timeout: 600_000,
  }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), `rakbuku-timer-crash-${kind}-`));
    const mailbox: Mailbox = await startSmtpServer();
    let databaseUrl = '';
    let drop = async () => {};
    let database: Database;
    if (kind === 'postgres') {
      const test = await openTestDatabase();
      database = test;
      databaseUrl = test.url!;
      drop = () => test.close();
    } else {
      database = await openDatabase({ databaseUrl: null, dataDir });
    }
    await database.migrate();
    const orderIds = await seedDueReminders(database.db, TIMERS, `crash-${kind}`);
    if (kind === 'pglite') await database.close();
    const open = () =>
      kind === 'pglite'
        ? openDatabase({ databaseUrl: null, dataDir })
        : openDatabase({ databaseUrl, poolSize: 2 });

    let server: ServerProcess | null = null;
    cleanups.push(async () => {
      await server?.kill('SIGKILL');
      await mailbox.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SMTP_URL: mailbox.url,
      MAIL_TRANSPORT: 'smtp',
      EMAIL_WORKER: 'true',
    };

    // The worker starts firing at once. PostgreSQL: kill when some timers have fired and others
    // not. PGlite belongs to the server process, so kill a moment after it answers.
    server = await startServer(env);
    let firedAtKill = -1;
    if (kind === 'postgres') {
      const watch = await open();
      const started = Date.now();
      for (;;) {
        const [row] = await rowsOf<{ n: number }>(
          watch.db,
          sql`select count(*)::int as n from timers where fired_at is not null`,
        );
        firedAtKill = row.n;
        if (row.n > 0 || Date.now() - started > 60_000) break;
      }
      await server.kill('SIGKILL');
      await watch.close();
    } else {
      await new Promise((r) => setTimeout(r, 20));
      await server.kill('SIGKILL');
    }
    const atKill = mailbox.messages.length;

    // Restart past the outbox lease, as the outbox crash test does: the message in flight at the
    // kill is leased to the dead process and becomes sendable again only when its lease runs out.
    server = await startServer({ ...env, CLOCK_OFFSET_MS: String(EMAIL_LEASE_MS + 60_000) });
    const deadline = Date.now() + 240_000;
    while (Date.now() < deadline) {
      const db = kind === 'postgres' ? await open() : null;
      if (!db) {
        // PGlite belongs to the server process: count what arrived instead.
        if (new Set(mailbox.messages.flatMap((m) => m.to)).size >= TIMERS) break;
      } else {
        const [left] = await rowsOf<{ n: number }>(
          db.db,
          sql`select (select count(*) from timers where fired_at is null)::int + (select count(*) from email_notifications where sent_at is null)::int as n`,
        );
        await db.close();
        if (left.n === 0) break;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    await new Promise((r) => setTimeout(r, 500));
    await server.kill('SIGTERM');

    const db = await open();
    try {
      const timers = await rowsOf<{ subject_id: string; attempts: number; fired: boolean }>(
        db.db,
        sql`select subject_id, attempts, fired_at is not null as fired from timers`,
      );
      expect(timers.filter((t) => !t.fired)).toEqual([]);
      expect(timers.filter((t) => t.attempts !== 1)).toEqual([]);
      const rows = await rowsOf<{ order_id: string; n: number; unsent: number }>(
        db.db,
        sql`select order_id, count(*)::int as n, count(*) filter (where sent_at is null)::int as unsent
            from email_notifications where email_type = ${DUE_REMINDER_TYPE} group by order_id`,
      );
      // One reminder row per order: none lost, none doubled, all sent.
      expect(rows.map((r) => r.order_id).sort()).toEqual([...orderIds].sort());
      expect(rows.filter((r) => r.n !== 1 || r.unsent !== 0)).toEqual([]);
      // Every borrower got their reminder. (Sending twice after a kill is the outbox's part:
      // at most the messages in flight at the kill, see the outbox crash test.)
      const received = new Set(
        mailbox.messages.flatMap((m) => m.to).filter((to) => to.startsWith(`crash-${kind}-`)),
      );
      expect(received.size).toBe(TIMERS);
      // The kill really came mid-way: before every reminder was out (and, where we can watch the
      // database from outside, after some timers had fired and before all had).
      expect(atKill).toBeLessThan(TIMERS);
      if (kind === 'postgres') {
        expect(firedAtKill).toBeGreaterThan(0);
        expect(firedAtKill).toBeLessThan(TIMERS);
      }
    } finally {
      await db.close();
    }
  });
});
