import { asc, eq } from 'drizzle-orm';
import type { OrderRole } from '@domain/order-actions';
import { orderNumber } from '@domain/order-number';
import type { OrderMoney, OrderPayment, OrderShare } from '@domain/order-types';
import { ownerShare } from '@domain/pricing';
import type { AppDeps, SessionUser } from '@server/app-env';
import type { Config } from '@server/config';
import type { DbOrTx } from '@server/db/client';
import { type Order, orderEvents, orders } from '@server/db/schema';
import { now } from '@server/lib/clock';
import { AppError } from '@server/lib/errors';
import type { StoredObject } from '@server/lib/storage';
import { loadOrderItems, rolesOnOrder } from '@server/modules/orders/service';
import { receiptStorageKey, storeReceipt } from './receipts';
import { queueOrderNotices } from '@server/modules/email/order-notices-service';
import { armPaymentWindow, PAYMENT_WINDOW_TIMER } from '@server/modules/loans/service';
import { armTimers, cancelTimers, type TimerSpec } from '@server/timers/store';
import { ensureStatementTransfer, statementTransferOf, transferOf } from './statement-service';

export { balanceOf, refuseLeavingPaidOutCompletion, shareSql } from './earnings';

// Paying on the page: the borrower's "I have paid" with an optional receipt photo, the
// private receipt, the admin's confirmation, and the payment panel's facts on the order.

/** The order columns an admin's Confirm Payment sets. */
export function paymentConfirmation(input: { amountReceived: string; bankReference: string }) {
  return {
    paymentConfirmedAt: now(),
    paymentReceivedAmount: input.amountReceived,
    paymentBankReference: input.bankReference,
  } satisfies Partial<Order>;
}

/**
 * The deadline for paying: the one stored on the order by the payment-window timer
 * (armPaymentWindow in modules/loans); for an order that entered Waiting for Payment before
 * deadlines were stored, the time it entered plus the payment window.
 */
function paymentDeadline(
  order: Order,
  events: ReadonlyArray<{ toStatus: string; createdAt: Date }>,
  config: Pick<Config, 'paymentWindowHours'>,
): Date | null {
  if (order.status !== 'Waiting for Payment') return null;
  if (order.paymentDueAt) return order.paymentDueAt;
  const entered = events.filter((e) => e.toStatus === 'Waiting for Payment').at(-1)?.createdAt;
  if (!entered) return null;
  return new Date(entered.getTime() + config.paymentWindowHours * 3_600_000);
}

/** What the order page shows about paying, to the borrower and the admins; null for others. */
function paymentView(
  order: Order,
  roles: readonly OrderRole[],
  events: ReadonlyArray<{ toStatus: string; createdAt: Date }>,
  config: Config,
): OrderPayment | null {
  if (!roles.includes('borrower') && !roles.includes('admin')) return null;
  const deadline = paymentDeadline(order, events, config);
  return {
    amount: order.total,
    bankName: config.payment.bankName,
    accountName: config.payment.accountName,
    accountNumber: config.payment.accountNumber,
    reference: orderNumber(order.id),
    deadline: deadline?.toISOString() ?? null,
    claimedAt: order.paymentClaimedAt?.toISOString() ?? null,
    receiptUrl: order.paymentReceiptKey ? `/api/orders/${order.id}/receipt` : null,
    confirmedAt: order.paymentConfirmedAt?.toISOString() ?? null,
    amountReceived: order.paymentReceivedAmount,
    bankReference: order.paymentBankReference,
    claimRejectedAt: order.paymentClaimRejectedAt?.toISOString() ?? null,
    claimRejectionReason: order.paymentClaimRejectionReason,
    refundOwedAt: roles.includes('admin') ? (order.refundOwedAt?.toISOString() ?? null) : null,
    transfer: null,
  };
}

type PaymentDeps = Pick<AppDeps, 'db' | 'storage' | 'config' | 'outbox'>;

/** The daily reminder to the admins while a claim waits. */
export const CLAIM_REMINDER_TIMER = 'payment_claim_reminder';
const DAY_MS = 24 * 3_600_000;
/** A rejected claim opens a new window of this many hours. */
const REJECTED_CLAIM_WINDOW_HOURS = 24;

export function claimReminderTimer(orderId: string, dueAt: Date): TimerSpec {
  return { kind: CLAIM_REMINDER_TIMER, subjectId: orderId, refAt: dueAt, dueAt };
}

/**
 * "I have paid" (D33): only the borrower, only while Waiting for Payment, once. The receipt
 * (already checked by content) is re-encoded and stored before the transaction and removed
 * again if the claim is refused, so no file outlives a refused claim.
 */
export async function claimPayment(
  deps: PaymentDeps,
  input: { actor: SessionUser; orderId: string; receipt: Buffer | null },
): Promise<void> {
  // Authorize before re-encoding anything a stranger sent.
  await checkClaim(deps.db, input.actor, input.orderId);
  const receiptKey = input.receipt ? await storeReceipt(deps.storage, input.receipt) : null;
  try {
    await deps.db.transaction(async (tx) => {
      const order = await checkClaim(tx, input.actor, input.orderId, true);
      await tx
        .update(orders)
        .set({ paymentClaimedAt: now(), paymentReceiptKey: receiptKey, updatedAt: new Date() })
        .where(eq(orders.id, order.id));
      await tx.insert(orderEvents).values({
        orderId: order.id,
        fromStatus: order.status,
        toStatus: order.status,
        action: 'payment_claimed',
        actorId: input.actor.id,
        actorName: input.actor.name,
        actorRole: 'borrower',
        details: { receipt: receiptKey !== null },
      });
      // The claim stops the payment window; the admins hear now and every day it waits.
      await cancelTimers(tx, order.id, [PAYMENT_WINDOW_TIMER]);
      await armTimers(tx, [claimReminderTimer(order.id, new Date(now().getTime() + DAY_MS))]);
      await queueOrderNotices(tx, deps.config, order.id, 'payment_claimed');
    });
  } catch (error) {
    if (receiptKey) await deps.storage.delete(receiptStorageKey(receiptKey));
    throw error;
  }
  deps.outbox.kick();
}

/**
 * D36: an admin rejects a waiting claim with a reason ("no transfer found"): the claim and its
 * receipt are cleared, the borrower is emailed the reason, and a new window of 24 hours opens
 * (the payment-window timer cancels the order if nothing is paid by then).
 */
export async function rejectPaymentClaim(
  deps: PaymentDeps,
  input: { actor: SessionUser; orderId: string; reason: string },
): Promise<void> {
  const receiptKey = await deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    if (order.status !== 'Waiting for Payment' || !order.paymentClaimedAt) {
      throw new AppError('PAYMENT_CLAIM_NOT_PENDING');
    }
    await tx
      .update(orders)
      .set({
        paymentClaimedAt: null,
        paymentReceiptKey: null,
        paymentClaimRejectedAt: now(),
        paymentClaimRejectionReason: input.reason,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, order.id));
    await cancelTimers(tx, order.id, [CLAIM_REMINDER_TIMER]);
    const deadline = await armPaymentWindow(tx, deps.config, order.id, REJECTED_CLAIM_WINDOW_HOURS);
    await tx.insert(orderEvents).values({
      orderId: order.id,
      fromStatus: order.status,
      toStatus: order.status,
      action: 'payment_claim_rejected',
      actorId: input.actor.id,
      actorName: input.actor.name,
      actorRole: 'admin',
      details: { reason: input.reason },
    });
    await queueOrderNotices(tx, deps.config, order.id, 'payment_claim_rejected', {
      reason: input.reason,
      deadline,
    });
    return order.paymentReceiptKey;
  });
  // The rejected claim's receipt is no longer named by the order.
  if (receiptKey) await deps.storage.delete(receiptStorageKey(receiptKey));
  deps.outbox.kick();
}

async function checkClaim(db: DbOrTx, actor: SessionUser, orderId: string, lock = false): Promise<Order> {
  const query = db.select().from(orders).where(eq(orders.id, orderId));
  const [order] = lock ? await query.for('update') : await query;
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  if (order.userId !== actor.id) {
    const roles = rolesOnOrder(actor, order, await loadOrderItems(db, order.id));
    if (roles.length === 0) throw new AppError('ORDER_FORBIDDEN');
    throw new AppError('PAYMENT_CLAIM_FORBIDDEN');
  }
  if (order.status !== 'Waiting for Payment') throw new AppError('PAYMENT_CLAIM_NOT_NOW');
  if (order.paymentClaimedAt) throw new AppError('PAYMENT_ALREADY_CLAIMED');
  return order;
}

/** The receipt photo: the borrower and the admins only; the owner and strangers get 403. */
export async function readReceiptFile(
  deps: PaymentDeps,
  input: { actor: SessionUser; orderId: string },
): Promise<StoredObject> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, input.orderId));
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  if (order.userId !== input.actor.id && input.actor.role !== 'admin') {
    throw new AppError('RECEIPT_FORBIDDEN');
  }
  const file = order.paymentReceiptKey
    ? await deps.storage.get(receiptStorageKey(order.paymentReceiptKey))
    : null;
  if (!file) throw new AppError('RECEIPT_NOT_FOUND');
  return file;
}

/** The payment panel (borrower, admins) and the owner's share (owner, admins) of one order. */
export async function getOrderMoney(
  deps: Pick<AppDeps, 'db' | 'config'>,
  input: { actor: SessionUser; orderId: string },
): Promise<OrderMoney> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, input.orderId));
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  const roles = rolesOnOrder(input.actor, order, await loadOrderItems(deps.db, order.id));
  if (roles.length === 0) throw new AppError('ORDER_FORBIDDEN');
  const events = await deps.db
    .select({ toStatus: orderEvents.toStatus, createdAt: orderEvents.createdAt })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, order.id))
    .orderBy(asc(orderEvents.createdAt));
  const payment = paymentView(order, roles, events, deps.config);
  if (payment) payment.transfer = await transferFor(deps, order);
  return { payment, share: shareView(order, roles, deps.config) };
}

/**
 * D42's statement adapter: the order's unique amount to transfer. An order that entered Waiting
 * for Payment under another provider (the operator switched) gets its amount when first shown.
 */
async function transferFor(deps: Pick<AppDeps, 'db' | 'config'>, order: Order) {
  const shown = await statementTransferOf(deps.db, deps.config, order);
  if (shown || order.status !== 'Waiting for Payment' || order.total === null) return shown;
  return deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
    const created = locked ? await ensureStatementTransfer(tx, deps.config, locked) : null;
    return created ? transferOf(created) : null;
  });
}

/** D34: the owner's share of the items total, pending until Completed, then payable. */
function shareView(order: Order, roles: readonly OrderRole[], config: Config): OrderShare | null {
  if (!roles.includes('owner') && !roles.includes('admin')) return null;
  const fixed =
    order.ownerShare !== null && order.serviceFee !== null
      ? { serviceFee: order.serviceFee, ownerShare: order.ownerShare }
      : ownerShare(order.subtotal, config.serviceFeePercent);
  return {
    itemsTotal: order.subtotal,
    ...fixed,
    state: order.status === 'Completed' ? 'payable' : order.status === 'Cancelled' ? 'cancelled' : 'pending',
  };
}
