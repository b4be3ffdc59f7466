import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, asc, eq, inArray, isNotNull, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Config } from '@server/config';
import type { Db, DbOrTx } from '@server/db/client';
import { emailNotifications } from '@server/db/schema';
import { now } from '@server/lib/clock';
import type { Logger } from '@server/lib/logger';
import { MAX_ATTEMPTS, retriesExhausted, retryWaitMs } from '@server/lib/retry-policy';
import { type NoticeChannel, type NoticeKind, noticeKindOf, pushIsOffered } from '@domain/notice-kinds';
import { combineNotices, DIGEST_LIMIT, digestKeyOf } from './digest';
import type { RenderedEmail, StoredNotice } from './layout';
import { combinePushes, type PushContent, type PushSender, pushDigestKey } from './push';

// The outbox (D14): every email is a row first; a worker sends pending rows right after
// they are queued and every 60 seconds.
//
// Claiming is a lease, not a transaction held across the send: one short statement takes the
// oldest due row (FOR UPDATE SKIP LOCKED, so several instances never take the same row), counts
// the attempt and pushes its next_attempt_at out by EMAIL_LEASE_MS; the message is then sent
// with no transaction open (no network I/O inside a transaction: PGlite has one connection), and
// the row is marked sent right after its own send. A crash can therefore repeat at most the one
// message in flight, once its lease runs out; every message carries the row id as its
// Message-ID, so that repeat is recognisable.
//
// Notices (layout.ts, renderNotice) are the exception to one row, one email: the row
// claimed first takes with it, under the same lease, its recipient's other notices due at that
// moment, and one email carries them all (digest.ts); they are marked sent together.
//
// Members choose their channels: a notice may also go by push (push.ts) as a row of its
// own with channel 'push'. Each channel is claimed, batched and marked on its own, so a push
// that fails never holds an email back, and each goes once. The member's choices are kept by the
// outbox's insert trigger (migration 0032), whoever writes the rows.

/** Attempts over the long retry window (about 3 days, lib/retry-policy.ts); then the row is failed. */
export const MAX_EMAIL_ATTEMPTS = MAX_ATTEMPTS;
/** How long a claimed row stays reserved for its worker: well over the SMTP timeouts below. */
export const EMAIL_LEASE_MS = 10 * 60_000;
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 120_000 };

export interface QueuedEmail extends RenderedEmail {
  to: string;
  recipientType: 'user' | 'borrower' | 'owner' | 'admin';
  emailType: string;
  orderId?: string | null;
  /** A notice may share one email with the recipient's other notices due at once. */
  notice?: StoredNotice;
  /** Where hours count: the same notice as a push to the member's devices. */
  push?: PushContent;
}

/** Queue an email; call inside the transaction that caused it so both commit or neither. */
export async function enqueueEmail(db: DbOrTx, email: QueuedEmail): Promise<void> {
  await enqueueEmails(db, [email]);
}

export async function enqueueEmails(db: DbOrTx, emails: QueuedEmail[]): Promise<void> {
  if (emails.length === 0) return;
  await db.insert(emailNotifications).values(outboxRows(emails));
}

/** The outbox rows for `emails`. */
function outboxRows(emails: readonly QueuedEmail[]): (typeof emailNotifications.$inferInsert)[] {
  return emails.flatMap((e) => {
    const noticeKind = noticeKindOf(e.emailType, e.recipientType);
    const email = {
      recipientEmail: e.to,
      recipientType: e.recipientType,
      emailType: e.emailType,
      orderId: e.orderId ?? null,
      subject: e.subject,
      textBody: e.text,
      htmlBody: e.html,
      digestKey: e.notice ? digestKeyOf(e.to, e.notice) : null,
      notice: e.notice ?? null,
      channel: 'email' as const,
      noticeKind,
    };
    // A push only for a member's own notice of a kind with pushes: the admins' working notices
    // have no kind and no push.
    if (!e.push || !noticeKind || !pushIsOffered(noticeKind)) return [email];
    const push = {
      ...email,
      subject: e.push.title,
      textBody: e.push.body,
      htmlBody: '',
      digestKey: pushDigestKey(e.to, e.push),
      notice: null,
      channel: 'push' as const,
      push: e.push,
    };
    return [email, push];
  });
}

export interface Transport {
  kind: 'smtp' | 'file' | 'none';
  /** `id` (the outbox row) becomes the Message-ID: a repeat after a crash carries the same one. */
  send(message: {
    id?: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    /** List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on a non-essential email. */
    headers?: Record<string, string>;
  }): Promise<void>;
}

function messageId(id: string | undefined): string | undefined {
  return id ? `<${id}@rakbuku.outbox>` : undefined;
}

export function createTransport(config: Config, log: Logger): Transport {
  const { transport, smtpUrl, from } = config.mail;
  /** The same message for every transport; its Message-ID is the outbox row's. */
  const mailOf = (m: Parameters<Transport['send']>[0]) => ({
    from,
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html,
    messageId: messageId(m.id),
    headers: m.headers,
  });
  if (transport === 'smtp' && smtpUrl) {
    const smtp = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
    return {
      kind: 'smtp',
      async send(m) {
        await smtp.sendMail(mailOf(m));
      },
    };
  }
  if (transport === 'file') {
    // D15: in development each email is an .eml file, and one log line shows its links. In
    // production the line never shows them: a confirmation or reset link in a log is a key to
    // the account for whoever reads the log (the .eml file, readable by the operator, has it).
    const showLinks = config.env !== 'production';
    const dir = join(config.dataDir, 'mail');
    const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    return {
      kind: 'file',
      async send(m) {
        mkdirSync(dir, { recursive: true });
        const info = await files.sendMail(mailOf(m));
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${m.to.replace(/[^a-z0-9@.]/gi, '_')}.eml`;
        writeFileSync(join(dir, name), info.message as Buffer);
        const links = showLinks ? (m.text.match(/https?:\/\/\S+/g) ?? []) : undefined;
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

interface OutboxRunResult {
  sent: number;
  failed: number;
}

export interface Outbox {
  transport: Transport;
  /** Send what is pending now; resolves when a pass that started after the call is done. */
  runOnce(): Promise<OutboxRunResult>;
  /** Ask for a pass soon without waiting (after queueing). */
  kick(): void;
  start(): void;
  stop(): Promise<void>;
}

type EmailRow = typeof emailNotifications.$inferSelect;

/**
 * Leases the rows due at `at` that `where` picks (oldest first, at most `limit`), in one
 * statement, its own short transaction: FOR UPDATE SKIP LOCKED, so a row another worker holds
 * stays with it; the attempt is counted now, so a message whose send keeps crashing the process
 * stops at the limit.
 */
async function leaseDueRows(
  db: Db,
  at: Date,
  channel: NoticeChannel,
  where: SQL | undefined,
  limit: number,
): Promise<EmailRow[]> {
  const due = db
    .select({ id: emailNotifications.id })
    .from(emailNotifications)
    .where(
      and(
        where,
        eq(emailNotifications.channel, channel),
        isNull(emailNotifications.sentAt),
        isNull(emailNotifications.failedAt),
        lte(emailNotifications.nextAttemptAt, at),
      ),
    )
    .orderBy(asc(emailNotifications.createdAt), asc(emailNotifications.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(emailNotifications)
    .set({
      attempts: sql`${emailNotifications.attempts} + 1`,
      nextAttemptAt: new Date(at.getTime() + EMAIL_LEASE_MS),
    })
    .where(inArray(emailNotifications.id, due))
    .returning();
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
}

/** The oldest due row of `channel`, under a lease. */
async function claimNext(db: Db, channel: NoticeChannel): Promise<EmailRow | null> {
  const [row] = await leaseDueRows(db, now(), channel, undefined, 1);
  return row ?? null;
}

/** The other notices of `lead`'s recipient due now, under the same lease; at most DIGEST_LIMIT in all. */
async function claimNoticesWith(db: Db, lead: EmailRow): Promise<EmailRow[]> {
  if (!lead.digestKey) return [];
  const sameKey = and(eq(emailNotifications.digestKey, lead.digestKey), ne(emailNotifications.id, lead.id));
  // Every row with a digest key holds its notice or its push (outboxRows sets both); a push
  // row's key starts with its channel, so each channel batches its own rows (D37).
  return leaseDueRows(db, now(), lead.channel, sameKey, DIGEST_LIMIT - 1);
}

/** What goes out for `lead` and the notices it carries: its own email, or one for them all. */
function emailOf(lead: EmailRow, carried: EmailRow[]): RenderedEmail {
  if (carried.length === 0 || !lead.notice) {
    return { subject: lead.subject, text: lead.textBody, html: lead.htmlBody };
  }
  return combineNotices([lead.notice, ...carried.map((row) => row.notice as StoredNotice)]);
}

/** The kinds an email carries that its reader chose (D45): what its unsubscribe link turns off. */
function kindsOf(rows: EmailRow[]): NoticeKind[] {
  return [...new Set(rows.map((row) => row.noticeKind as NoticeKind | null))].filter(
    (kind): kind is NoticeKind => kind !== null,
  );
}

/**
 * An admin's retry (one row, or every failed one): failed rows become due now with a fresh
 * window. Only failed rows: a row in its window may be under a worker's lease right now, and
 * making it due again would send it twice. Returns the rows made due.
 */
export async function retryFailedEmails(db: DbOrTx, only?: { id: string }): Promise<number> {
  const rows = await db
    .update(emailNotifications)
    .set({ failedAt: null, attempts: 0, nextAttemptAt: now() })
    .where(
      and(
        // The Emails tab's rows: a push that failed for three days is no longer news.
        eq(emailNotifications.channel, 'email'),
        isNull(emailNotifications.sentAt),
        isNotNull(emailNotifications.failedAt),
        only ? eq(emailNotifications.id, only.id) : undefined,
      ),
    )
    .returning({ id: emailNotifications.id });
  return rows.length;
}

export function createOutbox(deps: {
  db: Db;
  transport: Transport;
  log: Logger;
  intervalMs: number;
  /** Work done at the start of every pass (the due timers); its failure never stops the pass. */
  beforeSend?: () => Promise<unknown>;
  /** Sends push rows; without it they wait. */
  push?: PushSender;
  /** The one-click unsubscribe headers of an email of `kinds` to `to` (RFC 8058). */
  unsubscribeHeaders?: (to: string, kinds: NoticeKind[]) => Record<string, string> | undefined;
}): Outbox {
  const { db, transport, log } = deps;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<OutboxRunResult> | null = null;
  /** The pass asked for while one runs (runOnce). */
  let next: Promise<OutboxRunResult> | null = null;

  /** The retry window is over: the row waits, failed, for an admin's retry (never dropped). */
  async function markFailed(row: EmailRow, lastError: string) {
    await db
      .update(emailNotifications)
      .set({ lastError, failedAt: now() })
      .where(eq(emailNotifications.id, row.id));
    log.error(
      { emailId: row.id, to: row.recipientEmail, attempts: row.attempts, err: lastError },
      'email failed after its retry window: an admin can retry it in the Emails tab',
    );
  }

  /** Sends what `lead` and the rows it carries say, by their channel; throws when it did not go. */
  async function deliver(lead: EmailRow, carried: EmailRow[]): Promise<void> {
    if (lead.channel === 'push') {
      const content = combinePushes([lead, ...carried].map((row) => row.push as PushContent));
      // The first row's id tags the notification: a repeat after a crash replaces it.
      await deps.push!.send({ id: lead.id, to: lead.recipientEmail, content });
      return;
    }
    const email = emailOf(lead, carried);
    const headers = deps.unsubscribeHeaders?.(lead.recipientEmail, kindsOf([lead, ...carried]));
    // The first row's id is the Message-ID of the email that carries the others too.
    await transport.send({ id: lead.id, to: lead.recipientEmail, ...email, headers });
  }

  /** Claim, send (no transaction open), mark: one row of `channel` at a time until none is due. */
  async function drainChannel(channel: NoticeChannel, total: OutboxRunResult): Promise<void> {
    for (;;) {
      const row = await claimNext(db, channel);
      if (!row) return;
      if (row.attempts > MAX_EMAIL_ATTEMPTS) {
        // Every attempt of the window ended with the process gone mid-send: failed, not dropped.
        total.failed++;
        await markFailed(row, row.lastError ?? 'The process stopped while sending this email');
        continue;
      }
      const carried = await claimNoticesWith(db, row);
      const ids = [row.id, ...carried.map((c) => c.id)];
      try {
        await deliver(row, carried);
      } catch (err) {
        total.failed++;
        const lastError = err instanceof Error ? err.message.slice(0, 500) : String(err);
        if (retriesExhausted(row.attempts)) {
          await markFailed(row, lastError);
          // The notices it carried are not at their end: they go on, each with its own attempts.
          if (carried.length > 0) {
            await db
              .update(emailNotifications)
              .set({ nextAttemptAt: now() })
              .where(inArray(emailNotifications.id, ids.slice(1)));
          }
          continue;
        }
        // The carried notices wait as long as the first, so the next attempt carries them again.
        await db
          .update(emailNotifications)
          .set({ lastError, nextAttemptAt: new Date(now().getTime() + retryWaitMs(row.attempts)) })
          .where(inArray(emailNotifications.id, ids));
        log.warn(
          { emailId: row.id, channel, carried: carried.length, err: String(err) },
          'notice send failed',
        );
        continue;
      }
      total.sent++;
      await db
        .update(emailNotifications)
        .set({ sentAt: now(), lastError: null })
        .where(inArray(emailNotifications.id, ids));
    }
  }

  /** The emails (when a transport is configured), then the pushes: neither waits on the other's failures. */
  async function drainOutbox(): Promise<OutboxRunResult> {
    const total = { sent: 0, failed: 0 };
    if (transport.kind !== 'none') await drainChannel('email', total);
    if (deps.push) await drainChannel('push', total);
    return total;
  }

  /** One worker pass: the due timers first, then the outbox. */
  async function pass(): Promise<OutboxRunResult> {
    if (deps.beforeSend) await deps.beforeSend().catch((err) => log.error({ err }, 'timer pass failed'));
    return drainOutbox();
  }

  /**
   * A pass that starts after this call. While one runs, the callers share the next one, which
   * starts when it ends: a pass already under way may have claimed before the caller's rows
   * were queued, so answering with it would leave them for a pass nobody waits for.
   */
  function runOnce(): Promise<OutboxRunResult> {
    if (!running) {
      running = pass().finally(() => {
        running = null;
      });
      return running;
    }
    next ??= running
      .catch(() => {})
      .then(() => {
        next = null;
        return runOnce();
      });
    return next;
  }

  function kick() {
    if (transport.kind === 'none' && !deps.push) return;
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
      await next?.catch(() => {});
    },
  };
}
