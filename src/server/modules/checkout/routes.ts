import { pickupLocationSchema } from '@domain/api-types';
import { orderSummarySchema } from '@domain/order-types';
import { checkoutSchema } from '@domain/schemas/checkout';
import { errorAnswer, jsonAnswer, jsonBody, memberRoute, router, z } from '@server/lib/openapi';
import { checkoutOptions, placeOrders } from './service';

const tags = ['Checkout'];
const placed = z.object({ orders: z.array(orderSummarySchema) });

const options = memberRoute({
  method: 'get',
  path: '/checkout/options',
  tags,
  summary:
    'The pickup locations every owner in the cart drops books at, and when a pickup order placed now is to be paid by',
  responses: {
    200: jsonAnswer(
      z.object({
        pickupLocations: z.array(pickupLocationSchema),
        favouritePickupLocationId: z
          .string()
          .nullable()
          .describe("The member's favourite pickup location when it is one of these, else null"),
        pickupPayBy: z.string(),
        deliveryPrices: z
          .array(z.object({ ownerId: z.string(), shippingCost: z.string().nullable() }))
          .describe("D49: each owner's delivery price to the member now; null when an admin sets it"),
      }),
      'Shared pickup locations; pickupPayBy: the payment deadline (D24) of a pickup order placed now',
    ),
  },
});

const placeOrder = memberRoute({
  method: 'post',
  path: '/checkout',
  tags,
  summary: 'Place one order per owner in the cart (Draft, or Waiting for Payment for pickup)',
  request: { body: jsonBody(checkoutSchema) },
  responses: {
    201: jsonAnswer(placed, 'The orders made'),
    200: jsonAnswer(placed, 'A repeated submit (same idempotency key): the orders made the first time'),
    409: errorAnswer('A book in the cart is no longer available (CART_NOT_AVAILABLE, one field per problem)'),
    422: errorAnswer('Invalid input, an empty cart, or a pickup location not shared by every owner'),
  },
});

export function checkoutRoutes() {
  return router()
    .openapi(options, async (c) =>
      c.json(
        await checkoutOptions(c.get('deps').db, c.get('deps').config, { actorId: c.get('user').id }),
        200,
      ),
    )
    .openapi(placeOrder, async (c) => {
      const body = c.req.valid('json');
      const { orders, created } = await placeOrders(c.get('deps'), { actorId: c.get('user').id, ...body });
      // A repeated submit (same idempotency key) answers 200 with the orders made the first time.
      return created ? c.json({ orders }, 201) : c.json({ orders }, 200);
    });
}

export type CheckoutApi = ReturnType<typeof checkoutRoutes>;
