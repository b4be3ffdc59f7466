import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  type OrderReviews,
  REVIEW_BLIND_MS,
  type Reputation,
  type ReviewInput,
  type ReviewSide,
  type ReviewView,
} from '@domain/review';
import type { CursorPage, CursorQuery } from '@domain/cursor-page';
import type { SessionUser } from '@server/app-env';
import type { DbOrTx } from '@server/db/client';
import { type Order, orderEvents, orders, type Review, reviews } from '@server/db/schema';
import { cursorPageOf, type Keyset, keyColumns } from '@server/lib/keyset';
import { now } from '@server/lib/clock';
import { AppError } from '@server/lib/errors';
import { armTimers } from '@server/timers/store';
import { REVIEW_PUBLISH_TIMER } from './timer-service';

// Reviews. After Completed, the borrower rates the owner and the owner the borrower, once
// each (a unique index). A review is hidden from the other side until both wrote or 14 days
// after the first (a timer), then published; nothing changes it after, but an admin may hide it.

type Actor = Pick<SessionUser, 'id' | 'name' | 'role'>;

function sideOf(order: Order, actorId: string): ReviewSide | null {
  if (order.userId === actorId) return 'borrower';
  if (order.ownerId === actorId) return 'owner';
  return null;
}

function toReviewView(review: Review): ReviewView {
  return {
    id: review.id,
    orderId: review.orderId,
    side: review.side,
    authorName: review.authorName,
    subjectName: review.subjectName,
    rating: review.rating,
    body: review.body,
    createdAt: review.createdAt.toISOString(),
    publishedAt: review.publishedAt?.toISOString() ?? null,
    hidden: review.hiddenAt !== null,
  };
}

async function loadOrder(db: DbOrTx, orderId: string, lock = false): Promise<Order> {
  const query = db.select().from(orders).where(eq(orders.id, orderId));
  const [order] = lock ? await query.for('update') : await query;
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  return order;
}

/** What the order page shows of the reviews: the viewer's, and the other side's once published. */
export async function getOrderReviews(db: DbOrTx, actor: Actor, orderId: string): Promise<OrderReviews> {
  const order = await loadOrder(db, orderId);
  const side = sideOf(order, actor.id);
  if (!side && actor.role !== 'admin') throw new AppError('ORDER_FORBIDDEN');
  const rows = await db.select().from(reviews).where(eq(reviews.orderId, order.id));
  const mine = side ? rows.find((r) => r.side === side) : undefined;
  const other = side ? rows.find((r) => r.side !== side) : undefined;
  if (!side) {
    // An admin looking in sees both, published or not, hidden ones marked.
    const [borrowerSide, ownerSide] = [
      rows.find((r) => r.side === 'borrower'),
      rows.find((r) => r.side === 'owner'),
    ];
    return {
      side: null,
      canReview: false,
      mine: borrowerSide ? toReviewView(borrowerSide) : null,
      theirs: ownerSide ? toReviewView(ownerSide) : null,
      theirsWaiting: false,
    };
  }
  const visible = other && other.publishedAt !== null && (other.hiddenAt === null || actor.role === 'admin');
  return {
    side,
    canReview: order.status === 'Completed' && !mine,
    mine: mine ? toReviewView(mine) : null,
    theirs: visible && other ? toReviewView(other) : null,
    theirsWaiting: !!other && other.publishedAt === null,
  };
}

/** Writes the viewer's review of the loan; publishes both when the other side already wrote. */
export async function writeReview(
  db: DbOrTx,
  actor: Actor,
  orderId: string,
  input: ReviewInput,
): Promise<OrderReviews> {
  await db.transaction(async (tx) => {
    // The order's lock makes the two sides' reviews take turns: the second sees the first.
    const order = await loadOrder(tx, orderId, true);
    const side = sideOf(order, actor.id);
    if (!side) throw new AppError('REVIEW_NOT_PARTY');
    if (order.status !== 'Completed') throw new AppError('REVIEW_NOT_COMPLETED');
    const at = now();
    const other =
      side === 'borrower'
        ? { id: order.ownerId, name: order.ownerName }
        : { id: order.userId, name: order.userName };
    const inserted = await tx
      .insert(reviews)
      .values({
        orderId: order.id,
        side,
        authorId: actor.id,
        authorName: side === 'borrower' ? order.userName : order.ownerName,
        subjectId: other.id,
        subjectName: other.name,
        rating: input.rating,
        body: input.body,
        createdAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: reviews.id });
    if (inserted.length === 0) throw new AppError('REVIEW_ALREADY_WRITTEN');
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(reviews)
      .where(eq(reviews.orderId, order.id));
    if (count.n === 2) {
      await tx
        .update(reviews)
        .set({ publishedAt: at })
        .where(and(eq(reviews.orderId, order.id), isNull(reviews.publishedAt)));
    } else {
      const dueAt = new Date(at.getTime() + REVIEW_BLIND_MS);
      await armTimers(tx, [{ kind: REVIEW_PUBLISH_TIMER, subjectId: order.id, refAt: dueAt, dueAt }]);
    }
  });
  return getOrderReviews(db, actor, orderId);
}

/**
 * D21: a loan came back on time when its return started (Returning in Progress) by the due date;
 * an order an admin completed without that step counts from its completion. False without a due
 * date. The member's card and the admin's Statistics tab count it the same way.
 */
export const returnedOnTimeSql = sql`(${orders.dueAt} is not null and coalesce((
  select min(${orderEvents.createdAt}) from ${orderEvents}
  where ${orderEvents.orderId} = ${orders.id} and ${orderEvents.toStatus} = 'Returning in Progress'
), ${orders.completedAt}) <= ${orders.dueAt})`;

/** A member's card (D27): the average of the published reviews about them and their loans' record. */
export async function getReputation(db: DbOrTx, memberId: string): Promise<Reputation> {
  const [rated] = await db
    .select({
      average: sql<string | null>`round(avg(${reviews.rating}), 1)::text`,
      count: sql<number>`count(*)::int`,
    })
    .from(reviews)
    .where(and(eq(reviews.subjectId, memberId), isNotNull(reviews.publishedAt), isNull(reviews.hiddenAt)));
  const [loans] = await db
    .select({
      completed: sql<number>`count(*)::int`,
      withDue: sql<number>`count(${orders.dueAt})::int`,
      onTime: sql<number>`count(*) filter (where ${returnedOnTimeSql})::int`,
    })
    .from(orders)
    .where(and(eq(orders.userId, memberId), eq(orders.status, 'Completed')));
  return {
    average: rated.average === null ? null : Number(rated.average),
    count: rated.count,
    loansCompleted: loans.completed,
    onTimeShare: loans.withDue > 0 ? loans.onTime / loans.withDue : null,
  };
}

/** The admins' review list, newest first (docs/architecture.md, "Lists at scale"). */
const reviewKeys: Keyset = { list: 'admin-reviews', at: reviews.createdAt, id: reviews.id, idType: 'uuid' };

/** The admins' list of reviews, newest first, hidden ones included, one keyset page at a time. */
export async function listReviews(db: DbOrTx, query: CursorQuery): Promise<CursorPage<ReviewView>> {
  return cursorPageOf(
    db,
    { keys: reviewKeys, table: reviews, where: undefined },
    query,
    (seek, orderBy, limit) =>
      db
        .select({ ...keyColumns(reviewKeys), review: reviews })
        .from(reviews)
        .where(seek)
        .orderBy(...orderBy)
        .limit(limit),
    (row) => toReviewView(row.review),
  );
}

/** An admin hides an abusive review; it is kept (and shown to admins as hidden). */
export async function hideReview(db: DbOrTx, actor: Actor, reviewId: string): Promise<ReviewView> {
  const [row] = await db
    .update(reviews)
    .set({
      hiddenAt: sql`coalesce(${reviews.hiddenAt}, ${now()})`,
      hiddenByName: sql`coalesce(${reviews.hiddenByName}, ${actor.name})`,
    })
    .where(eq(reviews.id, reviewId))
    .returning();
  if (!row) throw new AppError('REVIEW_NOT_FOUND');
  return toReviewView(row);
}
