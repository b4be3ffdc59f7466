import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '@server/app-env';
import { AppError } from '@server/lib/errors';

// No JSON body of ours comes near this (the longest is a sign-up: a few hundred bytes), so a
// bigger one is refused before it is read into memory. Multipart uploads have their own limit
// beside the cover rules (books/routes.ts).

export const JSON_BODY_MAX_BYTES = 64 * 1024;
export const BODY_TOO_LARGE_MESSAGE = 'The request body is too large';

const limit = bodyLimit({
  maxSize: JSON_BODY_MAX_BYTES,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE');
  },
});

export const limitJsonBody = createMiddleware<AppEnv>(async (c, next) => {
  // A GET or HEAD has no body to limit, and asking the request for one would make the Node
  // adapter build a full web Request (about a sixth of a cached catalog answer's cost).
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
  if (c.req.header('content-type')?.includes('multipart/form-data')) return next();
  return limit(c, next);
});
