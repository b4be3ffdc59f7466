import { AppError } from '@server/lib/errors';
import { errorBodySchema, jsonAnswer, publicRoute, router, uuidParam, z } from '@server/lib/openapi';
import { storageKey } from './service';

const cover = publicRoute({
  method: 'get',
  path: '/covers/{key}/{variant}',
  tags: ['Books'],
  summary: "A book's cover as we re-encoded it (D18): card (320×480) or detail (720×1080), WebP",
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

export function coversRoutes() {
  return router().openapi(cover, async (c) => {
    const { key, variant } = c.req.valid('param');
    const object = await c.var.deps.storage.get(storageKey(key, variant === 'card.webp' ? 'card' : 'detail'));
    if (!object) throw new AppError('NOT_FOUND');
    // An image answer (not JSON): the route declares it as image/webp, so a plain Response is its type.
    return c.body(new Uint8Array(object.body), 200, {
      'cache-control': 'public, max-age=31536000, immutable',
      'content-type': 'image/webp',
    });
  });
}
