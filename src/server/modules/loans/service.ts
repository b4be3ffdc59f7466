import { and, eq, isNull } from 'drizzle-orm';
import {
  MAX_EXTENSIONS,
  dueAtFor,
  type ExtensionWeeks,
  extendedDueAt,
  extensionRefusal,
  FIRST_REMINDERS,
  type ReminderKind,
  paymentWindowEnd,
  reminderTime,
} from '@domain/loan';
import type { OrderDetail } from '@domain/order-types';
import { extensionTotal } from '@domain/pricing';
import type { AppDeps, SessionUser } from '@server/app-env';
import type { Config } from '@server/config';
import type { Tx } from '@server/db/client';
import { orderEvents, orderExtensions, orders } from '@server/db/schema';
import { now } from '@server/lib/clock';
import { listen } from '@server/lib/lifecycle-events';
import { AppError } from '@server/lib/errors';
import { buildOrderDetail, loadOrderItems, rolesOnOrder } from '@server/modules/orders/service';
import { armTimers, cancelTimers, type TimerSpec } from '@server/timers/store';
import { queueExtensionNotices } from './notices';
import { someoneWaitsFor } from '@server/modules/waitlist/service';
import { bookIdsOf, extensionCount } from './view-service';

// Loans that run themselves: the loan starts at Delivered, reminders are armed for
// its due date, an extension moves it, and Waiting for Payment has a deadline. Everything here
// runs inside the transaction of the change that caused it.

export const PAYMENT_WINDOW_TIMER = 'payment_window';
export const REMINDER_TIMER_PREFIX = 'reminder_';

type LoanConfig = Pick<Config, 'timeZone' | 'paymentWindowHours'>;

/**
 * Every path into Waiting for Payment calls this (the status service; checkout for pickup
 * orders). It records the deadline in orders.payment_due_at and arms the payment-window
 * timer that cancels the order if it is still unpaid then. Returns the deadline.
 */
export async function armPaymentWindow(
  tx: Tx,
  config: LoanConfig,
  orderId: string,
  hours = config.paymentWindowHours,
): Promise<Date> {
  const deadline = paymentWindowEnd(now(), hours);
  await tx.update(orders).set({ paymentDueAt: deadline }).where(eq(orders.id, orderId));
  await cancelTimers(tx, orderId, [PAYMENT_WINDOW_TIMER]);
  await armTimers(tx, [{ kind: PAYMENT_WINDOW_TIMER, subjectId: orderId, refAt: deadline, dueAt: deadline }]);
  return deadline;
}

export function reminderTimer(orderId: string, kind: ReminderKind, dueAt: Date, timeZone: string): TimerSpec {
  return {
    kind: `${REMINDER_TIMER_PREFIX}${kind}`,
    subjectId: orderId,
    refAt: dueAt,
    dueAt: reminderTime(dueAt, kind, timeZone),
  };
}

/** D22: (re-)arms the reminders of a due date; those of an earlier due date are cancelled. */
export async function armReminders(
  tx: Tx,
  config: Pick<Config, 'timeZone'>,
  orderId: string,
  dueAt: Date,
): Promise<void> {
  await cancelTimers(tx, orderId, [REMINDER_TIMER_PREFIX]);
  // A new due date has not been reminded of yet (owner and admins read this).
  await tx.update(orders).set({ overdueRemindedAt: null }).where(eq(orders.id, orderId));
  await armTimers(
    tx,
    FIRST_REMINDERS.map((kind) => reminderTimer(orderId, kind, dueAt, config.timeZone)),
  );
}

/**
 * The loan's timers follow every status change (src/server/wiring.ts lists this listener).
 * Entering Delivered starts the loan (D21: delivered_at, due_at, reminders); leaving it cancels
 * the reminders (a return started or the order closed). Entering Waiting for Payment arms
 * the payment window; leaving it cancels that timer.
 */
export const loanTimersListener = listen(['order-status-changed'], async (tx, event, ctx) => {
  const { orderId, from, to } = event;
  if (to === from) return;
  if (to === 'Waiting for Payment') await armPaymentWindow(tx, ctx.config, orderId);
  else if (from === 'Waiting for Payment') await cancelTimers(tx, orderId, [PAYMENT_WINDOW_TIMER]);

  if (to === 'Delivered') {
    const [order] = await tx
      .select({ borrowDuration: orders.borrowDuration })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!order) return;
    const deliveredAt = now();
    const dueAt = dueAtFor(deliveredAt, order.borrowDuration, ctx.config.timeZone);
    await tx.update(orders).set({ deliveredAt, dueAt }).where(eq(orders.id, orderId));
    await armReminders(tx, ctx.config, orderId, dueAt);
  } else if (from === 'Delivered') {
    await cancelTimers(tx, orderId, [REMINDER_TIMER_PREFIX]);
  }
});

type LoanDeps = Pick<AppDeps, 'db' | 'config' | 'outbox'>;

/**
 * D23: the borrower extends a Delivered loan by 1 or 2 weeks. Refused with a stable code when
 * overdue, after two extensions or when someone waits for a book. The charge (weekly price x
 * weeks per book), the new due date, re-armed reminders, the event and the emails to owner and
 * admins commit together.
 */
export async function extendLoan(
  deps: LoanDeps,
  input: { actor: SessionUser; orderId: string; weeks: ExtensionWeeks },
): Promise<OrderDetail> {
  const detail = await deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    const items = await loadOrderItems(tx, order.id);
    const roles = rolesOnOrder(input.actor, order, items);
    if (roles.length === 0) throw new AppError('ORDER_FORBIDDEN');
    if (!roles.includes('borrower')) throw new AppError('ORDER_ACTION_FORBIDDEN');

    const at = now();
    const refusal = extensionRefusal({
      status: order.status,
      dueAt: order.dueAt,
      now: at,
      timeZone: deps.config.timeZone,
      extensionCount: await extensionCount(tx, order.id),
      someoneWaits: await someoneWaitsFor(tx, bookIdsOf(items)),
    });
    if (refusal || !order.dueAt) {
      const code = refusal ?? 'EXTENSION_NOT_ON_LOAN';
      throw new AppError(code, code === 'EXTENSION_LIMIT' ? { params: { max: MAX_EXTENSIONS } } : {});
    }

    const newDueAt = extendedDueAt(order.dueAt, input.weeks, deps.config.timeZone);
    const [extension] = await tx
      .insert(orderExtensions)
      .values({
        orderId: order.id,
        weeks: input.weeks,
        amount: extensionTotal(items, input.weeks),
        previousDueAt: order.dueAt,
        newDueAt,
      })
      .returning();
    await tx.update(orders).set({ dueAt: newDueAt, updatedAt: new Date() }).where(eq(orders.id, order.id));
    await armReminders(tx, deps.config, order.id, newDueAt);
    await tx.insert(orderEvents).values({
      orderId: order.id,
      fromStatus: order.status,
      toStatus: order.status,
      action: 'extend_loan',
      actorId: input.actor.id,
      actorName: input.actor.name,
      actorRole: 'borrower',
    });
    const [updated] = await tx.select().from(orders).where(eq(orders.id, order.id));
    await queueExtensionNotices(tx, deps.config, updated, items, extension);
    return buildOrderDetail(tx, updated, items, roles);
  });
  deps.outbox.kick();
  return detail;
}

/** The admin records that an extension's charge was paid. */
export async function markExtensionPaid(
  deps: LoanDeps,
  input: { actor: SessionUser; orderId: string; extensionId: string },
): Promise<OrderDetail> {
  return deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    const [extension] = await tx
      .select()
      .from(orderExtensions)
      .where(and(eq(orderExtensions.id, input.extensionId), eq(orderExtensions.orderId, order.id)));
    if (!extension) throw new AppError('EXTENSION_NOT_FOUND');
    if (extension.paidAt) throw new AppError('EXTENSION_ALREADY_PAID');
    await tx
      .update(orderExtensions)
      .set({ paidAt: now() })
      .where(and(eq(orderExtensions.id, extension.id), isNull(orderExtensions.paidAt)));
    await tx.insert(orderEvents).values({
      orderId: order.id,
      fromStatus: order.status,
      toStatus: order.status,
      action: 'extension_paid',
      actorId: input.actor.id,
      actorName: input.actor.name,
      actorRole: 'admin',
    });
    const items = await loadOrderItems(tx, order.id);
    return buildOrderDetail(tx, order, items, rolesOnOrder(input.actor, order, items));
  });
}
