import { AppError } from '@server/lib/errors';
import { errorBodySchema, jsonAnswer, publicRoute, router, uuidParam, z } from '@server/lib/openapi';
import { storageKey } from './service';

const cover = publicRoute({
  method: 'get',
  path: '/covers/{key}/{variant}',
  tags: ['Books'],
  summary: "A book's cover as we re-encoded it: card (320×480) or detail (720×1080), WebP",
  description:
    'A request with `Save-Data: on` (a phone saving data) gets the card size for either variant: the ' +
    'answer varies on Save-Data.',
  request: {
    params: z.object({
      key: uuidParam('NOT_FOUND'),
      variant: z.enum(['card.webp', 'detail.webp'], { error: 'NOT_FOUND' }),
    }),
  },
  responses: {
    200: {
      description: 'The image; a cover key never changes content, so it is cached for a year',
      content: { 'image/webp': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    404: jsonAnswer(errorBodySchema, 'No such cover'),
  },
});

/** The Save-Data client hint: "on" (any case), nothing else. */
const savesData = (header: string | undefined) => header?.trim().toLowerCase() === 'on';

export function coversRoutes() {
  return router().openapi(cover, async (c) => {
    const { key, variant } = c.req.valid('param');
    // Save-Data: the browser says the member pays for every byte; the card (a third of the
    // detail's weight) is what they get, sharp enough on a phone's screen.
    const size = variant === 'card.webp' || savesData(c.req.header('save-data')) ? 'card' : 'detail';
    const object = await c.get('deps').storage.get(storageKey(key, size));
    if (!object) throw new AppError('NOT_FOUND');
    // An image answer (not JSON): the route declares it as image/webp, so a plain Response is its type.
    return c.body(new Uint8Array(object.body), 200, {
      'cache-control': 'public, max-age=31536000, immutable',
      'content-type': 'image/webp',
      vary: 'Save-Data',
    });
  });
}

export type CoversApi = ReturnType<typeof coversRoutes>;
