import { Hono } from 'hono';
import { pickupChoicesSchema } from '@domain/schemas/account';
import type { AppEnv } from '@server/app-env';
import { requireUser } from '@server/auth/middleware';
import { parseJson } from '@server/lib/validate';
import { getOwnerPickupChoices, listActivePickupLocations, setOwnerPickupChoices } from './service';

export function pickupLocationsRoutes() {
  return new Hono<AppEnv>()
    .get('/pickup-locations', async (c) => {
      return c.json({ items: await listActivePickupLocations(c.var.deps.db) });
    })
    .get('/profile/pickup-locations', requireUser, async (c) => {
      return c.json({ ids: await getOwnerPickupChoices(c.var.deps.db, { actorId: c.var.user!.id }) });
    })
    .put('/profile/pickup-locations', requireUser, async (c) => {
      const { ids } = await parseJson(c, pickupChoicesSchema);
      return c.json({ ids: await setOwnerPickupChoices(c.var.deps.db, { actorId: c.var.user!.id, ids }) });
    });
}
