import { and, asc, eq, gt, lte, ne, or, sql } from 'drizzle-orm';
import { MESSAGE_EMAIL_GAP_MS } from '@domain/conversation';
import { shortMomentWords } from '@domain/date-words';
import { orderNumber } from '@domain/order-number';
import type { Config } from '@server/config';
import type { Tx } from '@server/db/client';
import {
  type Message,
  messages,
  orderItems,
  type Thread,
  threadReads,
  threads,
  type Timer,
  user,
} from '@server/db/schema';
import { emailWords, languageOf, momentInZone } from '@server/lib/i18n';
import { renderNotice } from '@server/outbox/layout';
import { enqueueEmail } from '@server/outbox/outbox';
import { bookWords, type PushContent } from '@server/outbox/push';
import type { TimerDeps, TimerKind } from '@server/timers/registry';
import { armTimers } from '@server/timers/store';

// Message emails: a recipient gets at most one email per conversation per 30
// minutes, carrying every message since the last one. Each message arms a timer for the
// recipient at the moment the next email may go. When one fires, the effect gathers every
// conversation of that recipient with messages due by then, and sends them in ONE email (D37:
// several notices due to one member at one moment go out in as few emails as the rules allow);
// each conversation it carries counts as emailed. The recipient's other timers of that moment
// then find nothing new and send nothing. Every effect of one recipient runs under a lock of
// that recipient (a transaction-scoped advisory lock, taken before any row), so two instances
// never email the same message twice, and none goes to its own writer.

/** kind = prefix + the recipient's user id; subject = the conversation. */
export const MESSAGE_EMAIL_TIMER_PREFIX = 'message-email:';

/** When the next message email to a recipient may go (D26: one per 30 minutes). */
export function nextEmailAt(emailedAt: Date | null, at: Date): Date {
  if (!emailedAt) return at;
  const allowed = new Date(emailedAt.getTime() + MESSAGE_EMAIL_GAP_MS);
  return allowed > at ? allowed : at;
}

const latest = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

/** One conversation's part of a message email: the messages it has not read or been sent. */
export interface ThreadNews {
  thread: Thread;
  list: Message[];
}

async function fireMessageEmail(tx: Tx, deps: TimerDeps, timer: Timer, at: Date): Promise<void> {
  const recipientId = timer.kind.slice(MESSAGE_EMAIL_TIMER_PREFIX.length);
  // One recipient's message emails are worked out one at a time, whichever instance fires them.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${timer.kind}))`);
  const [recipient] = await tx
    .select({ email: user.email, name: user.name, language: user.language })
    .from(user)
    .where(eq(user.id, recipientId));
  if (!recipient) return;
  // The recipient's conversations with a message after what they read or were sent; someone
  // who left a conversation (an account deleted) gets nothing of it.
  const marks = await tx
    .select({ mark: threadReads, thread: threads })
    .from(threadReads)
    .innerJoin(threads, eq(threads.id, threadReads.threadId))
    .where(
      and(
        eq(threadReads.userId, recipientId),
        or(eq(threads.memberId, recipientId), eq(threads.ownerId, recipientId)),
        sql`${threads.lastMessageAt} > coalesce(greatest(${threadReads.emailedThrough}, ${threadReads.readAt}), '-infinity')`,
      ),
    )
    .orderBy(asc(threads.id))
    .for('update', { of: threadReads });
  const news: ThreadNews[] = [];
  for (const { mark, thread } of marks) {
    const since = latest(mark.emailedThrough, mark.readAt);
    const list = await tx
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
    if (list.length === 0) continue;
    const allowedAt = nextEmailAt(mark.emailedAt, at);
    if (allowedAt > at) {
      // This conversation was emailed less than 30 minutes ago: its news waits for its own moment.
      await armTimers(tx, [{ kind: timer.kind, subjectId: thread.id, refAt: allowedAt, dueAt: allowedAt }]);
      continue;
    }
    news.push({ thread, list });
  }
  if (news.length === 0) return;
  const roles = new Set(news.map(({ thread }) => (thread.memberId === recipientId ? 'borrower' : 'owner')));
  await enqueueEmail(tx, {
    to: recipient.email,
    recipientType: roles.size === 1 ? [...roles][0] : 'user',
    emailType: 'message',
    orderId: news.length === 1 ? news[0].thread.orderId : null,
    // Worded in the recipient's language as the email is queued (D29); a notice, it shares one
    // email with the recipient's other notices due at once, a loan reminder say.
    ...messageEmail(deps.config, recipient, news),
    // D45: a new message goes by push too, naming the book it is about.
    push: await messagePush(tx, deps.config, recipient, news),
  });
  for (const { thread, list } of news) {
    await tx
      .update(threadReads)
      .set({ emailedAt: at, emailedThrough: list[list.length - 1].createdAt })
      .where(and(eq(threadReads.threadId, thread.id), eq(threadReads.userId, recipientId)));
  }
}

/** The push of a message email: one conversation names its book; several are counted. */
async function messagePush(
  tx: Tx,
  config: Config,
  recipient: { language: string },
  news: ThreadNews[],
): Promise<PushContent> {
  const lang = languageOf(recipient.language);
  const t = emailWords(lang);
  const url = conversationLink(config, news[0].thread);
  const line = (m: Message) => `${m.fromAdmin ? t('messages.rakbuku') : m.authorName}: ${m.body}`;
  if (news.length > 1) {
    const last = news.map(({ list }) => list[list.length - 1]);
    return {
      language: lang,
      title: t('push.message.several', { count: news.length }),
      body: last.map(line).join('\n'),
      url,
    };
  }
  const [{ thread, list }] = news;
  const titles = thread.orderId
    ? (
        await tx
          .select({ title: orderItems.title })
          .from(orderItems)
          .where(eq(orderItems.orderId, thread.orderId))
      )
        .map((item) => item.title)
        .sort((a, b) => a.localeCompare(b))
    : [thread.bookTitle ?? ''];
  return {
    language: lang,
    title: t('push.message.title', { count: list.length, books: bookWords(lang, titles) }),
    body: line(list[list.length - 1]),
    url,
  };
}

/** Where the conversation is answered: the order page, or the conversation's own page. */
function conversationLink(config: Pick<Config, 'appUrl'>, thread: Pick<Thread, 'id' | 'orderId'>) {
  return thread.orderId
    ? `${config.appUrl}/orders/${thread.orderId}`
    : `${config.appUrl}/messages/${thread.id}`;
}

/**
 * One message email to `recipient`, in their language: one conversation's messages with its
 * link to answer, or several conversations, each with its own (exported for the every-template
 * test).
 */
export function messageEmail(
  config: Config,
  recipient: { name: string; language: string },
  news: ThreadNews[],
) {
  const lang = languageOf(recipient.language);
  const t = emailWords(lang);
  const topic = (thread: Thread) =>
    thread.orderId
      ? t('messages.topicOrder', { number: orderNumber(thread.orderId) })
      : t('messages.topicBook', { title: thread.bookTitle ?? '' });
  // Plain text only: the layout escapes every paragraph, so a message is shown as written.
  const lines = (list: Message[]) =>
    list.map((m) =>
      t('messages.line', {
        author: m.fromAdmin ? t('messages.rakbuku') : m.authorName,
        time: momentInZone(lang, shortMomentWords(lang, m.createdAt, config.timeZone), config.timeZone),
        body: m.body,
      }),
    );
  const count = news.reduce((sum, { list }) => sum + list.length, 0);
  if (news.length === 1) {
    const [{ thread, list }] = news;
    return renderNotice(lang, {
      subject: t('messages.subject', { count, topic: topic(thread) }),
      title: t('messages.title', { count }),
      paragraphs: [t('messages.intro', { name: recipient.name, topic: topic(thread) }), ...lines(list)],
      button: { label: t('messages.button'), url: conversationLink(config, thread) },
      footnote: t('messages.footnote'),
    });
  }
  return renderNotice(lang, {
    subject: t('messages.several.subject', { messages: count, conversations: news.length }),
    title: t('messages.title', { count }),
    paragraphs: [t('messages.several.intro', { name: recipient.name, conversations: news.length })],
    sections: news.map(({ thread, list }) => ({
      heading: t('messages.several.heading', { topic: topic(thread) }),
      paragraphs: lines(list),
      link: {
        label: t(thread.orderId ? 'messages.several.answerOnOrder' : 'messages.several.answerOnBook'),
        url: conversationLink(config, thread),
      },
    })),
    footnote: t('messages.several.footnote'),
  });
}

/** The conversation module's timers (wired in src/server/wiring.ts). */
export const conversationTimerKinds: TimerKind[] = [
  { prefix: MESSAGE_EMAIL_TIMER_PREFIX, fire: fireMessageEmail },
];
