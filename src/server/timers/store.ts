import { and, eq, inArray, isNull, like, or } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import { timers } from '@server/db/schema';
import { now } from '@server/lib/clock';

// Arming and cancelling timers (D24). A timer is a row with a unique key: arming the same
// (subject, kind, reference date) twice leaves one row, so no timer can fire twice.

export interface TimerSpec {
  kind: string;
  subjectId: string;
  /** The date the timer belongs to (a due date, a payment deadline); part of the key. */
  refAt: Date;
  dueAt: Date;
}

function timerKey(spec: Pick<TimerSpec, 'kind' | 'subjectId' | 'refAt'>): string {
  return `${spec.subjectId}:${spec.kind}:${spec.refAt.toISOString()}`;
}

/** Arms timers; an already armed (or fired) key is left as it is. Call inside the causing transaction. */
export async function armTimers(db: DbOrTx, specs: TimerSpec[]): Promise<void> {
  if (specs.length === 0) return;
  await db
    .insert(timers)
    .values(specs.map((s) => ({ ...s, key: timerKey(s) })))
    .onConflictDoNothing({ target: timers.key });
}

/**
 * Cancels the pending timers of a subject whose kind starts with one of `kindPrefixes`.
 * Rows a worker is firing right now are skipped (SKIP LOCKED), never waited for: that worker
 * holds the timer and waits for the subject's row lock, and its effect re-reads the subject and
 * does nothing once the subject has moved on. Waiting here would be a deadlock.
 */
export async function cancelTimers(db: DbOrTx, subjectId: string, kindPrefixes: string[]): Promise<void> {
  const pending = db
    .select({ id: timers.id })
    .from(timers)
    .where(
      and(
        eq(timers.subjectId, subjectId),
        isNull(timers.firedAt),
        isNull(timers.cancelledAt),
        or(...kindPrefixes.map((prefix) => like(timers.kind, `${prefix}%`))),
      ),
    )
    .for('update', { skipLocked: true });
  await db.update(timers).set({ cancelledAt: now() }).where(inArray(timers.id, pending));
}
