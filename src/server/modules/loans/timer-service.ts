import { eq } from 'drizzle-orm';
import { latestReminderKind, nextOverdueKind, type ReminderKind, reminderRank } from '@domain/loan';
import type { Tx } from '@server/db/client';
import { orderEvents, orders, type Timer, timers } from '@server/db/schema';
import { announce } from '@server/lib/lifecycle-events';
import { applyBookEffects } from '@server/modules/orders/status-service';
import { loadOrderItems } from '@server/modules/orders/service';
import type { TimerDeps, TimerKind } from '@server/timers/registry';
import { armTimers } from '@server/timers/store';
import { PAYMENT_WINDOW_TIMER, REMINDER_TIMER_PREFIX, reminderTimer } from './service';
import { queueReminder } from './notices';

// What a loan timer does when it fires. Each effect locks the order and re-reads
// it: a timer armed for a due date or deadline the order no longer has does nothing.

const sameInstant = (a: Date | null, b: Date | null) =>
  a !== null && b !== null && a.getTime() === b.getTime();

/** The order a loan timer is about, locked; null when it is gone. */
async function lockOrder(tx: Tx, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return order ?? null;
}

async function firePaymentWindow(tx: Tx, deps: TimerDeps, timer: Timer): Promise<void> {
  const order = await lockOrder(tx, timer.subjectId);
  if (!order) return;
  // D24: still unpaid at the deadline it was armed for: the system cancels the order. D36: not
  // once the borrower says they paid; only an admin's confirmation or rejection moves it on.
  if (order.status !== 'Waiting for Payment' || !sameInstant(order.paymentDueAt, timer.refAt)) return;
  if (order.paymentClaimedAt) return;
  const items = await loadOrderItems(tx, order.id);
  await applyBookEffects(tx, deps.config, order, items, 'Cancelled');
  await tx.update(orders).set({ status: 'Cancelled', updatedAt: new Date() }).where(eq(orders.id, order.id));
  await tx.insert(orderEvents).values({
    orderId: order.id,
    fromStatus: order.status,
    toStatus: 'Cancelled',
    action: 'payment_window_expired',
    actorId: null,
    actorName: 'System',
    actorRole: 'system',
  });
  await announce(
    tx,
    {
      type: 'order-status-changed',
      orderId: order.id,
      from: order.status,
      to: 'Cancelled',
      actorRole: 'system',
    },
    { config: deps.config },
  );
}

async function fireReminder(tx: Tx, deps: TimerDeps, timer: Timer, at: Date): Promise<void> {
  const order = await lockOrder(tx, timer.subjectId);
  if (!order) return;
  // D22: only while the books are out and for the due date the reminder was armed for.
  if (order.status !== 'Delivered' || !order.dueAt || !sameInstant(order.dueAt, timer.refAt)) return;
  const kind = timer.kind.slice(REMINDER_TIMER_PREFIX.length) as ReminderKind;
  // D37: when a later reminder is due too (the worker was down, or an old demo loan on a first
  // start), this one is recorded as skipped and the latest is armed (a no-op when it already
  // is); it fires in the same pass, so each recipient gets one email.
  const latest = latestReminderKind(order.dueAt, at, deps.config.timeZone) ?? kind;
  if (reminderRank(latest) > reminderRank(kind)) {
    await tx.update(timers).set({ skippedAt: at }).where(eq(timers.id, timer.id));
    await armTimers(tx, [reminderTimer(order.id, latest, order.dueAt, deps.config.timeZone)]);
    return;
  }
  await queueReminder(tx, deps.config, order, kind);
  if (kind.startsWith('overdue_')) {
    await tx.update(orders).set({ overdueRemindedAt: at }).where(eq(orders.id, order.id));
    // Overdue reminders repeat every 7 days until the return starts: arm the next one.
    await armTimers(tx, [reminderTimer(order.id, nextOverdueKind(kind), order.dueAt, deps.config.timeZone)]);
  }
}

/** The loans module's timer kinds, listed with every feature's in src/server/wiring.ts. */
export const loanTimerKinds: TimerKind[] = [
  { prefix: PAYMENT_WINDOW_TIMER, fire: firePaymentWindow },
  { prefix: REMINDER_TIMER_PREFIX, fire: fireReminder },
];
