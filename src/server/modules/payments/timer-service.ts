import { eq } from 'drizzle-orm';
import type { Tx } from '@server/db/client';
import { orders, type Timer } from '@server/db/schema';
import { queueOrderNotices } from '@server/modules/email/order-notices-service';
import { nextRunAfter, type TimerDeps, type TimerKind } from '@server/timers/registry';
import { armTimers } from '@server/timers/store';
import { CLAIM_REMINDER_TIMER, claimReminderTimer } from './service';

// D36: while a payment claim waits, the admins are reminded once a day. The effect locks the
// order and re-reads it: once the payment is confirmed, the claim rejected or the order moved
// on, the reminder does nothing and arms no next one.

async function fireClaimReminder(tx: Tx, deps: TimerDeps, timer: Timer, at: Date): Promise<void> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, timer.subjectId)).for('update');
  if (order?.status !== 'Waiting for Payment' || !order.paymentClaimedAt) return;
  await queueOrderNotices(tx, deps.config, order.id, 'payment_claim_waiting');
  // The next one a day on from now, not from the missed time: a downtime sends one reminder.
  await armTimers(tx, [claimReminderTimer(order.id, nextRunAfter(timer.dueAt, 24 * 3_600_000, at))]);
}

export const paymentTimerKinds: TimerKind[] = [{ prefix: CLAIM_REMINDER_TIMER, fire: fireClaimReminder }];
