import { and, asc, eq, isNull, lt, lte, or } from 'drizzle-orm';
import { type Timer, timers } from '@server/db/schema';
import { now } from '@server/lib/clock';
import { MAX_ATTEMPTS, retryWaitMs } from '@server/lib/retry-policy';
import { type TimerDeps, timerEffectFor } from './registry';

// Firing due timers (D24), once per pass of the outbox worker. Each timer is claimed with
// FOR UPDATE SKIP LOCKED in its own transaction; its effect (which only queues emails, never
// sends) and its fired mark commit together, so several instances, restarts and repeated
// passes fire each timer exactly once. A failed effect rolls back and is retried with backoff.
// Timers are infrastructure: what a fired timer does is its kind's effect, looked up in the
// registry (registry.ts) that src/server/wiring.ts fills, so this file imports no module.

/** The outbox's long window (about 3 days of growing waits): a dependency down for a day loses no timer. */
const MAX_TIMER_ATTEMPTS = MAX_ATTEMPTS;
/** Timers fired per pass at most; the next pass (60 s, or a kick) goes on. */
const PASS_LIMIT = 500;

export interface FireResult {
  fired: number;
  failed: number;
}

async function claimAndFire(deps: TimerDeps, at: Date): Promise<'fired' | 'failed' | null> {
  let claimed: Timer | null = null;
  try {
    return await deps.db.transaction(async (tx) => {
      const [timer] = await tx
        .select()
        .from(timers)
        .where(
          and(
            isNull(timers.firedAt),
            isNull(timers.cancelledAt),
            lte(timers.dueAt, at),
            or(isNull(timers.nextAttemptAt), lte(timers.nextAttemptAt, at)),
            lt(timers.attempts, MAX_TIMER_ATTEMPTS),
          ),
        )
        .orderBy(asc(timers.dueAt), asc(timers.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!timer) return null;
      claimed = timer;
      const effect = timerEffectFor(timer.kind);
      // An unknown kind fails like a failed effect: recorded and retried, never marked fired.
      if (!effect) throw new Error(`No timer kind is registered for "${timer.kind}"`);
      await effect(tx, deps, timer, at);
      await tx
        .update(timers)
        .set({ firedAt: at, attempts: timer.attempts + 1, lastError: null })
        .where(eq(timers.id, timer.id));
      return 'fired' as const;
    });
  } catch (err) {
    const timer = claimed as Timer | null;
    if (!timer) throw err;
    const attempts = timer.attempts + 1;
    await deps.db
      .update(timers)
      .set({
        attempts,
        lastError: err instanceof Error ? err.message.slice(0, 500) : String(err),
        nextAttemptAt: new Date(at.getTime() + retryWaitMs(attempts)),
      })
      .where(and(eq(timers.id, timer.id), isNull(timers.firedAt)));
    deps.log.warn({ timerId: timer.id, kind: timer.kind, err: String(err) }, 'timer failed');
    return 'failed';
  }
}

/** Fires every timer due at the clock's now(); resolves when none is left (or PASS_LIMIT). */
export async function fireDueTimers(deps: TimerDeps): Promise<FireResult> {
  const result: FireResult = { fired: 0, failed: 0 };
  const at = now();
  for (let i = 0; i < PASS_LIMIT; i++) {
    const outcome = await claimAndFire(deps, at);
    if (!outcome) break;
    result[outcome]++;
  }
  return result;
}
