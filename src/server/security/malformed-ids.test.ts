import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Member, type TestContext } from '@tests/support/harness';

// A malformed id is simply not found: every declared route with an id in its path answers the
// 404 its declaration documents (the one id check, lib/openapi.ts `uuidParam`, and the declared
// routes' hook), never a 400, a 422 or a 500. The routes are read from the declarations, so a
// new route is walked the moment it is added.

let ctx: TestContext;
let admin: Member;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.admin();
});
afterAll(() => ctx.close());

interface IdRoute {
  method: string;
  path: string;
  /** The codes its declared 404 names, e.g. "Book not found (BOOK_NOT_FOUND)". */
  codes: string[];
}

function idRoutes(): IdRoute[] {
  const out: IdRoute[] = [];
  for (const definition of ctx.runtime.app.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue;
    const { method, path, responses } = definition.route;
    if (!/\{(id|\w+Id)\}/.test(path) || path.startsWith('/api/auth/')) continue;
    const notFound = responses[404] as { description?: string } | undefined;
    const codes = [...(notFound?.description ?? '').matchAll(/\(([A-Z_]+)\)/g)].map((m) => m[1] ?? '');
    out.push({ method: method.toUpperCase(), path, codes });
  }
  return out;
}

describe('a malformed id', () => {
  it('answers the documented 404 on every route with an id in its path', async () => {
    const routes = idRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const wrong: string[] = [];
    for (const route of routes) {
      for (const malformed of ['not-an-id', '1', '00000000-0000-0000-0000-00000000000g']) {
        const url = route.path.replace(/\{(id|\w+Id)\}/g, malformed).replace(/\{\w+\}/g, 'x');
        const res = await ctx.request(route.method, url, {
          cookie: admin.cookie,
          body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
        const code = res.body?.error?.code;
        if (res.status !== 404 || !route.codes.includes(code))
          wrong.push(
            `${route.method} ${route.path} (${malformed}): ${res.status} ${code ?? ''}, documented ${route.codes.join('|') || 'no 404'}`,
          );
      }
    }
    expect(wrong).toEqual([]);
  });
});
