import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import {
  MESSAGE_PAGE_SIZE,
  type MessagePage,
  type MessageView,
  type ThreadSummary,
  type ThreadView,
  type UnreadCounts,
} from '@domain/conversation';
import { orderNumber } from '@domain/order-number';
import type { CursorPage, CursorQuery } from '@domain/cursor-page';
import type { AppDeps, SessionUser } from '@server/app-env';
import type { DbOrTx, Tx } from '@server/db/client';
import {
  memberCounts,
  type Message,
  messages,
  orders,
  type Thread,
  threadReads,
  threads,
  unreadTotals,
  user,
} from '@server/db/schema';
import { countersOf } from '@server/db/counters';
import { now } from '@server/lib/clock';
import { cursorPageOf, type Keyset, keyColumns, type Position, walkPage } from '@server/lib/keyset';
import { AppError } from '@server/lib/errors';
import { loadLiveBook } from '@server/modules/books/availability-service';
import { loadOrderItems, rolesOnOrder } from '@server/modules/orders/service';
import { armTimers } from '@server/timers/store';
import { takeAttempt } from '@server/security/attempt-limit';
import { MESSAGE_EMAIL_TIMER_PREFIX, nextEmailAt } from './timer-service';

// Conversations: one per order (its borrower, its owner, the admins) and one per member
// and book ("Ask the owner": the member, the owner, the admins). Nobody else reads or writes.
// Admins write as Rakbuku. Read marks are per participant; emails are batched per recipient
// by a timer (timer-service.ts).

type Actor = Pick<SessionUser, 'id' | 'name' | 'role'>;
type PostDeps = Pick<AppDeps, 'db' | 'outbox' | 'config'>;

/** The name members see on an admin's message. */
const RAKBUKU = 'Rakbuku';

const isMember = (thread: Pick<Thread, 'memberId' | 'ownerId'>, userId: string) =>
  thread.memberId === userId || thread.ownerId === userId;

/** Threads the user takes part in (admins' inbox is separate: they are not counted as unread). */
const partOf = (userId: string): SQL => or(eq(threads.memberId, userId), eq(threads.ownerId, userId)) as SQL;

/** The other member's name from the viewer's side; '' for an admin looking in. */
function otherSide(
  thread: Pick<Thread, 'memberId' | 'ownerId' | 'memberName' | 'ownerName'>,
  viewerId: string,
) {
  if (thread.memberId === viewerId) return thread.ownerName;
  if (thread.ownerId === viewerId) return thread.memberName;
  return '';
}

function toMessageView(message: Message, viewer: Actor): MessageView {
  return {
    id: message.id,
    body: message.body,
    authorName: message.fromAdmin && viewer.role !== 'admin' ? RAKBUKU : message.authorName,
    fromAdmin: message.fromAdmin,
    mine: message.authorId === viewer.id,
    createdAt: message.createdAt.toISOString(),
  };
}

function about(thread: Pick<Thread, 'orderId' | 'bookId' | 'bookTitle'>) {
  return {
    kind: thread.orderId ? ('order' as const) : ('book' as const),
    orderId: thread.orderId,
    orderNumber: thread.orderId ? orderNumber(thread.orderId) : null,
    bookId: thread.bookId,
    bookTitle: thread.bookTitle,
  };
}

/** The viewer's unread messages in the conversation, as kept in their read mark (migration 0045). */
async function unreadIn(db: DbOrTx, threadId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: threadReads.unread })
    .from(threadReads)
    .where(and(eq(threadReads.threadId, threadId), eq(threadReads.userId, userId)));
  return row?.unread ?? 0;
}

/** A conversation's messages newest first by (created_at, id), on messages_thread_idx. */
const messageKeys: Keyset = { list: 'messages', at: messages.createdAt, id: messages.id, idType: 'uuid' };

/**
 * One page of a conversation's messages (the latest without a cursor), read from its index in
 * the page's order, so a page costs the same in a conversation of ten messages or 20,000. The
 * page's items are turned oldest first, as they are shown.
 */
async function messagePage(
  db: DbOrTx,
  threadId: string,
  viewer: Actor,
  cursor: string | undefined,
): Promise<MessagePage> {
  const read = (pos: Position, limit: number) => {
    const towardsStart = pos.kind === 'before' || pos.kind === 'last';
    const seek =
      pos.kind === 'after'
        ? sql`(${messages.createdAt}, ${messages.id}) < (${pos.at}::timestamptz, ${pos.id}::uuid)`
        : pos.kind === 'before'
          ? sql`(${messages.createdAt}, ${messages.id}) > (${pos.at}::timestamptz, ${pos.id}::uuid)`
          : undefined;
    return db
      .select({ message: messages, at: sql<string>`${messages.createdAt}::text` })
      .from(messages)
      .where(and(eq(messages.threadId, threadId), seek))
      .orderBy(
        ...(towardsStart
          ? [asc(messages.createdAt), asc(messages.id)]
          : [desc(messages.createdAt), desc(messages.id)]),
      )
      .limit(limit);
  };
  const page = await walkPage(messageKeys, cursor, MESSAGE_PAGE_SIZE, read, (row) => ({
    at: row.at,
    id: row.message.id,
  }));
  return {
    items: page.rows.map((row) => toMessageView(row.message, viewer)).reverse(),
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
  };
}

const NO_MESSAGES: MessagePage = { items: [], nextCursor: null, prevCursor: null };

async function threadView(db: DbOrTx, thread: Thread, viewer: Actor): Promise<ThreadView> {
  const member = isMember(thread, viewer.id);
  return {
    ...about(thread),
    id: thread.id,
    memberName: thread.memberName,
    ownerName: thread.ownerName,
    withName: otherSide(thread, viewer.id),
    messages: await messagePage(db, thread.id, viewer, undefined),
    unread: member ? await unreadIn(db, thread.id, viewer.id) : 0,
    asAdmin: !member && viewer.role === 'admin',
  };
}

// ---------------------------------------------------------------- finding a conversation

async function loadThread(db: DbOrTx, threadId: string, actor: Actor, lock = false): Promise<Thread> {
  const query = db.select().from(threads).where(eq(threads.id, threadId));
  const [thread] = lock ? await query.for('update') : await query;
  if (!thread) throw new AppError('THREAD_NOT_FOUND');
  if (!isMember(thread, actor.id) && actor.role !== 'admin') {
    throw new AppError('THREAD_FORBIDDEN');
  }
  return thread;
}

/** The order, if the actor is party to it (404 / 403 exactly as the order page answers). */
async function loadOrderFor(db: DbOrTx, orderId: string, actor: Actor) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  const items = await loadOrderItems(db, order.id);
  if (rolesOnOrder(actor, order, items).length === 0) {
    throw new AppError('ORDER_FORBIDDEN');
  }
  return order;
}

const orderThreadQuery = (db: DbOrTx, orderId: string) =>
  db.select().from(threads).where(eq(threads.orderId, orderId));

const bookThreadQuery = (db: DbOrTx, bookId: string, memberId: string) =>
  db
    .select()
    .from(threads)
    .where(and(eq(threads.bookId, bookId), eq(threads.memberId, memberId), sql`${threads.orderId} is null`));

/** A book's owner cannot ask themselves about it. */
async function bookToAskAbout(db: DbOrTx, bookId: string, actor: Actor) {
  const book = await loadLiveBook(db, bookId);
  if (book.ownerId === actor.id) throw new AppError('OWN_BOOK_QUESTION');
  return book;
}

/** An order's conversation as its participants see it; `id` is null until someone writes. */
export async function getOrderThread(db: DbOrTx, actor: Actor, orderId: string): Promise<ThreadView> {
  const order = await loadOrderFor(db, orderId, actor);
  const [thread] = await orderThreadQuery(db, order.id);
  if (thread) return threadView(db, thread, actor);
  const member = order.userId === actor.id || order.ownerId === actor.id;
  return {
    ...about({ orderId: order.id, bookId: null, bookTitle: null }),
    id: null,
    memberName: order.userName,
    ownerName: order.ownerName,
    withName: otherSide(
      {
        memberId: order.userId,
        ownerId: order.ownerId,
        memberName: order.userName,
        ownerName: order.ownerName,
      },
      actor.id,
    ),
    messages: NO_MESSAGES,
    unread: 0,
    asAdmin: !member && actor.role === 'admin',
  };
}

/** The member's conversation with a book's owner about the book ("Ask the owner"). */
export async function getBookThread(db: DbOrTx, actor: Actor, bookId: string): Promise<ThreadView> {
  const book = await bookToAskAbout(db, bookId, actor);
  const [thread] = await bookThreadQuery(db, book.id, actor.id);
  if (thread) return threadView(db, thread, actor);
  const owner = await ownerName(db, book.ownerId);
  return {
    ...about({ orderId: null, bookId: book.id, bookTitle: book.title }),
    id: null,
    memberName: actor.name,
    ownerName: owner,
    withName: owner,
    messages: NO_MESSAGES,
    unread: 0,
    asAdmin: false,
  };
}

async function ownerName(db: DbOrTx, ownerId: string | null): Promise<string> {
  if (!ownerId) return '';
  const [owner] = await db.select({ name: user.name }).from(user).where(eq(user.id, ownerId));
  return owner?.name ?? '';
}

export async function getThread(db: DbOrTx, actor: Actor, threadId: string): Promise<ThreadView> {
  return threadView(db, await loadThread(db, threadId, actor), actor);
}

/** A page of a conversation's messages by cursor (older ones, as "Show older messages" asks). */
export async function getMessages(
  db: DbOrTx,
  actor: Actor,
  threadId: string,
  cursor: string | undefined,
): Promise<MessagePage> {
  const thread = await loadThread(db, threadId, actor);
  return messagePage(db, thread.id, actor, cursor);
}

// ---------------------------------------------------------------- writing

/** Creates the conversation if it does not exist yet (two first messages at once make one). */
async function ensureThread(tx: Tx, values: typeof threads.$inferInsert, find: () => Promise<Thread[]>) {
  await tx.insert(threads).values(values).onConflictDoNothing();
  const [thread] = await find();
  return thread;
}

async function addMessage(tx: Tx, thread: Thread, actor: Actor, body: string): Promise<void> {
  const at = now();
  const fromAdmin = actor.role === 'admin' && !isMember(thread, actor.id);
  await tx.insert(messages).values({
    threadId: thread.id,
    authorId: actor.id,
    authorName: actor.name,
    fromAdmin,
    body,
    createdAt: at,
  });
  await tx.update(threads).set({ lastMessageAt: at }).where(eq(threads.id, thread.id));
  // The writer has seen everything up to their own message.
  if (isMember(thread, actor.id)) await markReadAt(tx, thread.id, actor.id, at);
  // D26: each other member gets the message by email now, or with the next batch when they
  // had one in the last 30 minutes. The timer's key (thread, recipient, due time) makes every
  // message of one batch arm the same timer.
  const recipients = [thread.memberId, thread.ownerId].filter(
    (id): id is string => id !== null && id !== actor.id,
  );
  for (const recipientId of new Set(recipients)) {
    await tx.insert(threadReads).values({ threadId: thread.id, userId: recipientId }).onConflictDoNothing();
    const [row] = await tx
      .select({ emailedAt: threadReads.emailedAt })
      .from(threadReads)
      .where(and(eq(threadReads.threadId, thread.id), eq(threadReads.userId, recipientId)));
    const dueAt = nextEmailAt(row?.emailedAt ?? null, at);
    await armTimers(tx, [
      { kind: `${MESSAGE_EMAIL_TIMER_PREFIX}${recipientId}`, subjectId: thread.id, refAt: dueAt, dueAt },
    ]);
  }
}

/** Messages a writer may send (every conversation together): 200 in 9 s were accepted before. */
const MESSAGE_LIMITS = [
  { key: 'message:minute', policy: 'messages-minute', max: 10, windowMs: 60_000 },
  { key: 'message:day', policy: 'messages-day', max: 200, windowMs: 24 * 60 * 60_000 },
] as const;

/** Counts the message against the writer's limits; refused with when to try again once over one. */
async function takeMessageAttempt(deps: PostDeps, actor: Actor): Promise<void> {
  if (!deps.config.rateLimitEnabled) return;
  for (const limit of MESSAGE_LIMITS) {
    const refused = await takeAttempt(deps.db, `${limit.key}:${actor.id}`, limit, now().getTime());
    if (refused) {
      throw new AppError('TOO_MANY_MESSAGES', {
        params: { minutes: Math.ceil(refused.retryAfterSeconds / 60) },
        ...refused,
      });
    }
  }
}

async function post(deps: PostDeps, actor: Actor, work: (tx: Tx) => Promise<Thread>, body: string) {
  await takeMessageAttempt(deps, actor);
  const threadId = await deps.db.transaction(async (tx) => {
    const thread = await work(tx);
    await addMessage(tx, thread, actor, body);
    return thread.id;
  });
  deps.outbox.kick();
  return getThread(deps.db, actor, threadId);
}

export function postToOrder(
  deps: PostDeps,
  actor: Actor,
  orderId: string,
  body: string,
): Promise<ThreadView> {
  return post(
    deps,
    actor,
    async (tx) => {
      const order = await loadOrderFor(tx, orderId, actor);
      return ensureThread(
        tx,
        {
          orderId: order.id,
          memberId: order.userId,
          memberName: order.userName,
          ownerId: order.ownerId,
          ownerName: order.ownerName,
          lastMessageAt: now(),
        },
        () => orderThreadQuery(tx, order.id).for('update'),
      );
    },
    body,
  );
}

export function postToBook(deps: PostDeps, actor: Actor, bookId: string, body: string): Promise<ThreadView> {
  return post(
    deps,
    actor,
    async (tx) => {
      const book = await bookToAskAbout(tx, bookId, actor);
      return ensureThread(
        tx,
        {
          bookId: book.id,
          bookTitle: book.title,
          memberId: actor.id,
          memberName: actor.name,
          ownerId: book.ownerId,
          ownerName: await ownerName(tx, book.ownerId),
          lastMessageAt: now(),
        },
        () => bookThreadQuery(tx, book.id, actor.id).for('update'),
      );
    },
    body,
  );
}

export function postToThread(
  deps: PostDeps,
  actor: Actor,
  threadId: string,
  body: string,
): Promise<ThreadView> {
  return post(deps, actor, (tx) => loadThread(tx, threadId, actor, true), body);
}

// ---------------------------------------------------------------- read marks and counts

async function markReadAt(db: DbOrTx, threadId: string, userId: string, at: Date): Promise<void> {
  await db
    .insert(threadReads)
    .values({ threadId, userId, readAt: at })
    .onConflictDoUpdate({
      target: [threadReads.threadId, threadReads.userId],
      set: { readAt: sql`greatest(${threadReads.readAt}, excluded.read_at)` },
    });
}

/** The viewer saw the conversation: nothing in it is unread for them any more. */
export async function markThreadRead(db: DbOrTx, actor: Actor, threadId: string): Promise<UnreadCounts> {
  const thread = await loadThread(db, threadId, actor);
  // An admin looking in from the inbox leaves no mark: the members' counts are theirs.
  if (isMember(thread, actor.id)) {
    const [last] = await db
      .select({ at: sql<Date>`max(${messages.createdAt})`.mapWith(threads.lastMessageAt) })
      .from(messages)
      .where(eq(messages.threadId, thread.id));
    await markReadAt(db, thread.id, actor.id, last?.at ?? now());
  }
  return unreadCounts(db, actor.id);
}

/**
 * Unread messages from others in the member's conversations: in all, one kept row
 * (unread_totals), and for the orders asked about (an order list's page), on
 * thread_reads_unread_idx. Neither grows with the member's conversations or messages.
 */
export async function unreadCounts(
  db: DbOrTx,
  userId: string,
  orderIds: readonly string[] = [],
): Promise<UnreadCounts> {
  const [total] = await db
    .select({ total: unreadTotals.total })
    .from(unreadTotals)
    .where(eq(unreadTotals.userId, userId));
  const rows =
    orderIds.length === 0
      ? []
      : await db
          .select({ orderId: sql<string>`${threads.orderId}`, unread: threadReads.unread })
          .from(threads)
          .innerJoin(threadReads, and(eq(threadReads.threadId, threads.id), eq(threadReads.userId, userId)))
          .where(
            and(inArray(threads.orderId, [...orderIds]), partOf(userId), sql`${threadReads.unread} > 0`),
          );
  return { total: total?.total ?? 0, orders: rows };
}

// ---------------------------------------------------------------- lists

async function summaries(db: DbOrTx, rows: Thread[], viewer: Actor): Promise<ThreadSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((t) => t.id);
  const last = await db
    .selectDistinctOn([messages.threadId], { threadId: messages.threadId, body: messages.body })
    .from(messages)
    .where(inArray(messages.threadId, ids))
    .orderBy(messages.threadId, desc(messages.createdAt), desc(messages.id));
  const lastBody = new Map(last.map((m) => [m.threadId, m.body]));
  const unread = await db
    .select({ threadId: threadReads.threadId, unread: threadReads.unread })
    .from(threadReads)
    .where(and(inArray(threadReads.threadId, ids), eq(threadReads.userId, viewer.id)));
  const unreadBy = new Map(unread.map((u) => [u.threadId, u.unread]));
  return rows.map((thread) => {
    const member = isMember(thread, viewer.id);
    return {
      ...about(thread),
      id: thread.id,
      memberName: thread.memberName,
      ownerName: thread.ownerName,
      withName: otherSide(thread, viewer.id),
      lastMessage: (lastBody.get(thread.id) ?? '').slice(0, 200),
      lastMessageAt: thread.lastMessageAt.toISOString(),
      unread: member ? (unreadBy.get(thread.id) ?? 0) : 0,
    };
  });
}

/** Conversations newest first by their last message (threads_last_message_idx). */
const threadKeys = (list: string): Keyset => ({
  list,
  at: threads.lastMessageAt,
  id: threads.id,
  idType: 'uuid',
});

/**
 * One keyset page of conversations, newest message first. The key is the last message's
 * time, which moves: a thread written in between two pages jumps to the first page, so it is
 * not met again further on.
 */
async function threadPage(
  db: DbOrTx,
  actor: Actor,
  list: { keys: Keyset; where: SQL | undefined; keptCount: Promise<number> },
  query: CursorQuery,
): Promise<CursorPage<ThreadSummary>> {
  const page = await cursorPageOf(
    db,
    { keys: list.keys, keptCount: list.keptCount },
    query,
    (seek, orderBy, limit) =>
      db
        .select({ ...keyColumns(list.keys), thread: threads })
        .from(threads)
        .where(and(list.where, seek))
        .orderBy(...orderBy)
        .limit(limit),
    (row) => row.thread,
  );
  return { ...page, items: await summaries(db, page.items, actor) };
}

/**
 * The Messages page: every conversation of the member, newest first, a page at a time. Its count
 * is kept in member_counts (migration 0056), so a member in 10,000 conversations reads none of
 * them to count them.
 */
export async function listThreads(
  db: DbOrTx,
  actor: Actor,
  query: CursorQuery,
): Promise<CursorPage<ThreadSummary>> {
  const keptCount = db
    .select({ n: memberCounts.threads })
    .from(memberCounts)
    .where(eq(memberCounts.userId, actor.id))
    .then(([row]) => row?.n ?? 0);
  return threadPage(
    db,
    actor,
    { keys: threadKeys('threads-mine'), where: partOf(actor.id), keptCount },
    query,
  );
}

/**
 * The admins' inbox: everyone's conversations, most recent first, a page at a time. Its count is
 * the 'threads' counter (migration 0056).
 */
export async function recentThreads(
  db: DbOrTx,
  actor: Actor,
  query: CursorQuery,
): Promise<CursorPage<ThreadSummary>> {
  const keptCount = countersOf(db, ['threads']).then(([n]) => n);
  return threadPage(db, actor, { keys: threadKeys('threads-inbox'), where: undefined, keptCount }, query);
}
