import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBook, createUser } from '@server/seed/factories';
import { createTestContext, type TestContext } from '@tests/support/harness';

// The lean response path: gzip only for a client that accepts it, the same bytes
// for a cached page, and the usual headers on every answer.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  const owner = await createUser(ctx.db);
  for (let i = 0; i < 12; i++) await createBook(ctx.db, { ownerId: owner.id, title: `Compressible ${i}` });
});
afterAll(() => ctx.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  ctx.runtime.app.request(path, { headers });

describe('JSON answers', () => {
  it('are gzipped for a client that accepts gzip, with Vary, and decode to the plain answer', async () => {
    const plain = await get('/api/books');
    expect(plain.headers.get('content-encoding')).toBeNull();
    // The catalog varies with the cookie too: its ETag is the viewer's (lib/etag.ts).
    expect(plain.headers.get('vary')).toBe('Cookie, Accept-Encoding');
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(1024);

    const zipped = await get('/api/books', { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toBe('Cookie, Accept-Encoding');
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(bytes.length).toBeLessThan(text.length);
    expect(gunzipSync(bytes).toString()).toBe(text);
    // A cached page answers with the same bytes again.
    const again = Buffer.from(await (await get('/api/books', { 'accept-encoding': 'gzip' })).arrayBuffer());
    expect(again.equals(bytes)).toBe(true);
  });

  it('are not gzipped when the client refuses gzip or the answer is small', async () => {
    const refused = await get('/api/books', { 'accept-encoding': 'gzip;q=0, identity' });
    expect(refused.headers.get('content-encoding')).toBeNull();
    const small = await get('/api/me', { 'accept-encoding': 'gzip' });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ user: null });
  });

  it('carry the request id and the security headers, errors included', async () => {
    for (const path of ['/api/books', '/api/nowhere', '/api/auth/get-session']) {
      const res = await get(path, { 'x-request-id': 'trace-12' });
      expect(res.headers.get('x-request-id')).toBe('trace-12');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    }
    const missing = await get('/api/nowhere');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/json');
  });
});
