import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '@server/db/client';
import { orders, reviews, type Timer } from '@server/db/schema';
import type { TimerDeps, TimerKind } from '@server/timers/registry';

// D27: 14 days after the first review of an order, it is published even if the other side
// never wrote. The order's lock keeps this and a second review from crossing.

export const REVIEW_PUBLISH_TIMER = 'review-publish';

async function fireReviewPublish(tx: Tx, _deps: TimerDeps, timer: Timer, at: Date): Promise<void> {
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, timer.subjectId)).for('update');
  await tx
    .update(reviews)
    .set({ publishedAt: at })
    .where(and(eq(reviews.orderId, timer.subjectId), isNull(reviews.publishedAt)));
}

/** The reviews module's timers (wired in src/server/wiring.ts). */
export const reviewTimerKinds: TimerKind[] = [{ prefix: REVIEW_PUBLISH_TIMER, fire: fireReviewPublish }];
