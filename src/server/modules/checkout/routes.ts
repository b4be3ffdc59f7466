import { Hono } from 'hono';
import { checkoutSchema } from '@domain/schemas/checkout';
import type { AppEnv } from '@server/app-env';
import { requireUser } from '@server/auth/middleware';
import { parseJson } from '@server/lib/validate';
import { checkoutOptions, placeOrders } from './service';

export function checkoutRoutes() {
  return new Hono<AppEnv>()
    .use('/checkout', requireUser)
    .use('/checkout/*', requireUser)
    .get('/checkout/options', async (c) =>
      c.json(await checkoutOptions(c.var.deps.db, { actorId: c.var.user!.id })),
    )
    .post('/checkout', async (c) => {
      const body = await parseJson(c, checkoutSchema);
      const { orders, created } = await placeOrders(c.var.deps, { actorId: c.var.user!.id, ...body });
      // A repeated submit (same idempotency key) answers 200 with the orders made the first time.
      return c.json({ orders }, created ? 201 : 200);
    });
}
