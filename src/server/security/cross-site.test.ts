import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBook } from '@server/seed/factories';
import { books, cartItems, messages, session, user } from '@server/db/schema';
import { createTestContext, type Member, type TestContext } from '@tests/support/harness';
import { fillParams, registeredApiRoutes, routeKey, STATE_CHANGING } from '@tests/support/registered-routes';
import type { CartApi } from '@server/modules/cart/routes';
import type { BooksApi } from '@server/modules/books/routes';

// Cross-site request forgery: a page on another site can make the browser send our cookie
// (SameSite=Lax still allows top-level POST navigations from some browsers' forms), so every
// state-changing request that carries a cookie must come from our own origin.

const EVIL = 'https://evil.example';

// Better Auth's state-changing endpoints live behind one wildcard route (/api/auth/*).
const AUTH_ENDPOINTS = [
  '/api/auth/sign-out',
  '/api/auth/sign-in/email',
  '/api/auth/sign-up/email',
  '/api/auth/change-password',
  '/api/auth/update-user',
  '/api/auth/request-password-reset',
  '/api/auth/send-verification-email',
  '/api/auth/revoke-sessions',
];

let ctx: TestContext;
let member: Member;
let bookId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  member = await ctx.member({ name: 'Made Target' });
  const owner = await ctx.member();
  const book = await createBook(ctx.db, { ownerId: member.user.id });
  bookId = book.id;
  await createBook(ctx.db, { ownerId: owner.user.id });
});
afterAll(() => ctx.close());

async function snapshot() {
  const [s] = await ctx.db.select({ n: count() }).from(session);
  const [c] = await ctx.db.select({ n: count() }).from(cartItems);
  const [b] = await ctx.db
    .select({ status: books.status, deletedAt: books.deletedAt })
    .from(books)
    .where(eq(books.id, bookId));
  const [u] = await ctx.db.select({ name: user.name }).from(user).where(eq(user.id, member.user.id));
  const [m] = await ctx.db.select({ n: count() }).from(messages);
  return { sessions: s.n, cartItems: c.n, book: b, name: u.name, messages: m.n };
}

/** Without the harness's default Origin header: exactly the headers given, plus the cookie. */
function rawRequest(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  return ctx.runtime.app.request(path, {
    method,
    headers: { ...headers, cookie: member.cookie, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const stateChangingRoutes = () =>
  registeredApiRoutes(ctx.runtime.app)
    .filter((r) => STATE_CHANGING.has(r.method))
    .map((r) => ({
      method: r.method,
      path: fillParams(r.path, r.path.includes('/books/') ? bookId : undefined),
    }));

describe('cross-site requests that carry the session cookie', () => {
  it('covers every registered state-changing route', () => {
    const keys = registeredApiRoutes(ctx.runtime.app)
      .filter((r) => STATE_CHANGING.has(r.method))
      .map(routeKey);
    // A sanity floor: if route discovery broke, this test would pass vacuously.
    expect(keys.length).toBeGreaterThanOrEqual(20);
    expect(keys).toContain('POST /api/checkout');
  });

  it('are refused with 403 on every state-changing route, and change nothing', async () => {
    const before = await snapshot();
    const targets = [...stateChangingRoutes(), ...AUTH_ENDPOINTS.map((path) => ({ method: 'POST', path }))];
    for (const { method, path } of targets) {
      const res = await ctx.rawRequest(method, path, {
        cookie: member.cookie,
        headers: { origin: EVIL },
        body: { name: 'Hacked', bookId, quantity: 5, status: 'Unavailable', ids: [] },
      });
      expect({ route: `${method} ${path}`, status: res.status, code: res.body?.error?.code }).toEqual({
        route: `${method} ${path}`,
        status: 403,
        code: 'CROSS_SITE_REQUEST',
      });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('are refused when the origin is hidden (Origin: null, or only a foreign Referer, or neither)', async () => {
    const before = await snapshot();
    const variants: Record<string, string>[] = [
      { origin: 'null' },
      { referer: `${EVIL}/page` },
      { referer: 'not a url' },
      {},
      { origin: 'http://localhost:3000.evil.example' },
      { origin: 'http://localhost:3001' },
      { origin: 'https://localhost:3000' },
    ];
    for (const headers of variants) {
      const res = await rawRequest('PATCH', '/api/profile', headers, {
        name: 'Hacked',
        phone: '+6281234567',
        location: 'Ubud',
        address: 'Jl. Raya Ubud No. 1, Bali',
      });
      expect(res.status, JSON.stringify(headers)).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('pass the check from our own origin, or with a same-origin Referer when the browser sends no Origin', async () => {
    const fromUs = await ctx.answer(ctx.client<CartApi>(member.cookie).cart.validate.$post());
    expect(fromUs.status).toBe(200);
    const byReferer = await rawRequest('POST', '/api/cart/validate', {
      referer: 'http://localhost:3000/cart',
    });
    expect(byReferer.status).toBe(200);
  });

  it('reading stays open cross-site only for public data; a cookie never turns a GET into a change', async () => {
    const res = await ctx.answer(
      ctx.client<BooksApi>(member.cookie).books.$get({ query: {} }, { headers: { origin: EVIL } }),
    );
    expect(res.status).toBe(200);
    // No CORS grant: a foreign page cannot read the answer.
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('cross-site requests without a cookie', () => {
  it('cannot sign someone in (login CSRF): a foreign Origin is refused', async () => {
    const victim = await ctx.member({ password: 'victim-pass-1' });
    const res = await ctx.rawRequest('POST', '/api/auth/sign-in/email', {
      headers: { origin: EVIL },
      body: { email: victim.user.email, password: 'victim-pass-1' },
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('CROSS_SITE_REQUEST');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('rakbuku.session_token='))).toBe(false);
    // A client that sends no Origin at all (curl, a script) is no browser page: it may sign in.
    const direct = await ctx.runtime.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: victim.user.email, password: 'victim-pass-1' }),
    });
    expect(direct.status).toBe(200);
  });
});
