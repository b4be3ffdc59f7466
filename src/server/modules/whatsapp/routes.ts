import { myWhatsappSchema, orderWhatsappSchema } from '@domain/whatsapp-types';
import { whatsappSchema } from '@domain/schemas/whatsapp';
import { jsonAnswer, jsonBody, memberRoute, router } from '@server/lib/openapi';
import { notOnOrder, orderNotFound, orderParams } from '@server/lib/order-routes';
import { getMyWhatsapp, getOrderWhatsapp, removeMyWhatsapp, saveMyWhatsapp } from './service';

const tags = ['WhatsApp'];

const mine = memberRoute({
  method: 'get',
  path: '/profile/whatsapp',
  tags,
  summary: 'The member’s own WhatsApp number, or null',
  responses: { 200: jsonAnswer(myWhatsappSchema, 'The number in E.164 and when consent was given') },
});

const save = memberRoute({
  method: 'put',
  path: '/profile/whatsapp',
  tags,
  summary:
    'Share a WhatsApp number with the other side of placed orders: 0812..., +62 812..., 62812... or +<country code>...; consent must be true',
  request: { body: jsonBody(whatsappSchema) },
  responses: { 200: jsonAnswer(myWhatsappSchema, 'The saved number in E.164') },
});

const remove = memberRoute({
  method: 'delete',
  path: '/profile/whatsapp',
  tags,
  summary: 'Stop sharing the WhatsApp number: no order shows it any more',
  responses: { 200: jsonAnswer(myWhatsappSchema, 'No number') },
});

const orderContacts = memberRoute({
  method: 'get',
  path: '/orders/{id}/whatsapp',
  tags,
  summary:
    'Whom the viewer may chat with on WhatsApp about this order: the other side, if they shared a number; admins both sides',
  request: { params: orderParams },
  responses: {
    200: jsonAnswer(orderWhatsappSchema, 'The contacts, possibly none'),
    403: notOnOrder,
    404: orderNotFound,
  },
});

export function whatsappRoutes() {
  return router()
    .openapi(mine, async (c) => c.json(await getMyWhatsapp(c.get('deps').db, c.get('user').id), 200))
    .openapi(save, async (c) => {
      const { number } = c.req.valid('json');
      return c.json(await saveMyWhatsapp(c.get('deps').db, c.get('user').id, number), 200);
    })
    .openapi(remove, async (c) => c.json(await removeMyWhatsapp(c.get('deps').db, c.get('user').id), 200))
    .openapi(orderContacts, async (c) =>
      c.json(
        await getOrderWhatsapp(c.get('deps').db, { actor: c.get('user'), orderId: c.req.valid('param').id }),
        200,
      ),
    );
}

export type WhatsappApi = ReturnType<typeof whatsappRoutes>;
