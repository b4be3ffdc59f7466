import { and, asc, eq, gt, lte, ne, or, sql } from 'drizzle-orm';
import { MESSAGE_EMAIL_GAP_MS } from '@domain/conversation';
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
    .select({ email: user.email, name: user.name })
    .from(user)
    .where(eq(user.id, recipientId));
  if (!recipient) return;
  await enqueueEmail(tx, {
    to: recipient.email,
    recipientType: thread.memberId === recipientId ? 'borrower' : 'owner',
    emailType: 'message',
    orderId: thread.orderId,
    ...renderEmail(messageEmail(deps.config, thread, recipient.name, pending)),
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

function messageEmail(config: Config, thread: Thread, name: string, list: Message[]) {
  const topic = thread.orderId ? `order #${orderNumber(thread.orderId)}` : `“${thread.bookTitle ?? ''}”`;
  const count = list.length === 1 ? 'a new message' : `${list.length} new messages`;
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: config.timeZone,
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  return {
    subject: `${list.length === 1 ? 'New message' : `${list.length} new messages`} about ${topic}`,
    title: `You have ${count}`,
    // Plain text only: the layout escapes every paragraph, so a message is shown as written.
    paragraphs: [
      `Hi ${name}, here is what was written about ${topic} on Rakbuku.`,
      ...list.map((m) => `${m.fromAdmin ? 'Rakbuku' : m.authorName}, ${time.format(m.createdAt)}: ${m.body}`),
    ],
    button: { label: 'Read and answer', url: conversationLink(config, thread) },
    footnote:
      'To answer, open the conversation with the link above and write there; replies to this email are not read.',
  };
}

/** The conversation module's timers (wired in src/server/wiring.ts). */
export const conversationTimerKinds: TimerKind[] = [
  { prefix: MESSAGE_EMAIL_TIMER_PREFIX, fire: fireMessageEmail },
];
