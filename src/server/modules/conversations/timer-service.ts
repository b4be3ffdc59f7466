import { and, asc, eq, gt, lte, ne, or, sql } from 'drizzle-orm';
import { MESSAGE_EMAIL_GAP_MS } from '@domain/conversation';
import { shortMomentWords } from '@domain/date-words';
import { orderNumber } from '@domain/order-number';
import type { Config } from '@server/config';
import type { Tx } from '@server/db/client';
import {
  type Message,
  messages,
  type Thread,
  threadReads,
  threads,
  type Timer,
  user,
} from '@server/db/schema';
import { emailWords, languageOf } from '@server/lib/i18n';
import { renderEmail } from '@server/outbox/layout';
import { enqueueEmail } from '@server/outbox/outbox';
import type { TimerDeps, TimerKind } from '@server/timers/registry';
import { armTimers } from '@server/timers/store';

// Message emails (D26): a recipient gets at most one email per conversation per 30 minutes,
// carrying every message since the last one. Each message arms a timer for the recipient at
// the moment the next email may go; the effect below sends what is new then, under the lock
// of the recipient's row, so no message is emailed twice and none to its own writer.

/** kind = prefix + the recipient's user id; subject = the conversation. */
export const MESSAGE_EMAIL_TIMER_PREFIX = 'message-email:';

/** When the next message email to a recipient may go (D26: one per 30 minutes). */
export function nextEmailAt(emailedAt: Date | null, at: Date): Date {
  if (!emailedAt) return at;
  const allowed = new Date(emailedAt.getTime() + MESSAGE_EMAIL_GAP_MS);
  return allowed > at ? allowed : at;
}

const latest = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

async function fireMessageEmail(tx: Tx, deps: TimerDeps, timer: Timer, at: Date): Promise<void> {
  const recipientId = timer.kind.slice(MESSAGE_EMAIL_TIMER_PREFIX.length);
  const [mark] = await tx
    .select()
    .from(threadReads)
    .where(and(eq(threadReads.threadId, timer.subjectId), eq(threadReads.userId, recipientId)))
    .for('update');
  if (!mark) return;
  const [thread] = await tx.select().from(threads).where(eq(threads.id, timer.subjectId));
  // Someone who left the conversation (an account deleted) gets nothing.
  if (!thread || (thread.memberId !== recipientId && thread.ownerId !== recipientId)) return;
  const since = latest(mark.emailedThrough, mark.readAt);
  const pending = await tx
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.threadId, thread.id),
        or(sql`${messages.authorId} is null`, ne(messages.authorId, recipientId)),
        since ? gt(messages.createdAt, since) : undefined,
        lte(messages.createdAt, at),
      ),
    )
    .orderBy(asc(messages.createdAt), asc(messages.id));
  // Read on the site already, or carried by an earlier email.
  if (pending.length === 0) return;
  const allowedAt = nextEmailAt(mark.emailedAt, at);
  if (allowedAt > at) {
    await armTimers(tx, [{ kind: timer.kind, subjectId: thread.id, refAt: allowedAt, dueAt: allowedAt }]);
    return;
  }
  const [recipient] = await tx
    .select({ email: user.email, name: user.name, language: user.language })
    .from(user)
    .where(eq(user.id, recipientId));
  if (!recipient) return;
  await enqueueEmail(tx, {
    to: recipient.email,
    recipientType: thread.memberId === recipientId ? 'borrower' : 'owner',
    emailType: 'message',
    orderId: thread.orderId,
    // Worded in the recipient's language as the email is queued (D29): the outbox sends it as is.
    ...messageEmail(deps.config, thread, recipient, pending),
  });
  await tx
    .update(threadReads)
    .set({ emailedAt: at, emailedThrough: pending[pending.length - 1].createdAt })
    .where(and(eq(threadReads.threadId, thread.id), eq(threadReads.userId, recipientId)));
}

/** Where the conversation is answered: the order page, or the conversation's own page. */
function conversationLink(config: Pick<Config, 'appUrl'>, thread: Pick<Thread, 'id' | 'orderId'>) {
  return thread.orderId
    ? `${config.appUrl}/orders/${thread.orderId}`
    : `${config.appUrl}/messages/${thread.id}`;
}

/** One message email to `recipient`, in their language (exported for the every-template test). */
export function messageEmail(
  config: Config,
  thread: Thread,
  recipient: { name: string; language: string },
  list: Message[],
) {
  const lang = languageOf(recipient.language);
  const t = emailWords(lang);
  const topic = thread.orderId
    ? t('messages.topicOrder', { number: orderNumber(thread.orderId) })
    : t('messages.topicBook', { title: thread.bookTitle ?? '' });
  return renderEmail(lang, {
    subject: t('messages.subject', { count: list.length, topic }),
    title: t('messages.title', { count: list.length }),
    // Plain text only: the layout escapes every paragraph, so a message is shown as written.
    paragraphs: [
      t('messages.intro', { name: recipient.name, topic }),
      ...list.map((m) =>
        t('messages.line', {
          author: m.fromAdmin ? t('messages.rakbuku') : m.authorName,
          time: shortMomentWords(lang, m.createdAt, config.timeZone),
          body: m.body,
        }),
      ),
    ],
    button: { label: t('messages.button'), url: conversationLink(config, thread) },
    footnote: t('messages.footnote'),
  });
}

/** The conversation module's timers (wired in src/server/wiring.ts). */
export const conversationTimerKinds: TimerKind[] = [
  { prefix: MESSAGE_EMAIL_TIMER_PREFIX, fire: fireMessageEmail },
];
