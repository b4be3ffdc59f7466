import {
  noticeChoiceChangeSchema,
  noticeChoicesSchema,
  pushKeySchema,
  pushSubscriptionSchema,
  unsubscribedSchema,
} from '@domain/notice-kinds';
import { codeAnswer, jsonAnswer, jsonBody, memberRoute, publicRoute, router, z } from '@server/lib/openapi';
import {
  getNoticeChoices,
  removePushSubscription,
  savePushSubscription,
  setNoticeChoice,
  unsubscribeByToken,
} from './service';

const tags = ['Notifications'];

const pushKey = publicRoute({
  method: 'get',
  path: '/notices/push-key',
  tags,
  summary: 'The VAPID public key a browser subscribes with',
  responses: { 200: jsonAnswer(pushKeySchema, 'The application server key, base64url') },
});

const choices = memberRoute({
  method: 'get',
  path: '/profile/notices',
  tags,
  summary: 'The member’s channels per notice kind and how many devices receive push',
  responses: { 200: jsonAnswer(noticeChoicesSchema, 'Every kind: email, push (null where a kind has none)') },
});

const change = memberRoute({
  method: 'put',
  path: '/profile/notices',
  tags,
  summary: 'Turn one kind’s email or push on or off (account security and payment emails stay on)',
  request: { body: jsonBody(noticeChoiceChangeSchema) },
  responses: {
    200: jsonAnswer(noticeChoicesSchema, 'The choices after the change'),
    409: codeAnswer('NOTICE_EMAIL_REQUIRED'),
    422: codeAnswer('PUSH_NOT_OFFERED', 'VALIDATION_FAILED'),
  },
});

const subscribe = memberRoute({
  method: 'post',
  path: '/profile/push-subscriptions',
  tags,
  summary: 'This device receives the member’s push notices (PushSubscription.toJSON())',
  request: { body: jsonBody(pushSubscriptionSchema) },
  responses: {
    201: jsonAnswer(noticeChoicesSchema, 'Saved; the choices with the device count'),
    422: codeAnswer('PUSH_ENDPOINT_REFUSED', 'VALIDATION_FAILED'),
  },
});

const unsubscribeDevice = memberRoute({
  method: 'delete',
  path: '/profile/push-subscriptions',
  tags,
  summary: 'This device stops receiving the member’s push notices',
  request: { query: z.object({ endpoint: z.string().max(2048) }) },
  responses: { 200: jsonAnswer(noticeChoicesSchema, 'Removed (or already gone)') },
});

const unsubscribe = publicRoute({
  method: 'post',
  path: '/notices/unsubscribe',
  tags,
  summary:
    'One-click unsubscribe (RFC 8058) from an email’s List-Unsubscribe link: the kinds its signed token names stop by email',
  request: { query: z.object({ token: z.string().max(2000) }) },
  responses: {
    200: jsonAnswer(unsubscribedSchema, 'Those kinds’ emails are off'),
    400: codeAnswer('UNSUBSCRIBE_LINK_INVALID'),
  },
});

export function noticesRoutes() {
  return router()
    .openapi(pushKey, (c) => c.json({ publicKey: c.get('deps').config.vapid.publicKey }, 200))
    .openapi(choices, async (c) => c.json(await getNoticeChoices(c.get('deps').db, c.get('user').id), 200))
    .openapi(change, async (c) =>
      c.json(await setNoticeChoice(c.get('deps').db, c.get('user').id, c.req.valid('json')), 200),
    )
    .openapi(subscribe, async (c) =>
      c.json(
        await savePushSubscription(
          c.get('deps').db,
          c.get('deps').config,
          c.get('user').id,
          c.req.valid('json'),
        ),
        201,
      ),
    )
    .openapi(unsubscribeDevice, async (c) =>
      c.json(
        await removePushSubscription(c.get('deps').db, c.get('user').id, c.req.valid('query').endpoint),
        200,
      ),
    )
    .openapi(unsubscribe, async (c) =>
      c.json(
        await unsubscribeByToken(c.get('deps').db, c.get('deps').config, c.req.valid('query').token),
        200,
      ),
    );
}

export type NoticesApi = ReturnType<typeof noticesRoutes>;
