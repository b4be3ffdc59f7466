import { isUuid } from '@domain/ids';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PickupLocation } from '@domain/api-types';
import { cartProblems } from '@domain/cart-rules';
import type { OrderSummary } from '@domain/order-types';
import type { CheckoutInput } from '@domain/schemas/checkout';
import type { AppDeps } from '@server/app-env';
import type { DbOrTx } from '@server/db/client';
import { preparedStatement } from '@server/db/statements';
import {
  books,
  cartItems,
  checkouts,
  emailNotifications,
  orderEvents,
  orderItems,
  orders,
  ownerPickupLocations,
  pickupLocations,
  user,
} from '@server/db/schema';
import { AppError, fieldProblem } from '@server/lib/errors';
import { transactionWithRetry } from '@server/db/retry';
import { groupCartLines, loadCartLines } from '@server/modules/cart/service';
import { placedNoticeEmails } from '@server/modules/email/order-notices-service';
import { outboxRows } from '@server/outbox/outbox';
import { summariesOf, toOrderSummary } from '@server/modules/orders/service';
import { enterPaymentAtCheckout } from '@server/modules/payments/pickup-service';
import { buildOrderRows, type Delivery } from './order-rows';
import { endHoldsAtCheckout } from '@server/modules/waitlist/hold-service';

// Checkout (spec section 5, D5, D6): the cart becomes one order per owner (Draft, or Waiting
// for Payment for pickup, D33) in one
// transaction that locks the books, so a book is never lent twice, and a repeated submit with
// the same idempotency key returns the orders it already made.

/**
 * The active pickup locations every owner in the set offers (spec section 2): self pickup is
 * possible only where all of them drop their books off.
 */
export async function sharedPickupLocations(
  db: DbOrTx,
  ownerIds: readonly string[],
): Promise<PickupLocation[]> {
  const owners = [...new Set(ownerIds)];
  if (owners.length === 0) return [];
  const rows = await db
    .select({ location: pickupLocations, ownerId: ownerPickupLocations.ownerId })
    .from(ownerPickupLocations)
    .innerJoin(pickupLocations, eq(pickupLocations.id, ownerPickupLocations.pickupLocationId))
    .where(and(eq(pickupLocations.active, true), inArray(ownerPickupLocations.ownerId, owners)))
    .orderBy(asc(pickupLocations.name), asc(pickupLocations.id));
  const offeredBy = new Map<string, { location: (typeof rows)[number]['location']; owners: Set<string> }>();
  for (const { location, ownerId } of rows) {
    const entry = offeredBy.get(location.id) ?? { location, owners: new Set<string>() };
    entry.owners.add(ownerId);
    offeredBy.set(location.id, entry);
  }
  return [...offeredBy.values()]
    .filter((entry) => entry.owners.size === owners.length)
    .map(({ location }) => ({
      id: location.id,
      name: location.name,
      location: location.location,
      address: location.address,
      active: location.active,
    }));
}

/** Owners of the cart's books; a line whose owner's account is gone has none. */
const ownersOf = (lines: readonly { ownerId: string | null }[]) =>
  lines.flatMap((line) => (line.ownerId ? [line.ownerId] : []));

export async function checkoutOptions(
  db: DbOrTx,
  input: { actorId: string },
): Promise<{ pickupLocations: PickupLocation[] }> {
  const lines = await loadCartLines(db, input.actorId);
  return { pickupLocations: await sharedPickupLocations(db, ownersOf(lines)) };
}

export interface PlacedOrders {
  orders: OrderSummary[];
  /** False when the idempotency key was seen before and these are the orders it made then. */
  created: boolean;
}

const checkoutLockStatement = preparedStatement((db) =>
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

export async function placeOrders(
  deps: Pick<AppDeps, 'db' | 'config' | 'outbox'>,
  input: { actorId: string } & CheckoutInput,
): Promise<PlacedOrders> {
  const result = await transactionWithRetry(deps.db, async (tx) => {
    // One checkout per member at a time: a double-clicked Place Order waits here, then finds
    // the first one's checkout row. The lock, the member, that row and the admins' addresses
    // (for the notices, oldest admin first) come in one query.
    const [locked] = await checkoutLockStatement(tx).execute({
      memberId: input.actorId,
      idempotencyKey: input.idempotencyKey,
    });
    if (locked?.previousId) return { orders: await checkoutOrders(tx, locked.previousId), created: false };
    const member = locked?.member;
    if (!member) throw new AppError('UNAUTHORIZED');
    // The cart with its books locked, in id order (cart/service.ts), in one query.
    const lines = await loadCartLines(tx, input.actorId, { lockBooks: true });
    if (lines.length === 0) throw new AppError('CART_EMPTY');
    const bookIds = lines.map((line) => line.bookId);
    const problems = cartProblems(lines, input.actorId);
    if (problems.length > 0) {
      throw new AppError('CART_NOT_AVAILABLE', {
        fields: Object.fromEntries(problems.map((p, i) => [`problems.${i}`, p])),
      });
    }

    const delivery = await deliveryFor(tx, input, lines);
    // Everything the checkout writes goes in one statement (data-modifying CTEs), so it costs
    // one round trip, not eight: the ids are made here, so the checkout row, the orders (one
    // per owner), their items, events and notices, the reservations and the emptied cart name
    // each other without reading anything back. The foreign keys are checked at the end of
    // the statement, when every row is there.
    const checkoutId = randomUUID();
    const newCheckout = tx
      .$with('new_checkout')
      .as(
        tx
          .insert(checkouts)
          .values({ id: checkoutId, userId: input.actorId, idempotencyKey: input.idempotencyKey })
          .returning({ id: checkouts.id }),
      );
    const pickup = delivery.method === 'pickup';
    const groups = buildOrderRows({
      checkoutId,
      member,
      delivery,
      groups: groupCartLines(lines),
      serviceFeePercent: deps.config.serviceFeePercent,
      newId: randomUUID,
    });
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
    // D6: the reservations keep every other member from borrowing these books.
    const reservedBy = sql.join(
      groups.flatMap((group) =>
        group.books.map((bookId) => sql`when ${bookId} then ${group.order.id}::uuid`),
      ),
      sql` `,
    );
    const reservations = tx.$with('reservations').as(
      tx
        .update(books)
        .set({ reservedByOrderId: sql`case ${books.id} ${reservedBy} end`, updatedAt: new Date() })
        .where(inArray(books.id, bookIds))
        .returning({ id: books.id }),
    );
    const emptiedCart = tx
      .$with('emptied_cart')
      .as(tx.delete(cartItems).where(eq(cartItems.userId, input.actorId)).returning({ id: cartItems.id }));
    const notices = tx.$with('notices').as(
      tx
        .insert(emailNotifications)
        .values(
          outboxRows(
            placedNoticeEmails(deps.config, groups, {
              owner: (ownerId) => {
                const line = lines.find((l) => l.ownerId === ownerId);
                return line?.ownerEmail
                  ? { email: line.ownerEmail, language: line.ownerLanguage ?? 'en' }
                  : null;
              },
              admins: locked.admins,
              borrowerLanguage: member.language,
            }),
          ),
        )
        .returning({ id: emailNotifications.id }),
    );
    const created = await tx
      .with(newCheckout, newOrders, newItems, events, reservations, emptiedCart, notices)
      .select()
      .from(newOrders);
    const placedOrders = groups.map((group) => {
      const order = created.find((row) => row.id === group.order.id);
      if (!order) throw new Error(`the checkout statement did not return order ${group.order.id}`);
      return { order, items: { count: group.items.length, first: group.items[0] ?? null } };
    });
    // The confirmation shows a pickup order's payment deadline (D24), set as it enters payment.
    if (pickup) {
      for (const placed of placedOrders) {
        const paymentDueAt = await enterPaymentAtCheckout(tx, deps.config, placed.order);
        placed.order = { ...placed.order, paymentDueAt };
      }
    }
    // D25: checking out a book held for this member ends the hold (and their place in its queue).
    if (lines.some((line) => line.book.heldForId === input.actorId)) {
      await endHoldsAtCheckout(tx, input.actorId, bookIds);
    }
    return {
      orders: placedOrders.map(({ order, items }) => toOrderSummary(order, items)),
      created: true,
    };
  });
  if (result.created) deps.outbox.kick();
  return result;
}

/** The address, or the chosen pickup location when it is active and every owner in the cart offers it. */
async function deliveryFor(
  tx: DbOrTx,
  input: CheckoutInput,
  lines: readonly { ownerId: string | null }[],
): Promise<Delivery> {
  if (input.deliveryMethod === 'pickup') {
    return { method: 'pickup', location: await pickupFor(tx, input.pickupLocationId ?? '', lines) };
  }
  // checkoutSchema already refuses a delivery without its address; this keeps the types honest.
  if (!input.deliveryAddress)
    throw new AppError('VALIDATION_FAILED', {
      fields: { deliveryAddress: { code: 'shippingFieldsRequired' } },
    });
  return { method: 'delivery', address: input.deliveryAddress };
}

/** The chosen pickup location, when it is active and every owner in the cart offers it. */
async function pickupFor(tx: DbOrTx, locationId: string, lines: readonly { ownerId: string | null }[]) {
  // A malformed id is just a location nobody offers, not a database error.
  const shared = isUuid(locationId) ? await sharedPickupLocations(tx, ownersOf(lines)) : [];
  const location = shared.find((l) => l.id === locationId);
  if (!location) {
    throw new AppError('PICKUP_NOT_AVAILABLE', {
      fields: { pickupLocationId: fieldProblem('pickupNotShared') },
    });
  }
  return location;
}

async function checkoutOrders(db: DbOrTx, checkoutId: string): Promise<OrderSummary[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.checkoutId, checkoutId))
    .orderBy(asc(orders.createdAt), asc(orders.ownerName));
  return summariesOf(db, rows);
}
