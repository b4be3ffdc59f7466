import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '@tests/support/harness';
import type { HealthApi } from './routes';
import type { AccountApi } from '@server/modules/account/routes';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('health and unknown API paths', () => {
  it('reports the database as ok', async () => {
    const res = await ctx.client<HealthApi>().health.$get();
    expect(res.status).toBe(200);
    if (res.status !== 200) return;
    const body = await res.json();
    expect(body.db).toBe('ok');
    expect(body).toEqual({ status: 'ok', db: 'ok' });
  });

  it('answers an unknown /api path with a JSON 404, not the web app', async () => {
    const res = await ctx.rawRequest('GET', '/api/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
  });

  it('sends security headers', async () => {
    const res = await ctx.answer(ctx.client<HealthApi>().health.$get());
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('signs in a member through Better Auth and reports them on /api/me', async () => {
    const { user, cookie } = await ctx.member({ name: 'Ketut Test' });
    const res = await ctx.answer(ctx.client<AccountApi>(cookie).me.$get());
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.id, name: 'Ketut Test', role: 'user' });
    expect((await ctx.answer(ctx.client<AccountApi>().me.$get())).body).toEqual({ user: null });
  });
});
