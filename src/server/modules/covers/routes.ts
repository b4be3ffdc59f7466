import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '@server/app-env';
import { notFound } from '@server/lib/errors';
import { storageKey } from './service';

const coverKeySchema = z.uuid();
const variantSchema = z.enum(['card.webp', 'detail.webp']);

export function coversRoutes() {
  return new Hono<AppEnv>().get('/covers/:key/:variant', async (c) => {
    const key = coverKeySchema.safeParse(c.req.param('key'));
    const variant = variantSchema.safeParse(c.req.param('variant'));
    if (!key.success || !variant.success) throw notFound();
    const object = await c.var.deps.storage.get(
      storageKey(key.data, variant.data === 'card.webp' ? 'card' : 'detail'),
    );
    if (!object) throw notFound();
    // A cover key never changes content: cache it for a year.
    c.header('cache-control', 'public, max-age=31536000, immutable');
    c.header('content-type', 'image/webp');
    return c.body(new Uint8Array(object.body));
  });
}
