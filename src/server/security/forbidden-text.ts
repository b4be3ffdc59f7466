import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '@server/app-env';
import { AppError } from '@server/lib/errors';

// PostgreSQL text cannot hold the NUL character: a query with one fails inside the database
// (a 500) instead of being refused. No field of ours has a use for it, so a request carrying
// one anywhere (path, query, JSON body, keys included) is refused before any handler runs.

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000') || hasNul(inner, depth + 1)) return true;
  }
  return false;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text; // malformed escapes are the route's to refuse
  }
}

export const refuseForbiddenText = createMiddleware<AppEnv>(async (c, next) => {
  const url = new URL(c.req.url);
  let bad = decoded(url.pathname).includes('\u0000') || hasNul([...url.searchParams.entries()]);
  if (!bad && c.req.method !== 'GET' && c.req.header('content-type')?.includes('json')) {
    try {
      bad = hasNul(JSON.parse(await c.req.raw.clone().text()));
    } catch {
      // not JSON: the handler answers 400
    }
  }
  if (bad) throw new AppError('FORBIDDEN_CHARACTER');
  await next();
});
