import { pickupLocationSchema } from '@domain/api-types';
import { favouritePickupSchema, pickupChoicesSchema } from '@domain/schemas/account';
import { errorAnswer, jsonAnswer, jsonBody, memberRoute, publicRoute, router, z } from '@server/lib/openapi';
import {
  getFavouritePickup,
  getOwnerPickupChoices,
  listActivePickupLocations,
  setFavouritePickup,
  setOwnerPickupChoices,
} from './service';

const tags = ['Pickup locations'];
const choices = z.object({ ids: z.array(z.string()) });
const favourite = z.object({
  pickupLocationId: z.string().nullable().describe('The favourite active location, or null for none'),
});

const listLocations = publicRoute({
  method: 'get',
  path: '/pickup-locations',
  tags,
  summary: 'The active partner locations where books are picked up for free',
  responses: { 200: jsonAnswer(z.object({ items: z.array(pickupLocationSchema) }), 'Active locations') },
});

const myChoices = memberRoute({
  method: 'get',
  path: '/profile/pickup-locations',
  tags,
  summary: "The locations the signed-in owner drops books at (their books' Pickup line)",
  responses: { 200: jsonAnswer(choices, 'Chosen location ids') },
});

const setChoices = memberRoute({
  method: 'put',
  path: '/profile/pickup-locations',
  tags,
  summary: 'Replace the owner’s pickup locations (active locations only)',
  request: { body: jsonBody(pickupChoicesSchema) },
  responses: { 200: jsonAnswer(choices, 'The saved choice') },
});

const myFavourite = memberRoute({
  method: 'get',
  path: '/profile/favourite-pickup-location',
  tags,
  summary: 'The location the signed-in member likes to collect books at (checkout offers it first)',
  responses: { 200: jsonAnswer(favourite, 'The favourite, null when none or closed') },
});

const setFavourite = memberRoute({
  method: 'put',
  path: '/profile/favourite-pickup-location',
  tags,
  summary: 'Make an active location the member’s favourite (null forgets it)',
  request: { body: jsonBody(favouritePickupSchema) },
  responses: {
    200: jsonAnswer(favourite, 'The saved favourite'),
    422: errorAnswer('An unknown or closed location (PICKUP_LOCATION_UNAVAILABLE)'),
  },
});

export function pickupLocationsRoutes() {
  return router()
    .openapi(listLocations, async (c) =>
      c.json({ items: await listActivePickupLocations(c.get('deps').db) }, 200),
    )
    .openapi(myChoices, async (c) =>
      c.json({ ids: await getOwnerPickupChoices(c.get('deps').db, { actorId: c.get('user').id }) }, 200),
    )
    .openapi(setChoices, async (c) => {
      const { ids } = c.req.valid('json');
      return c.json(
        { ids: await setOwnerPickupChoices(c.get('deps').db, { actorId: c.get('user').id, ids }) },
        200,
      );
    })
    .openapi(myFavourite, async (c) =>
      c.json(
        { pickupLocationId: await getFavouritePickup(c.get('deps').db, { actorId: c.get('user').id }) },
        200,
      ),
    )
    .openapi(setFavourite, async (c) => {
      const { pickupLocationId } = c.req.valid('json');
      const saved = await setFavouritePickup(c.get('deps').db, {
        actorId: c.get('user').id,
        pickupLocationId,
      });
      return c.json({ pickupLocationId: saved }, 200);
    });
}

export type PickupLocationsApi = ReturnType<typeof pickupLocationsRoutes>;
