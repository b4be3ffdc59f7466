import { readFieldMessage } from '@domain/error-codes';
import { toMinor } from '@domain/money';
import { eq, inArray } from 'drizzle-orm';
import type { OrderStatus } from '@domain/constants';
import type { OrderAction } from '@domain/order-actions';
import {
  actingRole,
  bookEffectOf,
  isOpenStatus,
  orderTotal,
  roleEverMayAct,
  shippingCostProblem,
  targetStatus,
} from '@domain/order-machine';
import type { OrderDetail, OrderEventDetails } from '@domain/order-types';
import type { AppDeps, SessionUser } from '@server/app-env';
import type { Config } from '@server/config';
import type { Tx } from '@server/db/client';
import { books, type Order, type OrderItem, orderEvents, orders } from '@server/db/schema';
import { AppError } from '@server/lib/errors';
import { announce } from '@server/lib/lifecycle-events';
import { changeBookState } from '@server/modules/books/state-service';
import { paymentConfirmation, refuseLeavingPaidOutCompletion } from '@server/modules/payments/service';
import { now } from '@server/lib/clock';
import { buildOrderDetail, loadOrderItems, rolesOnOrder } from './service';

// The one place a member or an admin changes an order's status (D8): it checks the actor and the
// transition, updates the order, applies the book effects, records the event and announces the
// change (lib/lifecycle-events.ts), all in one transaction: the followers (the loan's timers,
// the emails) listen in src/server/wiring.ts and commit or roll back with it.

export type StatusDeps = Pick<AppDeps, 'db' | 'config' | 'outbox'>;

export async function applyOrderAction(
  deps: StatusDeps,
  input: { actor: SessionUser; orderId: string; action: OrderAction },
): Promise<OrderDetail> {
  const { actor, action } = input;
  const detail = await deps.db.transaction(async (tx) => {
    // The row lock makes two simultaneous actions on one order take turns: the second sees
    // the status the first left.
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    const items = await loadOrderItems(tx, order.id);
    const roles = rolesOnOrder(actor, order, items);
    if (roles.length === 0) throw new AppError('ORDER_FORBIDDEN');

    const role = actingRole(roles, order.status, action.type);
    if (!role) {
      const couldEver = roles.some((r) => roleEverMayAct(r, action.type));
      if (!couldEver) throw new AppError('ORDER_ACTION_FORBIDDEN');
      throw new AppError('ORDER_ACTION_NOT_NOW', { params: { status: order.status } });
    }

    const to = targetStatus(action);
    // A move to the status the order already has would only repeat the side effects, the event
    // and the emails: it changes nothing, so it is refused and records nothing.
    if (to === order.status) {
      throw new AppError('ORDER_ALREADY_IN_STATUS', { params: { status: order.status } });
    }

    const changes: Partial<typeof orders.$inferInsert> = { status: to, updatedAt: new Date() };
    if (action.type === 'set_shipping_cost') {
      const problem = shippingCostProblem(order.deliveryMethod, action.shippingCost);
      if (problem)
        throw new AppError('INVALID_SHIPPING_COST', { fields: { shippingCost: readFieldMessage(problem) } });
      changes.shippingCost = action.shippingCost;
      changes.total = orderTotal(order.subtotal, action.shippingCost);
    }
    let details: OrderEventDetails | null = null;
    if (action.type === 'confirm_payment') {
      // D33: what arrived and the bank's reference, kept on the order and in its history.
      const { amountReceived, bankReference } = action;
      Object.assign(changes, paymentConfirmation({ amountReceived, bankReference }));
      details = { amountReceived, bankReference };
    }
    // D34: the owner's share becomes payable when the order is Completed.
    if (to === 'Completed') changes.completedAt = now();
    // D36: cancelled after the borrower paid or said so: the team owes them a refund.
    const refundOwed =
      to === 'Cancelled' && (order.paymentClaimedAt !== null || order.paymentConfirmedAt !== null);
    if (refundOwed) changes.refundOwedAt = now();

    await applyBookEffects(tx, deps.config, order, items, to);
    // D41: a Completed order whose share was paid out stays Completed.
    await refuseLeavingPaidOutCompletion(tx, deps.config, order);
    await tx.update(orders).set(changes).where(eq(orders.id, order.id));
    await tx.insert(orderEvents).values({
      orderId: order.id,
      fromStatus: order.status,
      toStatus: to,
      action: action.type,
      actorId: actor.id,
      actorName: actor.name,
      actorRole: role,
      details,
    });
    const ctx = { config: deps.config };
    await announce(
      tx,
      { type: 'order-status-changed', orderId: order.id, from: order.status, to, actorRole: role },
      ctx,
    );
    if (action.type === 'confirm_payment') {
      const payment = { amount: toMinor(action.amountReceived) / 100, reference: action.bankReference };
      await announce(tx, { type: 'payment-recorded', orderId: order.id, source: 'admin', ...payment }, ctx);
    }

    const [updated] = await tx.select().from(orders).where(eq(orders.id, order.id));
    return buildOrderDetail(tx, updated, items, roles);
  });
  deps.outbox.kick();
  return detail;
}

/**
 * The book side of a status change (spec section 4, D6, D8): the effects follow the new status
 * whatever the path to it. Processed lends the books (Borrowed); Completed and Cancelled give
 * them back (Available) and end the reservation. An admin reopening a closed order reserves its
 * books again, which only works while no other order holds them.
 */
export async function applyBookEffects(
  tx: Tx,
  config: Config,
  order: Order,
  items: OrderItem[],
  to: OrderStatus,
): Promise<void> {
  const bookIds = items.flatMap((item) => (item.bookId ? [item.bookId] : []));
  const reopening = !isOpenStatus(order.status) && isOpenStatus(to);
  if (bookIds.length === 0 && !reopening) return;

  if (reopening) {
    const sorted = [...bookIds].sort();
    const locked = await tx
      .select({
        id: books.id,
        reservedBy: books.reservedByOrderId,
        status: books.status,
        deletedAt: books.deletedAt,
      })
      .from(books)
      .where(inArray(books.id, sorted))
      .orderBy(books.id)
      .for('update');
    // A reopened order lends its books again, so each must still exist (not deleted,
    // not removed with its item), be Available (not sold or withdrawn) and be held by no other order.
    if (locked.length < items.length || locked.some((b) => b.deletedAt !== null)) {
      throw new AppError('BOOK_DELETED');
    }
    if (locked.some((b) => b.reservedBy !== null && b.reservedBy !== order.id)) {
      throw new AppError('BOOK_IN_ANOTHER_ORDER');
    }
    if (locked.some((b) => b.status !== 'Available')) {
      throw new AppError('BOOK_NO_LONGER_AVAILABLE');
    }
    await changeBookState(tx, config, { type: 'reserve', bookIds: sorted, orderId: order.id });
  }

  const effect = bookEffectOf(order.status, to);
  if (effect === 'borrow' || effect === 'unborrow') {
    const status = effect === 'borrow' ? 'Borrowed' : 'Available';
    await changeBookState(tx, config, { type: 'set-status', bookIds, status, onlyHeldBy: order.id });
  } else if (effect === 'release') {
    await changeBookState(tx, config, { type: 'release', bookIds, orderId: order.id });
  }
}
