import { isUuid } from '@domain/ids';
import { randomUUID } from 'node:crypto';
import type { PickupLocation } from '@domain/api-types';
import { cartProblems } from '@domain/cart-rules';
import { paymentWindowEnd } from '@domain/loan';
import type { OrderSummary } from '@domain/order-types';
import type { CheckoutInput } from '@domain/schemas/checkout';
import type { AppDeps } from '@server/app-env';
import type { Config } from '@server/config';
import type { DbOrTx } from '@server/db/client';
import { AppError, fieldProblem } from '@server/lib/errors';
import { transactionWithRetry } from '@server/db/retry';
import { sendWithCommit } from '@server/db/unawaited-writes';
import type { Order } from '@server/db/schema';
import { announce } from '@server/lib/lifecycle-events';
import { now } from '@server/lib/clock';
import { type CartLine, groupCartLines, loadCartLines } from '@server/modules/cart/service';
import { summariesOf, toOrderSummary } from '@server/modules/orders/service';
import { getFavouritePickup } from '@server/modules/pickup-locations/service';
import { deliveryPricesFor } from '@server/modules/delivery-prices/service';
import { buildOrderRows, type Delivery } from './order-rows';
import {
  checkoutLockStatement,
  offeredPickupLocations,
  ordersOfCheckout,
  paymentDeadlinesOf,
  writeCheckout,
} from './statements';

// Checkout (spec section 5, D5, D6): the cart becomes one order per owner (Draft, or Waiting
// for Payment for pickup, D33, and for a delivery on a priced route, D49) in one
// transaction that locks the books, so a book is never lent twice, and a repeated submit with
// the same idempotency key returns the orders it already made.

/**
 * The active pickup locations every owner in the set offers (spec section 2): self pickup is
 * possible only where all of them drop their books off.
 */
async function sharedPickupLocations(db: DbOrTx, ownerIds: readonly string[]): Promise<PickupLocation[]> {
  const owners = [...new Set(ownerIds)];
  if (owners.length === 0) return [];
  const rows = await offeredPickupLocations(db, owners);
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

/**
 * The pickup locations every owner in the cart offers, the member's favourite when it is one of
 * them (chosen first), each owner's delivery price to the member (D49), and the payment deadline
 * an order payable at once placed now would get (D24, D33: it enters Waiting for Payment at once). An order placed later gets a later deadline, so the
 * date the checkout shows is one the member can keep.
 */
export async function checkoutOptions(
  db: DbOrTx,
  config: Pick<Config, 'paymentWindowHours'>,
  input: { actorId: string },
): Promise<{
  pickupLocations: PickupLocation[];
  favouritePickupLocationId: string | null;
  pickupPayBy: string;
  deliveryPrices: Array<{ ownerId: string; shippingCost: string | null }>;
}> {
  const lines = await loadCartLines(db, input.actorId);
  const owners = [...new Set(ownersOf(lines))];
  const [shared, favourite, prices] = await Promise.all([
    sharedPickupLocations(db, owners),
    getFavouritePickup(db, input),
    deliveryPricesFor(db, input.actorId, owners),
  ]);
  return {
    pickupLocations: shared,
    favouritePickupLocationId: shared.some((location) => location.id === favourite) ? favourite : null,
    pickupPayBy: paymentWindowEnd(now(), config.paymentWindowHours).toISOString(),
    // D49: what a delivery from each owner would cost now (null: set by an admin within 24 hours).
    deliveryPrices: owners.map((ownerId) => ({ ownerId, shippingCost: prices.get(ownerId) ?? null })),
  };
}

export interface PlacedOrders {
  orders: OrderSummary[];
  /** False when the idempotency key was seen before and these are the orders it made then. */
  created: boolean;
}

export async function placeOrders(
  deps: Pick<AppDeps, 'db' | 'config' | 'outbox'>,
  input: { actorId: string } & CheckoutInput,
): Promise<PlacedOrders> {
  const memberId = input.actorId;
  const result = await transactionWithRetry(deps.db, async (tx): Promise<CheckoutOutcome> => {
    // Lock. One checkout per member at a time: a double-clicked Place Order waits here, then
    // finds the first one's checkout row. Then the cart with its books locked, in id order. The
    // two are sent together, one round trip with the `begin` (db/client.ts): PostgreSQL reads
    // the cart only once the member's lock is held, so it is the cart as the lock left it.
    const lockAnswer = checkoutLockStatement(tx).execute({
      memberId,
      idempotencyKey: input.idempotencyKey,
    });
    const linesAnswer = loadCartLines(tx, memberId, { lockBooks: true });
    // Read below when this submit is new; otherwise the transaction ends with its locks.
    linesAnswer.catch(() => {});
    const [locked] = await lockAnswer;
    if (locked?.previousId) return { previous: await checkoutOrders(tx, locked.previousId) };
    if (!locked) throw new AppError('UNAUTHORIZED');
    const lines = await linesAnswer;

    // Check: every book still borrowable by this member (spec section 5), and a way to get them.
    throwCartProblems(lines, memberId);
    const delivery = await deliveryFor(tx, input, lines);
    // D49: the price of each owner's route, read with the locked lines and copied onto the order.
    const deliveryPrices = new Map(
      delivery.method === 'delivery'
        ? lines.flatMap((line) =>
            line.ownerId && line.deliveryPrice ? [[line.ownerId, line.deliveryPrice]] : [],
          )
        : [],
    );

    // Build: one order per owner with its items (order-rows.ts).
    const checkoutId = randomUUID();
    const groups = buildOrderRows({
      checkoutId,
      member: locked.member,
      delivery,
      groups: groupCartLines(lines),
      serviceFeePercent: deps.config.serviceFeePercent,
      deliveryPrices,
      newId: randomUUID,
    });
    // Write: all of it in one statement (checkout/statements.ts), its answer read once the
    // transaction has ended: nothing below needs it (the notices are rendered from the rows
    // built above), so it goes with the commit in one round trip (db/unawaited-writes.ts).
    const { answer: written } = await sendWithCommit(
      tx,
      writeCheckout(tx, {
        checkout: { id: checkoutId, userId: memberId, idempotencyKey: input.idempotencyKey },
        member: locked.member,
        groups,
      }),
    );
    // Announce: the followers (src/server/wiring.ts) react in this transaction: the 'placed'
    // notices are queued, a pickup order (D33) or a delivery on a priced route (D49) enters
    // Waiting for Payment, a hold on a book checked out by its holder ends (D25). A listener
    // that reads runs after the write all the same: a connection runs statements in order.
    const payableIds = groups.flatMap(({ order }) =>
      order.status === 'Waiting for Payment' ? [order.id] : [],
    );
    await announce(
      tx,
      {
        type: 'order-placed',
        orderIds: groups.map(({ order }) => order.id),
        borrowerId: memberId,
        deliveryMethod: delivery.method,
        payableOrderIds: payableIds,
        heldBookIds: lines.filter((line) => line.book.heldForId === memberId).map((line) => line.bookId),
        told: {
          orders: groups.map(({ order, items }) => ({ order, items })),
          owners: ownerAddresses(lines),
          admins: locked.admins,
          borrowerLanguage: locked.member.language,
        },
      },
      { config: deps.config },
    );
    // The confirmation shows a payable order's payment deadline (D24), set as it entered payment.
    const deadlines =
      payableIds.length > 0
        ? new Map((await paymentDeadlinesOf(tx, payableIds)).map((row) => [row.id, row.paymentDueAt]))
        : new Map<string, Date | null>();
    return { placed: { written, groups, deadlines } };
  });
  if ('previous' in result) return { orders: result.previous, created: false };
  deps.outbox.kick();
  return { orders: await placedSummaries(result.placed), created: true };
}

/** What a new checkout's transaction leaves to read once it has committed. */
interface Placed {
  /** The orders as written: the statement's answer, which comes with the commit's. */
  written: Promise<Order[]>;
  groups: ReturnType<typeof buildOrderRows>;
  /** D24: each payable order's payment deadline, set as it entered payment. */
  deadlines: ReadonlyMap<string, Date | null>;
}

/** A repeated submit finds the orders of its first (`previous`); a new one, what it placed. */
type CheckoutOutcome = { previous: OrderSummary[] } | { placed: Placed };

/** The reply of a new checkout: the orders as written, in the order they were built. */
async function placedSummaries(placed: Placed): Promise<OrderSummary[]> {
  const created = await placed.written;
  return placed.groups.map((group) => {
    const order = created.find((row) => row.id === group.order.id);
    if (!order) throw new Error(`the checkout statement did not return order ${group.order.id}`);
    const paymentDueAt = placed.deadlines.get(order.id) ?? order.paymentDueAt;
    return toOrderSummary(
      { ...order, paymentDueAt },
      { count: group.items.length, first: group.items[0] ?? null },
    );
  });
}

/** Each owner's address and language, as the locked lines read them (for the 'placed' notices). */
function ownerAddresses(lines: readonly CartLine[]): Map<string, { email: string; language: string }> {
  return new Map(
    lines.flatMap((line) =>
      line.ownerId && line.ownerEmail
        ? [[line.ownerId, { email: line.ownerEmail, language: line.ownerLanguage ?? 'en' }] as const]
        : [],
    ),
  );
}

/** An empty cart, or one with a book no longer borrowable by this member, places nothing. */
function throwCartProblems(lines: readonly CartLine[], memberId: string): void {
  if (lines.length === 0) throw new AppError('CART_EMPTY');
  const problems = cartProblems(lines, memberId);
  if (problems.length > 0) {
    throw new AppError('CART_NOT_AVAILABLE', {
      fields: Object.fromEntries(problems.map((p, i) => [`problems.${i}`, p])),
    });
  }
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
  return summariesOf(db, await ordersOfCheckout(db, checkoutId));
}
