import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import { preparedStatement } from '@server/db/statements';
import {
  books,
  cartItems,
  checkouts,
  orderEvents,
  orderItems,
  orders,
  ownerPickupLocations,
  pickupLocations,
  user,
} from '@server/db/schema';
import { reservationUpdate } from '@server/modules/books/state-service';
import type { buildOrderRows } from './order-rows';

// The checkout's SQL; checkout/service.ts reads as the rules that run it (lock, check, build,
// write).

/**
 * The member's lock (FOR NO KEY UPDATE, see cart/service.ts) with the checkout an earlier submit
 * of the same `idempotencyKey` made, if any, and every admin's address (oldest admin first, for
 * the notices): one query. No row when the member is gone.
 */
export const checkoutLockStatement = preparedStatement((db) =>
  db
    .select({
      member: user,
      previousId: checkouts.id,
      admins: sql<Array<{ email: string; language: string }>>`(select coalesce(json_agg(
          json_build_object('email', a.email, 'language', a.language) order by a.created_at, a.id), '[]')
        from ${user} as a where a.role = 'admin')`,
    })
    .from(user)
    .leftJoin(
      checkouts,
      and(eq(checkouts.userId, user.id), eq(checkouts.idempotencyKey, sql.placeholder('idempotencyKey'))),
    )
    .where(eq(user.id, sql.placeholder('memberId')))
    .for('no key update', { of: user })
    .prepare('rk_checkout_lock'),
);

/** Every active pickup location each of these owners offers, one row per (location, owner), by name. */
export function offeredPickupLocations(db: DbOrTx, ownerIds: readonly string[]) {
  return db
    .select({ location: pickupLocations, ownerId: ownerPickupLocations.ownerId })
    .from(ownerPickupLocations)
    .innerJoin(pickupLocations, eq(pickupLocations.id, ownerPickupLocations.pickupLocationId))
    .where(and(eq(pickupLocations.active, true), inArray(ownerPickupLocations.ownerId, [...ownerIds])))
    .orderBy(asc(pickupLocations.name), asc(pickupLocations.id));
}

/** The orders a checkout made, oldest first (a repeated submit answers with these). */
export function ordersOfCheckout(db: DbOrTx, checkoutId: string) {
  return db
    .select()
    .from(orders)
    .where(eq(orders.checkoutId, checkoutId))
    .orderBy(asc(orders.createdAt), asc(orders.ownerName));
}

/** The payment deadlines (D24) the orders got as they entered Waiting for Payment. */
export function paymentDeadlinesOf(db: DbOrTx, orderIds: readonly string[]) {
  return db
    .select({ id: orders.id, paymentDueAt: orders.paymentDueAt })
    .from(orders)
    .where(inArray(orders.id, [...orderIds]));
}

export interface CheckoutWrite {
  checkout: { id: string; userId: string; idempotencyKey: string };
  member: { id: string; name: string };
  /** The rows of checkout/order-rows.ts: one order per owner with its items and books. */
  groups: ReturnType<typeof buildOrderRows>;
}

/**
 * Everything a checkout writes, in one statement (data-modifying CTEs), so it costs one round
 * trip, not seven: the ids are made before, so the checkout row, the orders, their items and
 * events, the reservations (D6) and the emptied cart name each other without reading
 * anything back. The foreign keys are checked at the end of the statement, when every row is
 * there. Answers with the orders as written.
 */
export function writeCheckout(tx: DbOrTx, write: CheckoutWrite) {
  const { checkout, member, groups } = write;
  const newCheckout = tx
    .$with('new_checkout')
    .as(tx.insert(checkouts).values(checkout).returning({ id: checkouts.id }));
  const newOrders = tx.$with('new_orders').as(
    tx
      .insert(orders)
      .values(groups.map((group) => group.order))
      .returning(),
  );
  const newItems = tx.$with('new_items').as(
    tx
      .insert(orderItems)
      .values(groups.flatMap((group) => group.items))
      .returning({ id: orderItems.id }),
  );
  const events = tx.$with('new_events').as(
    tx
      .insert(orderEvents)
      .values(
        groups.map(({ order }) => ({
          orderId: order.id,
          fromStatus: null,
          toStatus: 'Draft' as const,
          action: 'place_order',
          actorId: member.id,
          actorName: member.name,
          actorRole: 'borrower',
        })),
      )
      .returning({ id: orderEvents.id }),
  );
  // D6: the reservations keep every other member from borrowing these books (the book state
  // writer's statement).
  const reservations = tx.$with('reservations').as(
    reservationUpdate(
      tx,
      groups.map((group) => ({ orderId: group.order.id, bookIds: group.books })),
    ).returning({ id: books.id }),
  );
  const emptiedCart = tx
    .$with('emptied_cart')
    .as(tx.delete(cartItems).where(eq(cartItems.userId, checkout.userId)).returning({ id: cartItems.id }));
  return tx
    .with(newCheckout, newOrders, newItems, events, reservations, emptiedCart)
    .select()
    .from(newOrders);
}
