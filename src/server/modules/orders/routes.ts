import { orderDetailSchema, orderListPageSchema } from '@domain/order-types';
import { orderActionSchema, orderListQuerySchema } from '@domain/schemas/order';
import { errorAnswer, jsonAnswer, jsonBody, memberRoute, router } from '@server/lib/openapi';
import { notOnOrder, orderNotFound, orderParams } from '@server/lib/order-routes';
import { getOrderDetail, listOrders } from './service';
import { applyOrderAction } from './status-service';

const tags = ['Orders'];

const list = memberRoute({
  method: 'get',
  path: '/orders',
  tags,
  summary:
    'The signed-in member’s orders, as borrower or as owner: keyset pages, newest first; the first page also lists the orders that need attention now',
  request: { query: orderListQuerySchema },
  responses: {
    200: jsonAnswer(orderListPageSchema, 'A page of orders, newest first'),
    400: errorAnswer('A cursor this list did not give (INVALID_CURSOR)'),
  },
});

const detail = memberRoute({
  method: 'get',
  path: '/orders/{id}',
  tags,
  summary: 'One order, with what the viewer may see and do on it',
  request: { params: orderParams },
  responses: { 200: jsonAnswer(orderDetailSchema, 'The order'), 403: notOnOrder, 404: orderNotFound },
});

const act = memberRoute({
  method: 'post',
  path: '/orders/{id}/actions',
  tags,
  summary: 'Take an action on the order (the state machine decides who may, and when)',
  request: { params: orderParams, body: jsonBody(orderActionSchema) },
  responses: {
    200: jsonAnswer(orderDetailSchema, 'The order after the action'),
    403: notOnOrder,
    404: orderNotFound,
    409: errorAnswer('Not in this status, already in it, or a book can no longer be reopened'),
  },
});

export function ordersRoutes() {
  return router()
    .openapi(list, async (c) => {
      const query = c.req.valid('query');
      const page = await listOrders(c.get('deps').db, {
        actorId: c.get('user').id,
        serviceFeePercent: c.get('deps').config.serviceFeePercent,
        ...query,
      });
      return c.json(page, 200);
    })
    .openapi(detail, async (c) => {
      const orderId = c.req.valid('param').id;
      return c.json(await getOrderDetail(c.get('deps').db, { actor: c.get('user'), orderId }), 200);
    })
    .openapi(act, async (c) => {
      const orderId = c.req.valid('param').id;
      const action = c.req.valid('json');
      return c.json(await applyOrderAction(c.get('deps'), { actor: c.get('user'), orderId, action }), 200);
    });
}

export type OrdersApi = ReturnType<typeof ordersRoutes>;
