import { eq } from 'drizzle-orm';
import type { Tx } from '@server/db/client';
import { writeWithoutWaiting } from '@server/db/unawaited-writes';
import { orders, type Timer } from '@server/db/schema';
import { now } from '@server/lib/clock';
import { listen } from '@server/lib/lifecycle-events';
import { queueOrderNotices } from '@server/modules/email/order-notices-service';
import type { TimerDeps, TimerKind } from '@server/timers/registry';
import { armTimers, cancelTimers } from '@server/timers/store';

// D50: a delivery order waiting for its shipping cost was promised payment instructions within
// 24 hours (spec). When one is placed, a timer is armed for 4 hours before that deadline; when it
// fires and the order is still in Draft, the admins are emailed. The timer is a row (keyed by the
// order and its deadline), so it fires once per order and survives a restart or a SIGKILL.

const SHIPPING_PROMISE_HOURS = 24;
const SHIPPING_REMINDER_LEAD_HOURS = 4;
const HOUR_MS = 3_600_000;
const SHIPPING_PROMISE_TIMER = 'shipping-promise:reminder';

/** When the 24 hours of an order placed at `placedAt` run out. */
const shippingPromiseDeadline = (placedAt: Date) =>
  new Date(placedAt.getTime() + SHIPPING_PROMISE_HOURS * HOUR_MS);

/**
 * Arms the admins' reminder of every just-placed delivery order that waits for its shipping cost
 * (the checkout's orders not payable at once). The 24 hours run from now, the moment of placing,
 * on the one clock the timers read.
 */
export const shippingPromiseListener = listen(['order-placed'], async (tx, event) => {
  if (event.deliveryMethod !== 'delivery') return;
  const payable = new Set(event.payableOrderIds);
  const deadline = shippingPromiseDeadline(now());
  // Nothing reads the insert's answer: it comes back with checkout's commit (db/unawaited-writes.ts).
  await writeWithoutWaiting(
    tx,
    armTimers(
      tx,
      event.orderIds
        .filter((id) => !payable.has(id))
        .map((orderId) => ({
          kind: SHIPPING_PROMISE_TIMER,
          subjectId: orderId,
          refAt: deadline,
          dueAt: new Date(deadline.getTime() - SHIPPING_REMINDER_LEAD_HOURS * HOUR_MS),
        })),
    ),
  );
});

/** An order priced (or cancelled) before its reminder needs none: the pending one is cancelled. */
export const shippingPromiseKeptListener = listen(['order-status-changed'], async (tx, event) => {
  if (event.from !== 'Draft') return;
  await cancelTimers(tx, event.orderId, [SHIPPING_PROMISE_TIMER]);
});

/** Locks and re-reads the order: once its shipping cost is set (or it is cancelled), nothing is sent. */
async function fireShippingReminder(tx: Tx, deps: TimerDeps, timer: Timer): Promise<void> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, timer.subjectId)).for('update');
  if (order?.status !== 'Draft') return;
  await queueOrderNotices(tx, deps.config, order.id, 'shipping_promise_due', {
    deadline: timer.refAt ?? undefined,
  });
}

export const shippingPromiseTimerKinds: TimerKind[] = [
  { prefix: SHIPPING_PROMISE_TIMER, fire: fireShippingReminder },
];
