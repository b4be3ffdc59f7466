import { and, asc, eq, inArray } from 'drizzle-orm';
import type { PickupLocation } from '@domain/api-types';
import type { Db, DbOrTx } from '@server/db/client';
import { ownerPickupLocations, pickupLocations } from '@server/db/schema';
import { AppError } from '@server/lib/errors';

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
