import { pickupLocationSchema } from '@domain/api-types';
import { pickupChoicesSchema } from '@domain/schemas/account';
import { jsonAnswer, jsonBody, memberRoute, publicRoute, router, z } from '@server/lib/openapi';
import { getOwnerPickupChoices, listActivePickupLocations, setOwnerPickupChoices } from './service';

const tags = ['Pickup locations'];
const choices = z.object({ ids: z.array(z.string()) });

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

export function pickupLocationsRoutes() {
  return router()
    .openapi(listLocations, async (c) =>
      c.json({ items: await listActivePickupLocations(c.var.deps.db) }, 200),
    )
    .openapi(myChoices, async (c) =>
      c.json({ ids: await getOwnerPickupChoices(c.var.deps.db, { actorId: c.var.user.id }) }, 200),
    )
    .openapi(setChoices, async (c) => {
      const { ids } = c.req.valid('json');
      return c.json(
        { ids: await setOwnerPickupChoices(c.var.deps.db, { actorId: c.var.user.id, ids }) },
        200,
      );
    });
}

export type PickupLocationsApi = ReturnType<typeof pickupLocationsRoutes>;
