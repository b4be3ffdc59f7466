import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PickupLocation } from '@domain/api-types';
import type { Db, DbOrTx } from '@server/db/client';
import { favouritePickupLocations, ownerPickupLocations, pickupLocations } from '@server/db/schema';
import { AppError, fieldProblem } from '@server/lib/errors';

/** The partner locations members can choose from today, by name. */
export async function listActivePickupLocations(db: DbOrTx): Promise<PickupLocation[]> {
  return db
    .select({
      id: pickupLocations.id,
      name: pickupLocations.name,
      location: pickupLocations.location,
      address: pickupLocations.address,
      active: pickupLocations.active,
    })
    .from(pickupLocations)
    .where(eq(pickupLocations.active, true))
    .orderBy(asc(pickupLocations.name), asc(pickupLocations.id));
}

/** The owner's drop-off choices among the active locations (an inactive one is no choice at all). */
export async function getOwnerPickupChoices(db: DbOrTx, input: { actorId: string }): Promise<string[]> {
  const rows = await db
    .select({ id: ownerPickupLocations.pickupLocationId })
    .from(ownerPickupLocations)
    .innerJoin(pickupLocations, eq(pickupLocations.id, ownerPickupLocations.pickupLocationId))
    .where(and(eq(ownerPickupLocations.ownerId, input.actorId), eq(pickupLocations.active, true)))
    .orderBy(asc(pickupLocations.name), asc(pickupLocations.id));
  return rows.map((r) => r.id);
}

/** Replaces the owner's whole set of choices at once: all of it is saved or none. */
export async function setOwnerPickupChoices(
  db: Db,
  input: { actorId: string; ids: string[] },
): Promise<string[]> {
  return db.transaction(async (tx) => {
    if (input.ids.length > 0) {
      const found = await tx
        .select({ id: pickupLocations.id })
        .from(pickupLocations)
        .where(and(inArray(pickupLocations.id, input.ids), eq(pickupLocations.active, true)));
      if (found.length !== input.ids.length) {
        throw new AppError('PICKUP_LOCATION_UNAVAILABLE');
      }
    }
    await tx.delete(ownerPickupLocations).where(eq(ownerPickupLocations.ownerId, input.actorId));
    if (input.ids.length > 0) {
      await tx
        .insert(ownerPickupLocations)
        .values(input.ids.map((pickupLocationId) => ({ ownerId: input.actorId, pickupLocationId })));
    }
    return getOwnerPickupChoices(tx, { actorId: input.actorId });
  });
}

/** The member's favourite pickup location, while it is active (a closed one is no favourite). */
export async function getFavouritePickup(db: DbOrTx, input: { actorId: string }): Promise<string | null> {
  const [row] = await db
    .select({ id: favouritePickupLocations.pickupLocationId })
    .from(favouritePickupLocations)
    .innerJoin(pickupLocations, eq(pickupLocations.id, favouritePickupLocations.pickupLocationId))
    .where(and(eq(favouritePickupLocations.memberId, input.actorId), eq(pickupLocations.active, true)));
  return row?.id ?? null;
}

/**
 * Makes an active location the member's one favourite, replacing any other; null forgets it.
 * One statement either way, so two saves at once leave one of them, whole.
 */
export async function setFavouritePickup(
  db: DbOrTx,
  input: { actorId: string; pickupLocationId: string | null },
): Promise<string | null> {
  const { actorId, pickupLocationId } = input;
  if (pickupLocationId === null) {
    await db.delete(favouritePickupLocations).where(eq(favouritePickupLocations.memberId, actorId));
    return null;
  }
  // The insert reads the location in the same statement: an unknown or closed one inserts nothing.
  const saved = await db
    .insert(favouritePickupLocations)
    .select(
      db
        .select({
          memberId: sql<string>`${actorId}`.as('member_id'),
          pickupLocationId: pickupLocations.id,
          createdAt: sql<Date>`now()`.as('created_at'),
        })
        .from(pickupLocations)
        .where(and(eq(pickupLocations.id, pickupLocationId), eq(pickupLocations.active, true))),
    )
    .onConflictDoUpdate({
      target: favouritePickupLocations.memberId,
      set: { pickupLocationId: sql`excluded.pickup_location_id`, createdAt: sql`now()` },
    })
    .returning({ id: favouritePickupLocations.pickupLocationId });
  if (saved.length === 0) {
    throw new AppError('PICKUP_LOCATION_UNAVAILABLE', {
      fields: { pickupLocationId: fieldProblem('pickupLocationGone') },
    });
  }
  return saved[0].id;
}
