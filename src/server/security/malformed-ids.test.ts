import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Member, TEST_APP_URL, type TestContext } from '@tests/support/harness';

// A malformed id is simply not found: every route with an id in its path answers the 404 its
// declaration documents, never a 400, a 422 or a 500. Ids of our rows are UUIDs, read by the one
// id check (`uuidParam`, lib/openapi.ts), which the declared routes' hook turns into the route's
// 404 code before the body is looked at. A member's id is Better Auth's (32 letters and digits)
// or a UUID, read by the one member id check (`memberIdParam`): a route taking one is listed
// below and answers a malformed one with its documented 404 just the same. The
// routes come from the served document, so a new route is walked the moment it is added.

let ctx: TestContext;
let admin: Member;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.admin();
});
afterAll(() => ctx.close());

/** Routes whose path id is a member's (Better Auth's text ids, not UUIDs). */
const MEMBER_ID_ROUTES = new Set([
  'get /api/owners/{id}',
  'get /api/owners/{id}/books',
  'get /api/owners/{id}/borrowed-books',
  'patch /api/cart/owners/{ownerId}',
  'delete /api/cart/owners/{ownerId}',
  'get /api/members/{id}/reputation',
  'patch /api/admin/users/{id}',
  'delete /api/admin/users/{id}',
]);

interface Operation {
  parameters?: { in: string; name: string; schema?: { format?: string } }[];
  responses: Record<string, { description?: string }>;
}

interface IdRoute {
  method: string;
  path: string;
  uuid: boolean;
  /** The codes its documented 404 names, e.g. "Book not found (BOOK_NOT_FOUND)". */
  codes: string[];
}

async function idRoutes(): Promise<IdRoute[]> {
  const doc = (await ctx.rawRequest('GET', '/api/openapi.json')).body as {
    paths: Record<string, Record<string, Operation>>;
  };
  const out: IdRoute[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const ids = (operation.parameters ?? []).filter((p) => p.in === 'path' && /^(id|\w+Id)$/.test(p.name));
      if (ids.length === 0) continue;
      const codes = [...(operation.responses['404']?.description ?? '').matchAll(/\(([A-Z_]+)\)/g)].map(
        (m) => m[1] ?? '',
      );
      out.push({ method, path, uuid: ids.every((p) => p.schema?.format === 'uuid'), codes });
    }
  }
  return out;
}

const MALFORMED = ['not-an-id', '1', '00000000-0000-0000-0000-00000000000g'];

/** What `route` answers with `malformed` for each of its ids: status and code. */
async function answerTo(route: IdRoute, malformed: string) {
  const url = route.path.replace(/\{(id|\w+Id)\}/g, malformed).replace(/\{\w+\}/g, 'x');
  const method = route.method.toUpperCase();
  // Straight to the app: the harness would stop at the first undeclared status, and this test
  // lists every route that answers other than documented.
  const res = await ctx.runtime.app.request(url, {
    method,
    headers: { origin: TEST_APP_URL, cookie: admin.cookie, 'content-type': 'application/json' },
    body: method === 'GET' || method === 'DELETE' ? undefined : '{}',
  });
  const json = res.headers.get('content-type')?.startsWith('application/json')
    ? ((await res.json()) as { error?: { code?: string } })
    : null;
  return { status: res.status, code: json?.error?.code };
}

/** The routes that answer a malformed id other than with a 404 code their declaration documents. */
async function notAnsweredAsDocumented(routes: IdRoute[]): Promise<string[]> {
  const wrong: string[] = [];
  for (const route of routes) {
    for (const malformed of MALFORMED) {
      const { status, code } = await answerTo(route, malformed);
      if (status !== 404 || !code || !route.codes.includes(code))
        wrong.push(
          `${route.method} ${route.path} (${malformed}): ${status} ${code ?? ''}, documented ${route.codes.join('|') || 'no 404'}`,
        );
    }
  }
  return wrong;
}

describe('a malformed id', () => {
  it('every id in a path is a UUID read by the one check, or a member’s id listed here', async () => {
    const routes = await idRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const unlisted = routes.filter((r) => !r.uuid && !MEMBER_ID_ROUTES.has(`${r.method} ${r.path}`));
    expect(unlisted.map((r) => `${r.method} ${r.path}`)).toEqual([]);
    const listed = routes.filter((r) => MEMBER_ID_ROUTES.has(`${r.method} ${r.path}`));
    expect(listed).toHaveLength(MEMBER_ID_ROUTES.size);
  });

  it('answers the documented 404 on every route with a UUID in its path', async () => {
    expect(await notAnsweredAsDocumented((await idRoutes()).filter((r) => r.uuid))).toEqual([]);
  });

  it('answers the documented 404 where the id is a member’s: the one member id check', async () => {
    const members = (await idRoutes()).filter((r) => !r.uuid);
    expect(members).toHaveLength(MEMBER_ID_ROUTES.size);
    expect(await notAnsweredAsDocumented(members)).toEqual([]);
  });
});
