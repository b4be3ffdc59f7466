import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '@tests/support/harness';
import { englishCode } from '@tests/support/texts';
import type { AccountApi } from '@server/modules/account/routes';

// Security headers on every kind of answer (API JSON, the SPA fallback, errors), session
// cookie attributes, and 500s that reveal nothing about the server.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

function directives(csp: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

describe('security headers', () => {
  // A JSON answer, a tagged one built with all its headers at once (lib/answer-headers.ts), an
  // error, and the web app's HTML (served or 'not built yet').
  const paths = ['/api/health', '/api/books', '/api/nope', '/books', '/'];

  it.each(paths)(
    '%s: CSP without inline or eval scripts (WebAssembly allowed), no framing, nosniff, Referrer-Policy',
    async (path) => {
      const res = await ctx.rawRequest('GET', path);
      const csp = directives(res.headers.get('content-security-policy'));
      // WebAssembly may compile (the ISBN scanner's decoder); JavaScript eval stays refused.
      expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      // Plain HTTP (development, tests): HSTS would pin browsers to a scheme we do not serve.
      expect(res.headers.get('strict-transport-security')).toBeNull();
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers.get('x-powered-by')).toBeNull();
    },
  );

  it('the same security headers whether the answer was built with them or completed after', async () => {
    const securityHeaders = (res: { headers: Headers }) =>
      [...res.headers.keys()]
        .filter(
          (name) => !/^(content-|etag|cache-control|vary|date|connection|keep-alive|x-request-id)/.test(name),
        )
        .sort();
    const built = await ctx.rawRequest('GET', '/api/books');
    const completed = await ctx.rawRequest('GET', '/api/nope');
    expect(built.status).toBe(200);
    expect(completed.status).toBe(404);
    expect(securityHeaders(built)).toEqual(securityHeaders(completed));
    for (const name of securityHeaders(completed))
      expect(built.headers.get(name), name).toBe(completed.headers.get(name));
    // A client's own request id comes back on either.
    const named = await ctx.rawRequest('GET', '/api/books', { headers: { 'x-request-id': 'trace-1' } });
    expect(named.headers.get('x-request-id')).toBe('trace-1');
  });

  it('keeps a header the route set of its own (the language cookie) on its JSON answer', async () => {
    const { cookie } = await ctx.member();
    const saved = await ctx.answer(
      ctx.client<AccountApi>(cookie).profile.language.$put({ json: { language: 'id' } }),
    );
    expect(saved.status).toBe(200);
    expect(saved.headers.getSetCookie().some((c) => c.startsWith('rakbuku_lang=id'))).toBe(true);
    expect(saved.headers.get('x-frame-options')).toBe('DENY');
    expect(saved.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('served over HTTPS', () => {
  let https: TestContext;
  beforeAll(async () => {
    https = await createTestContext({ APP_URL: 'https://rakbuku.example' });
  });
  afterAll(() => https.close());

  it('sends HSTS', async () => {
    const res = await https.rawRequest('GET', '/api/health');
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('makes the session cookie Secure (and __Secure- prefixed), httpOnly, SameSite=Lax', async () => {
    const { user } = await https.member({ password: 'cookie-pass-2' });
    const res = await https.rawRequest('POST', '/api/auth/sign-in/email', {
      body: { email: user.email, password: 'cookie-pass-2' },
      headers: { origin: 'https://rakbuku.example' },
    });
    expect(res.status).toBe(200);
    const session = res.headers.getSetCookie().find((c) => c.includes('rakbuku.session_token='));
    expect(session).toMatch(/^__Secure-rakbuku\.session_token=/);
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
  });
});

describe('session cookie', () => {
  it('is httpOnly and SameSite=Lax on plain HTTP (D9)', async () => {
    const { user } = await ctx.member({ password: 'cookie-pass-1' });
    const res = await ctx.rawRequest('POST', '/api/auth/sign-in/email', {
      body: { email: user.email, password: 'cookie-pass-1' },
    });
    expect(res.status).toBe(200);
    const session = res.headers.getSetCookie().find((c) => c.startsWith('rakbuku.session_token='));
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    expect(session).toMatch(/;\s*Path=\//i);
  });
});

describe('errors reveal nothing internal', () => {
  it('answers an unexpected failure (the database gone) with a 500, a request id and the generic message only', async () => {
    const broken = await createTestContext();
    await broken.runtime.database.close();
    try {
      const res = await broken.rawRequest('GET', '/api/books', {
        headers: { 'x-request-id': 'req-broken-1' },
      });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        error: { code: 'INTERNAL', message: englishCode('INTERNAL'), requestId: 'req-broken-1' },
      });
      expect(res.headers.get('x-request-id')).toBe('req-broken-1');
      // Better Auth answers its own routes: its failures must not carry the failed query either.
      const auth = await broken.rawRequest('POST', '/api/auth/sign-in/email', {
        body: { email: 'someone@example.com', password: 'some-password-1' },
        headers: { 'x-request-id': 'req-broken-2' },
      });
      expect(auth.status).toBe(500);
      expect(auth.body).toEqual({
        error: { code: 'INTERNAL', message: englishCode('INTERNAL'), requestId: 'req-broken-2' },
      });
    } finally {
      await broken.close().catch(() => {});
    }
  });

  it('answers malformed JSON with a structured 400 that echoes none of the input', async () => {
    const { cookie } = await ctx.member();
    const res = await ctx.rawRequest('PATCH', '/api/profile', {
      cookie,
      body: '{"name": <script>alert(1)</script>',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).not.toMatch(/script|SyntaxError|at \w+ \(/);
    expect(res.body.error.code).toBe('INVALID_JSON');
  });
});
