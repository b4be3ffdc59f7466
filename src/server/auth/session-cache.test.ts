import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, now, resetClock, setClock } from '@server/lib/clock';
import { createTestContext, type TestContext } from '@tests/support/harness';
import { createSessionCache, SESSION_CACHE_TTL_MS, sessionCookieValue } from './session-cache';
import type { AccountApi } from '@server/modules/account/routes';
import type { CartApi } from '@server/modules/cart/routes';
import type { AdminApi } from '@server/modules/admin/routes';

// The session cache must never let a revoked session through (D9, D11): every test
// first makes the server cache the session, then revokes it and expects the very next request
// to be refused. tests/instances/two-instances.test.ts does the same across two servers.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
afterEach(() => resetClock());

const me = async (cookie: string) => (await ctx.answer(ctx.client<AccountApi>(cookie).me.$get())).body.user;

describe('cached sessions are refused on the next request once revoked', () => {
  it('sign-out in one browser ends that session at once; the other browser stays signed in', async () => {
    const { user, cookie } = await ctx.member({ password: 'browser-pass-1' });
    const otherBrowser = await ctx.signIn(user.email, 'browser-pass-1');
    expect((await me(cookie)).id).toBe(user.id);
    expect((await me(cookie)).id).toBe(user.id); // now from the cache
    expect((await me(otherBrowser)).id).toBe(user.id);
    const out = await ctx.rawRequest('POST', '/api/auth/sign-out', { cookie, body: {} });
    expect(out.status).toBe(200);
    expect(await me(cookie)).toBeNull();
    expect((await ctx.answer(ctx.client<CartApi>(cookie).cart.$get())).status).toBe(401);
    expect((await me(otherBrowser)).id).toBe(user.id);
  });

  it('a password change ends the other sessions at once', async () => {
    const { user, cookie } = await ctx.member({ password: 'old-password-1' });
    const otherDevice = await ctx.signIn(user.email, 'old-password-1');
    expect((await me(otherDevice)).id).toBe(user.id);
    const res = await ctx.answer(
      ctx.client<AccountApi>(cookie).profile.password.$post({
        json: {
          currentPassword: 'old-password-1',
          newPassword: 'new-password-2',
          confirmPassword: 'new-password-2',
        },
      }),
    );
    expect(res.status).toBe(200);
    expect(await me(otherDevice)).toBeNull();
    expect((await ctx.answer(ctx.client<CartApi>(otherDevice).cart.$get())).status).toBe(401);
  });

  it('a role change counts on the next request, both ways', async () => {
    const admin = await ctx.admin();
    const member = await ctx.member();
    expect((await ctx.answer(ctx.client<AdminApi>(member.cookie).admin.stats.$get())).status).toBe(403);
    const promote = await ctx.answer(
      ctx
        .client<AdminApi>(admin.cookie)
        .admin.users[':id'].$patch({ param: { id: member.user.id }, json: { role: 'admin' } }),
    );
    expect(promote.status).toBe(200);
    expect((await me(member.cookie)).role).toBe('admin');
    expect((await ctx.answer(ctx.client<AdminApi>(member.cookie).admin.stats.$get())).status).toBe(200);
    const demote = await ctx.answer(
      ctx
        .client<AdminApi>(admin.cookie)
        .admin.users[':id'].$patch({ param: { id: member.user.id }, json: { role: 'user' } }),
    );
    expect(demote.status).toBe(200);
    expect((await ctx.answer(ctx.client<AdminApi>(member.cookie).admin.stats.$get())).status).toBe(403);
  });

  it("a deleted member's session is refused on the next request", async () => {
    const admin = await ctx.admin();
    const member = await ctx.member();
    expect((await ctx.answer(ctx.client<CartApi>(member.cookie).cart.$get())).status).toBe(200);
    const del = await ctx.answer(
      ctx.client<AdminApi>(admin.cookie).admin.users[':id'].$delete({ param: { id: member.user.id } }),
    );
    expect(del.status).toBeLessThan(300);
    expect(await me(member.cookie)).toBeNull();
    expect((await ctx.answer(ctx.client<CartApi>(member.cookie).cart.$get())).status).toBe(401);
  });

  it('a profile change shows on the next request', async () => {
    const { user, cookie } = await ctx.member();
    expect((await me(cookie)).name).toBe(user.name);
    const res = await ctx.answer(
      ctx.client<AccountApi>(cookie).profile.$patch({
        json: {
          name: 'Wayan Renamed',
          phone: '+628123456789',
          location: 'Ubud',
          address: 'Jl. Raya Ubud No. 12',
        },
      }),
    );
    expect(res.status).toBe(200);
    expect((await me(cookie)).name).toBe('Wayan Renamed');
  });
});

describe('the cache itself', () => {
  const session = (expiresAt: Date) => ({
    user: {
      id: 'u1',
      name: 'N',
      email: 'n@example.com',
      role: 'user' as const,
      emailVerified: true,
      language: 'en' as const,
    },
    sessionId: 's1',
    expiresAt,
  });

  it('keeps an entry at most 30 seconds, never past the session expiry, and only at its version', async () => {
    setClock(new Date('2026-11-01T00:00:00Z'));
    const cache = createSessionCache();
    let lookups = 0;
    const lookUp = (expiresAt: Date) => async () => {
      lookups++;
      return session(expiresAt);
    };
    const far = new Date('2026-12-01T00:00:00Z');
    await cache.get('a', 1, lookUp(far));
    await cache.get('a', 1, lookUp(far));
    expect(lookups).toBe(1);
    advanceClock(SESSION_CACHE_TTL_MS + 1);
    await cache.get('a', 1, lookUp(far));
    expect(lookups).toBe(2);
    await cache.get('a', 2, lookUp(far)); // a revocation anywhere drops every entry
    expect(lookups).toBe(3);

    const soon = new Date(now().getTime() + 2_000);
    await cache.get('b', 2, lookUp(soon));
    advanceClock(3_000);
    await cache.get('b', 2, lookUp(soon));
    expect(lookups).toBe(5); // the session ended before the 30 s were up
  });

  it('stays within its size bound and shares one lookup between concurrent misses', async () => {
    const cache = createSessionCache(3);
    let lookups = 0;
    const lookUp = async () => {
      lookups++;
      return session(new Date(Date.now() + 3_600_000));
    };
    await Promise.all([cache.get('x', 1, lookUp), cache.get('x', 1, lookUp), cache.get('x', 1, lookUp)]);
    expect(lookups).toBe(1);
    for (const key of ['k1', 'k2', 'k3', 'k4']) await cache.get(key, 1, lookUp);
    expect(cache.size).toBe(3);
    expect(await cache.get('unknown', 1, async () => null)).toBeNull();
  });

  it('finds the session cookie among others', () => {
    const names = ['rakbuku.session_token'];
    expect(sessionCookieValue('a=1; rakbuku.session_token=tok.sig; b=2', names)).toBe('tok.sig');
    expect(sessionCookieValue('a=1', names)).toBeNull();
    expect(sessionCookieValue(undefined, names)).toBeNull();
  });
});
