import { readFieldMessage } from '@domain/error-codes';
import { shippingCostProblem } from '@domain/order-machine';
import type { DeliveryPriceInput, DeliveryPriceRow } from '@domain/schemas/delivery-prices';
import { and, asc, eq, inArray, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@server/db/client';
import { deliveryPrices, user } from '@server/db/schema';
import { now } from '@server/lib/clock';
import { AppError } from '@server/lib/errors';

// D49: the admins' delivery prices per pair of areas, and the price of a route at checkout.
// An area is a profile location, matched as written. A route is (owner's area, borrower's
// area); the borrower's area's default (no owner area) prices every route into it that has no
// price of its own. Checkout copies the price onto the order: changing or removing a price here
// never touches a placed order.

const toRow = (row: typeof deliveryPrices.$inferSelect): DeliveryPriceRow => ({
  id: row.id,
  ownerArea: row.ownerArea,
  borrowerArea: row.borrowerArea,
  price: row.price,
  updatedAt: row.updatedAt.toISOString(),
});

/** Every price, by borrower area, its default first, then by owner area. */
export async function listDeliveryPrices(db: DbOrTx): Promise<DeliveryPriceRow[]> {
  const rows = await db
    .select()
    .from(deliveryPrices)
    .orderBy(
      asc(deliveryPrices.borrowerArea),
      sql`${deliveryPrices.ownerArea} asc nulls first`,
      asc(deliveryPrices.id),
    );
  return rows.map(toRow);
}

/** Sets the price of one route: makes it, or replaces the price it had. */
export async function setDeliveryPrice(db: DbOrTx, input: DeliveryPriceInput): Promise<DeliveryPriceRow> {
  // The same floor as a shipping cost set by hand (D32): whole rupiah, at least the minimum.
  const problem = shippingCostProblem('delivery', input.price);
  if (problem) throw new AppError('VALIDATION_FAILED', { fields: { price: readFieldMessage(problem) } });
  const route = and(
    eq(deliveryPrices.borrowerArea, input.borrowerArea),
    input.ownerArea === null
      ? isNull(deliveryPrices.ownerArea)
      : eq(deliveryPrices.ownerArea, input.ownerArea),
  );
  const replace = () =>
    db.update(deliveryPrices).set({ price: input.price, updatedAt: now() }).where(route).returning();
  // Replace, else make; a route made by a racing admin in between is replaced after all.
  const [replaced] = await replace();
  if (replaced) return toRow(replaced);
  const [made] = await db
    .insert(deliveryPrices)
    .values({ ownerArea: input.ownerArea, borrowerArea: input.borrowerArea, price: input.price })
    .onConflictDoNothing()
    .returning();
  const [row] = made ? [made] : await replace();
  return toRow(row);
}

export async function deleteDeliveryPrice(db: DbOrTx, id: string): Promise<void> {
  const gone = await db
    .delete(deliveryPrices)
    .where(eq(deliveryPrices.id, id))
    .returning({ id: deliveryPrices.id });
  if (gone.length === 0) throw new AppError('DELIVERY_PRICE_NOT_FOUND');
}

const owner = alias(user, 'route_owner');

/**
 * The delivery price of one route (D49), as an expression a statement can carry: from the owner's
 * area into the borrower's, else the default into the borrower's area; null where neither is
 * priced (the order then waits for an admin). `ownerArea` is the owner's location column of the
 * statement it sits in; checkout reads it with the cart's locked lines, in the same round trip.
 */
export function routePrice(borrowerId: SQLWrapper | string, ownerArea: SQLWrapper) {
  const borrowerArea = sql`(select route_borrower.location from ${user} as route_borrower where route_borrower.id = ${borrowerId})`;
  const priced = (route: SQL) =>
    sql`(select ${deliveryPrices.price} from ${deliveryPrices} where ${deliveryPrices.borrowerArea} = ${borrowerArea} and ${route})`;
  return sql<
    string | null
  >`coalesce(${priced(sql`${deliveryPrices.ownerArea} = ${ownerArea}`)}, ${priced(sql`${deliveryPrices.ownerArea} is null`)})`;
}

/**
 * The delivery price from each owner to the borrower, by owner id: the route's own price, else
 * the borrower's area's default. An owner without a priced route is absent (their order waits
 * for an admin). One query at checkout, whatever the number of owners.
 */
export async function deliveryPricesFor(
  db: DbOrTx,
  borrowerId: string,
  ownerIds: readonly string[],
): Promise<Map<string, string>> {
  if (ownerIds.length === 0) return new Map();
  const rows = await db
    .select({ ownerId: owner.id, price: routePrice(borrowerId, owner.location) })
    .from(owner)
    .where(inArray(owner.id, [...ownerIds]));
  return new Map(rows.flatMap((row) => (row.price === null ? [] : [[row.ownerId, row.price] as const])));
}
