import { and, countDistinct, eq, gt, gte, inArray, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { QUEUE_KINDS, type QueueKind, type QueueRow } from '@domain/admin-types';
import { COUNT_CAP } from '@domain/constants';
import { isUuid } from '@domain/ids';
import type { CursorPage, CursorQuery } from '@domain/cursor-page';
import { startOfLocalWeek } from '@domain/loan';
import { orderNumber } from '@domain/order-number';
import type { DbOrTx } from '@server/db/client';
import { emailNotifications, orderEvents, orders, paymentTasks, user } from '@server/db/schema';
import { now, operatorTimeZone } from '@server/lib/clock';
import { AppError } from '@server/lib/errors';
import { keptCounts, OVERDUE_LOANS } from './kept-counts';
import { type Position, walkPage } from '@server/lib/keyset';

// The admin's "Needs you now" queue: every piece of work that waits for a person, in one
// list by deadline, soonest first. The 24-hour promise leads: delivery orders waiting for their shipping
// cost come first ("admins see such orders first"), late ones first, then by the time left; then
// the work already due (claims, payment tasks, overdue returns, failed emails), longest waiting
// first. Each kind is its own indexed query (migration 0037) read from the cursor onwards with the
// page's limit, and the pages of the kinds are merged here, so a page costs a few index reads
// whatever the size of the tables (docs/performance.md).

/** Payment instructions within 24 hours of placing (spec). */
const SHIPPING_PROMISE = sql`interval '24 hours'`;
const NO_SHIFT = sql`interval '0'`;

interface KindQuery {
  kind: QueueKind;
  table: PgTable;
  /** Which rows are due now. */
  where: () => SQL;
  /** The indexed column the kind is read in order of, and its id. */
  at: AnyPgColumn;
  id: AnyPgColumn;
  /** The deadline is `at` plus this (the 24 hours of an unpriced order; nothing for the others). */
  shift: SQL;
  /**
   * The count kept of the kind (kept-counts.ts, migration 0056, its conditions the same as
   * `where`); without one the kind is counted on its index.
   */
  kept?: string;
}

const KINDS: KindQuery[] = [
  {
    // Draft is the shipping review; only a delivery order waits in it (pickup is payable at once).
    kind: 'shipping_cost',
    table: orders,
    where: () => and(eq(orders.status, 'Draft'), eq(orders.deliveryMethod, 'delivery'))!,
    at: orders.createdAt,
    id: orders.id,
    shift: SHIPPING_PROMISE,
    kept: 'queue:shipping_cost',
  },
  {
    // "I have paid", waiting for an admin to confirm or reject it.
    kind: 'payment_claim',
    table: orders,
    where: () => and(eq(orders.status, 'Waiting for Payment'), isNotNull(orders.paymentClaimedAt))!,
    at: orders.paymentClaimedAt,
    id: orders.id,
    shift: NO_SHIFT,
    kept: 'queue:payment_claim',
  },
  {
    // Late or wrong money, open until resolved.
    kind: 'payment_task',
    table: paymentTasks,
    where: () => isNull(paymentTasks.resolvedAt),
    at: paymentTasks.createdAt,
    id: paymentTasks.id,
    shift: NO_SHIFT,
  },
  {
    // A loan past its due date and not yet on its way back.
    kind: 'overdue_return',
    table: orders,
    where: () => and(eq(orders.status, 'Delivered'), lt(orders.dueAt, now()))!,
    at: orders.dueAt,
    id: orders.id,
    shift: NO_SHIFT,
    kept: OVERDUE_LOANS,
  },
  {
    // Emails whose every retry failed: only an admin's retry sends them again.
    kind: 'failed_email',
    table: emailNotifications,
    where: () =>
      and(
        isNotNull(emailNotifications.failedAt),
        isNull(emailNotifications.sentAt),
        eq(emailNotifications.channel, 'email'),
      )!,
    at: emailNotifications.failedAt,
    id: emailNotifications.id,
    shift: NO_SHIFT,
  },
];

const QUEUE_KEYS = { list: 'admin-queue', idType: 'text' } as const;
const rankOf = (kind: QueueKind) => QUEUE_KINDS.indexOf(kind);
/** D50: the orders with the 24-hour promise running form the queue's first part. */
const partOf = (kind: QueueKind) => (kind === 'shipping_cost' ? 0 : 1);

/** A deadline as fixed-width UTC text: the cursor's form, and ordered as text exactly as in time. */
const utcText = (at: SQL) =>
  sql<string>`to_char((${at}) at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00'`;

/** One row's place in the queue: its part, deadline, then kind, then id. */
interface QueueKey {
  at: string;
  kind: QueueKind;
  id: string;
}
const keyId = (key: QueueKey) => `${key.kind}:${key.id}`;
const compareKeys = (a: QueueKey, b: QueueKey) =>
  partOf(a.kind) - partOf(b.kind) ||
  (a.at < b.at ? -1 : a.at > b.at ? 1 : 0) ||
  rankOf(a.kind) - rankOf(b.kind) ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The cursor's row, its kind and id checked (a cursor names a row of a kind this list has). */
function cursorKey(pos: Position): QueueKey | null {
  if (pos.kind !== 'after' && pos.kind !== 'before') return null;
  const [kind, id] = pos.id.split(/:(.*)/s);
  const found = QUEUE_KINDS.find((k) => k === kind);
  if (!found || !isUuid(id)) throw new AppError('INVALID_CURSOR');
  return { at: pos.at, kind: found, id };
}

/**
 * The rows of one kind past the cursor's row in the queue's order (part, deadline, kind, id): all
 * or none of a kind in another part; in the same part, a kind ranked before the cursor's must be
 * strictly later, one ranked after it may share the deadline.
 */
function seek(q: KindQuery, from: QueueKey | null, forward: boolean): SQL | undefined {
  if (!from) return undefined;
  const part = partOf(q.kind) - partOf(from.kind);
  if (part !== 0) return part > 0 === forward ? undefined : sql`false`;
  // The kind's own column at the cursor's deadline (an unpriced order's placing time).
  const at = sql`(${from.at}::timestamptz - ${q.shift})`;
  const rank = rankOf(q.kind) - rankOf(from.kind);
  if (rank === 0)
    return forward
      ? sql`(${q.at}, ${q.id}) > (${at}, ${from.id}::uuid)`
      : sql`(${q.at}, ${q.id}) < (${at}, ${from.id}::uuid)`;
  if (forward) return rank < 0 ? sql`${q.at} > ${at}` : sql`${q.at} >= ${at}`;
  return rank > 0 ? sql`${q.at} < ${at}` : sql`${q.at} <= ${at}`;
}

async function readKind(db: DbOrTx, q: KindQuery, from: QueueKey | null, forward: boolean, limit: number) {
  const direction = sql.raw(forward ? 'asc' : 'desc');
  const rows = await db
    // The id as it is (a uuid): ordered by its column, the index's own order.
    .select({ at: utcText(sql`${q.at} + ${q.shift}`), id: sql<string>`${q.id}` })
    .from(q.table)
    .where(and(q.where(), seek(q, from, forward)))
    .orderBy(sql`${q.at} ${direction}`, sql`${q.id} ${direction}`)
    .limit(limit);
  return rows.map((r): QueueKey => ({ at: r.at, kind: q.kind, id: r.id }));
}

/** One page of keys, every kind read from the same place and merged (keyset.ts's walkPage). */
function queuePage(db: DbOrTx, cursor: string | undefined, pageSize: number) {
  const read = async (pos: Position, limit: number) => {
    const forward = pos.kind === 'first' || pos.kind === 'after';
    const from = cursorKey(pos);
    return (await Promise.all(KINDS.map((q) => readKind(db, q, from, forward, limit))))
      .flat()
      .sort((a, b) => (forward ? compareKeys(a, b) : compareKeys(b, a)));
  };
  return walkPage(QUEUE_KEYS, cursor, pageSize, read, (key) => ({ at: key.at, id: keyId(key) }));
}

/**
 * How much waits. The orders' kinds are kept counted (migration 0056): at 1M orders about 89,000
 * loans are overdue and tens of thousands of delivery orders may wait in Draft, and counting them
 * read 10,000 rows. The other kinds are counted in turn on their own indexes, at most
 * COUNT_CAP + 1 entries in all.
 */
async function queueCount(db: DbOrTx): Promise<{ total: number; totalCapped: boolean }> {
  const kept = await keptCounts(
    db,
    KINDS.flatMap((q) => (q.kept ? [q.kept] : [])),
  );
  let total = [...kept.values()].reduce((sum, n) => sum + n, 0);
  for (const q of KINDS) {
    const left = COUNT_CAP + 1 - total;
    if (left <= 0) break;
    if (q.kept) continue;
    const capped = db
      .select({ one: sql`1`.as('one') })
      .from(q.table)
      .where(q.where())
      .limit(left)
      .as('capped');
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
    total += Number(row?.n ?? 0);
  }
  return total > COUNT_CAP ? { total: COUNT_CAP, totalCapped: true } : { total, totalCapped: false };
}

const iso = (utc: string) => new Date(`${utc.slice(0, 23).replace(' ', 'T')}Z`).toISOString();

/** The page's rows with what each needs on screen, read for the page's ids only. */
async function rowsOf(db: DbOrTx, keys: QueueKey[]): Promise<QueueRow[]> {
  const idsOf = (kind: QueueKind) => keys.filter((k) => k.kind === kind).map((k) => k.id);
  const orderIds = keys
    .filter((k) => k.kind === 'shipping_cost' || k.kind === 'payment_claim' || k.kind === 'overdue_return')
    .map((k) => k.id);
  const taskIds = idsOf('payment_task');
  const emailIds = idsOf('failed_email');
  const owner = alias(user, 'owner_user');
  const borrower = alias(user, 'borrower_user');
  const [orderRows, taskRows, emailRows] = await Promise.all([
    orderIds.length === 0
      ? []
      : db
          .select({ order: orders, ownerArea: owner.location, borrowerArea: borrower.location })
          .from(orders)
          .leftJoin(owner, eq(owner.id, orders.ownerId))
          .leftJoin(borrower, eq(borrower.id, orders.userId))
          .where(inArray(orders.id, orderIds)),
    taskIds.length === 0 ? [] : db.select().from(paymentTasks).where(inArray(paymentTasks.id, taskIds)),
    emailIds.length === 0
      ? []
      : db
          .select({
            id: emailNotifications.id,
            recipientEmail: emailNotifications.recipientEmail,
            subject: emailNotifications.subject,
            orderId: emailNotifications.orderId,
          })
          .from(emailNotifications)
          .where(inArray(emailNotifications.id, emailIds)),
  ]);
  const orderById = new Map(orderRows.map((r) => [r.order.id, r]));
  const taskById = new Map(taskRows.map((r) => [r.id, r]));
  const emailById = new Map(emailRows.map((r) => [r.id, r]));
  const clock = now().getTime();

  // A row handled between the two reads is left out.
  return keys.flatMap((key): QueueRow[] => {
    const dueAt = iso(key.at);
    const base = { id: key.id, dueAt, late: false };
    if (key.kind === 'payment_task') {
      const task = taskById.get(key.id);
      if (!task) return [];
      return [
        {
          kind: key.kind,
          ...base,
          taskKind: task.kind,
          amount: task.amount,
          orderNumber: task.orderId ? orderNumber(task.orderId) : null,
        },
      ];
    }
    if (key.kind === 'failed_email') {
      const email = emailById.get(key.id);
      if (!email) return [];
      return [
        {
          kind: key.kind,
          ...base,
          recipientEmail: email.recipientEmail,
          subject: email.subject,
          orderNumber: email.orderId ? orderNumber(email.orderId) : null,
        },
      ];
    }
    const found = orderById.get(key.id);
    if (!found) return [];
    const { order } = found;
    const number = orderNumber(order.id);
    if (key.kind === 'shipping_cost')
      return [
        {
          kind: key.kind,
          ...base,
          late: Date.parse(dueAt) < clock,
          number,
          userName: order.userName,
          ownerName: order.ownerName,
          ownerArea: found.ownerArea,
          borrowerArea: found.borrowerArea,
          subtotal: order.subtotal,
          deliveryMethod: 'delivery',
        },
      ];
    if (key.kind === 'payment_claim')
      return [
        {
          kind: key.kind,
          ...base,
          number,
          userName: order.userName,
          total: order.total,
          receiptUrl: order.paymentReceiptKey ? `/api/orders/${order.id}/receipt` : null,
        },
      ];
    return [
      { kind: key.kind, ...base, late: true, number, userName: order.userName, ownerName: order.ownerName },
    ];
  });
}

export async function listQueue(db: DbOrTx, query: CursorQuery): Promise<CursorPage<QueueRow>> {
  const [page, counted] = await Promise.all([queuePage(db, query.cursor, query.pageSize), queueCount(db)]);
  return {
    items: await rowsOf(db, page.rows),
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
    ...counted,
  };
}

/**
 * The priced-late figure: delivery orders priced (Draft to Waiting for Payment) this week, Monday 00:00 in
 * the operator's zone on, more than 24 hours after they were placed. The week's pricings are
 * found by their own index (migration 0037), each order counted once.
 */
export async function countPricedLateThisWeek(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(orderEvents.orderId) })
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .where(
      and(
        eq(orderEvents.fromStatus, 'Draft'),
        eq(orderEvents.toStatus, 'Waiting for Payment'),
        gte(orderEvents.createdAt, startOfLocalWeek(now(), operatorTimeZone())),
        eq(orders.deliveryMethod, 'delivery'),
        gt(orderEvents.createdAt, sql`${orders.createdAt} + ${SHIPPING_PROMISE}`),
      ),
    );
  return Number(row?.n ?? 0);
}
