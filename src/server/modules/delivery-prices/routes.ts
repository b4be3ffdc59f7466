import { deliveryPriceRowSchema, deliveryPriceSchema } from '@domain/schemas/delivery-prices';
import {
  adminRoute,
  describeCodes,
  errorAnswer,
  jsonAnswer,
  jsonBody,
  router,
  uuidParam,
  z,
} from '@server/lib/openapi';
import { deleteDeliveryPrice, listDeliveryPrices, setDeliveryPrice } from './service';

// The admins' table of delivery prices per pair of areas (admin-only).

const tags = ['Admin'];
const priceId = z.object({ id: uuidParam('DELIVERY_PRICE_NOT_FOUND') });

const list = adminRoute({
  method: 'get',
  path: '/admin/delivery-prices',
  tags,
  summary: 'Every delivery price per pair of areas, by borrower area, its default first',
  responses: { 200: jsonAnswer(z.object({ items: z.array(deliveryPriceRowSchema) }), 'The prices') },
});

const set = adminRoute({
  method: 'put',
  path: '/admin/delivery-prices',
  tags,
  summary: "Set one route's delivery price (made, or replaced); placed orders keep theirs",
  request: { body: jsonBody(deliveryPriceSchema) },
  responses: {
    200: jsonAnswer(deliveryPriceRowSchema, 'The route with its price'),
    422: errorAnswer(
      'An area outside the profile bounds, or a price that is not whole rupiah at or above the minimum',
    ),
  },
});

const remove = adminRoute({
  method: 'delete',
  path: '/admin/delivery-prices/{id}',
  tags,
  summary: "Remove a route's price: its orders wait for an admin's shipping cost again",
  request: { params: priceId },
  responses: {
    204: { description: 'Removed (no body)' },
    404: errorAnswer(describeCodes('DELIVERY_PRICE_NOT_FOUND')),
  },
});

export function deliveryPricesRoutes() {
  return router()
    .openapi(list, async (c) => c.json({ items: await listDeliveryPrices(c.get('deps').db) }, 200))
    .openapi(set, async (c) => c.json(await setDeliveryPrice(c.get('deps').db, c.req.valid('json')), 200))
    .openapi(remove, async (c) => {
      await deleteDeliveryPrice(c.get('deps').db, c.req.valid('param').id);
      return c.body(null, 204);
    });
}

export type DeliveryPricesApi = ReturnType<typeof deliveryPricesRoutes>;
