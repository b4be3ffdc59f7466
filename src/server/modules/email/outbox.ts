import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { emailNotifications } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import type { RenderedEmail } from './layout';

// The outbox (D14): every email is a row first; a worker sends pending rows right after
// they are queued and every 60 seconds. Rows are claimed with FOR UPDATE SKIP LOCKED so
// several instances can run the worker without sending anything twice.

export const MAX_EMAIL_ATTEMPTS = 5;
const CLAIM_BATCH = 50;

export interface QueuedEmail extends RenderedEmail {
  to: string;
  recipientType: 'user' | 'borrower' | 'owner' | 'admin';
  emailType: string;
  orderId?: string | null;
}

/** Queue an email; call inside the transaction that caused it so both commit or neither. */
export async function enqueueEmail(db: DbOrTx, email: QueuedEmail): Promise<void> {
  await enqueueEmails(db, [email]);
}

export async function enqueueEmails(db: DbOrTx, emails: QueuedEmail[]): Promise<void> {
  if (emails.length === 0) return;
  await db.insert(emailNotifications).values(
    emails.map((e) => ({
      recipientEmail: e.to,
      recipientType: e.recipientType,
      emailType: e.emailType,
      orderId: e.orderId ?? null,
      subject: e.subject,
      textBody: e.text,
      htmlBody: e.html,
    })),
  );
}

export interface Transport {
  kind: 'smtp' | 'file' | 'none';
  send(message: { to: string; subject: string; text: string; html: string }): Promise<void>;
}

export function createTransport(config: Config, log: Logger): Transport {
  const { transport, smtpUrl, from } = config.mail;
  if (transport === 'smtp' && smtpUrl) {
    const smtp = nodemailer.createTransport(smtpUrl);
    return {
      kind: 'smtp',
      async send(m) {
        await smtp.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html });
      },
    };
  }
  if (transport === 'file') {
    // D15: in development each email is an .eml file, and one log line shows its links.
    const dir = join(config.dataDir, 'mail');
    const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    return {
      kind: 'file',
      async send(m) {
        mkdirSync(dir, { recursive: true });
        const info = await files.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html });
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${m.to.replace(/[^a-z0-9@.]/gi, '_')}.eml`;
        writeFileSync(join(dir, name), info.message as Buffer);
        const links = m.text.match(/https?:\/\/\S+/g) ?? [];
        log.info({ to: m.to, file: join(dir, name), links }, `email: ${m.subject}`);
      },
    };
  }
  return {
    kind: 'none',
    async send() {
      throw new Error('Email service not configured');
    },
  };
}

export interface OutboxRunResult {
  sent: number;
  failed: number;
}

export interface Outbox {
  transport: Transport;
  /** Send what is pending now; resolves when this pass is done. */
  runOnce(): Promise<OutboxRunResult>;
  /** Ask for a pass soon without waiting (after queueing). */
  kick(): void;
  start(): void;
  stop(): Promise<void>;
}

/** Backoff after a failed attempt: 1, 2, 4, 8 ... minutes. */
function retryDelayMs(attempts: number): number {
  return 60_000 * 2 ** Math.max(0, attempts - 1);
}

export function createOutbox(deps: {
  db: Db;
  transport: Transport;
  log: Logger;
  intervalMs: number;
  /** Work done at the start of every pass (the due timers, D24); its failure never stops the pass. */
  beforeSend?: () => Promise<unknown>;
}): Outbox {
  const { db, transport, log } = deps;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<OutboxRunResult> | null = null;
  let again = false;

  async function sendBatch(): Promise<OutboxRunResult & { claimed: number }> {
    return db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(emailNotifications)
        .where(
          and(
            isNull(emailNotifications.sentAt),
            lte(emailNotifications.nextAttemptAt, sql`now()`),
            sql`${emailNotifications.attempts} < ${MAX_EMAIL_ATTEMPTS}`,
          ),
        )
        .orderBy(asc(emailNotifications.createdAt))
        .limit(CLAIM_BATCH)
        .for('update', { skipLocked: true });
      let sent = 0;
      let failed = 0;
      const sentIds: string[] = [];
      for (const row of rows) {
        try {
          await transport.send({
            to: row.recipientEmail,
            subject: row.subject,
            text: row.textBody,
            html: row.htmlBody,
          });
          sentIds.push(row.id);
          sent++;
        } catch (err) {
          failed++;
          const attempts = row.attempts + 1;
          await tx
            .update(emailNotifications)
            .set({
              attempts,
              lastError: err instanceof Error ? err.message.slice(0, 500) : String(err),
              nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)),
            })
            .where(eq(emailNotifications.id, row.id));
          log.warn({ emailId: row.id, err: String(err) }, 'email send failed');
        }
      }
      if (sentIds.length) {
        await tx
          .update(emailNotifications)
          .set({ sentAt: new Date(), attempts: sql`${emailNotifications.attempts} + 1`, lastError: null })
          .where(inArray(emailNotifications.id, sentIds));
      }
      return { sent, failed, claimed: rows.length };
    });
  }

  async function drain(): Promise<OutboxRunResult> {
    const total = { sent: 0, failed: 0 };
    if (deps.beforeSend) await deps.beforeSend().catch((err) => log.error({ err }, 'timer pass failed'));
    if (transport.kind === 'none') return total;
    for (;;) {
      const r = await sendBatch();
      total.sent += r.sent;
      total.failed += r.failed;
      // Stop when a batch made no progress (all failed or nothing claimable).
      if (r.claimed < CLAIM_BATCH || r.sent === 0) return total;
    }
  }

  function runOnce(): Promise<OutboxRunResult> {
    if (running) {
      again = true;
      return running;
    }
    running = drain().finally(() => {
      running = null;
      if (again) {
        again = false;
        kick();
      }
    });
    return running;
  }

  function kick() {
    if (transport.kind === 'none') return;
    runOnce().catch((err) => log.error({ err }, 'outbox pass failed'));
  }

  return {
    transport,
    runOnce,
    kick,
    start() {
      if (timer) return;
      // The 60-second pass also fires the due timers (D24), with or without a mail transport.
      const tick = () => runOnce().catch((err) => log.error({ err }, 'outbox pass failed'));
      timer = setInterval(tick, deps.intervalMs);
      timer.unref();
      void tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => {});
    },
  };
}
