import type { App } from '@server/app';

// The API routes the app registers, read from Hono's router, so the security tests cover a
// new route the moment it is added (and fail until it has an entry).

export interface RegisteredRoute {
  method: string;
  path: string;
}

export const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function registeredApiRoutes(app: App): RegisteredRoute[] {
  const seen = new Map<string, RegisteredRoute>();
  for (const route of app.routes) {
    // 'ALL' entries are middleware (and the JSON 404 for unknown /api paths), not endpoints.
    if (route.method === 'ALL' || !route.path.startsWith('/api/')) continue;
    seen.set(`${route.method} ${route.path}`, { method: route.method, path: route.path });
  }
  return [...seen.values()];
}

export const routeKey = (r: RegisteredRoute) => `${r.method} ${r.path}`;

/** Fills every :param of a route path with the given value (default: a well-formed unknown uuid). */
export function fillParams(path: string, value = '00000000-0000-4000-8000-000000000000'): string {
  return path.replace(/:[A-Za-z]+/g, value);
}
