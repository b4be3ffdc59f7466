import { Hono } from 'hono';
import { z } from 'zod';
import { MSG } from '@domain/messages';
import { orderActionSchema, orderListQuerySchema } from '@domain/schemas/order';
import type { AppEnv } from '@server/app-env';
import { requireUser } from '@server/auth/middleware';
import { parseJson, parseParam, parseQuery } from '@server/lib/validate';
import { getOrderDetail, listOrders } from './service';
import { applyOrderAction } from './status-service';

const orderId = z.uuid();

export function ordersRoutes() {
  return new Hono<AppEnv>()
    .use('/orders', requireUser)
    .use('/orders/*', requireUser)
    .get('/orders', async (c) => {
      const query = parseQuery(c, orderListQuerySchema);
      return c.json({ items: await listOrders(c.var.deps.db, { actorId: c.var.user!.id, ...query }) });
    })
    .get('/orders/:id', async (c) => {
      const id = parseParam(c, 'id', orderId, MSG.orderNotFound);
      return c.json(await getOrderDetail(c.var.deps.db, { actor: c.var.user!, orderId: id }));
    })
    .post('/orders/:id/actions', async (c) => {
      const id = parseParam(c, 'id', orderId, MSG.orderNotFound);
      const action = await parseJson(c, orderActionSchema);
      return c.json(await applyOrderAction(c.var.deps, { actor: c.var.user!, orderId: id, action }));
    });
}
