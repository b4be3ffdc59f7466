import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimit } from '@server/db/schema';
import { resetClock, setClock } from '@server/lib/clock';
import { UPLOADS_PER_HOUR } from '@server/modules/books/upload-rate-limit';
import { createTestContext, type TestContext } from '@tests/support/harness';
import { expectRateLimitFields } from '@tests/support/rate-limit-fields';
import { englishCode } from '@tests/support/texts';
import type { AccountApi } from '@server/modules/account/routes';

// Guessing passwords, mass sign-ups, reset-mail floods and upload floods all hit a limit
// kept in the database (shared by every instance). The client address comes from the socket:
// headers a client sends cannot reset its counter.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.delete(rateLimit);
});

const spoofed = (i: number) => ({
  'x-forwarded-for': `10.0.0.${i}`,
  'x-real-ip': `10.0.1.${i}`,
  'x-rakbuku-client-ip': `10.0.2.${i}`,
});

async function answers<A extends { status: number }>(n: number, send: (i: number) => Promise<A>) {
  const out: A[] = [];
  for (let i = 0; i < n; i++) out.push(await send(i));
  return out;
}

async function statuses(n: number, send: (i: number) => Promise<{ status: number }>) {
  return (await answers(n, send)).map((a) => a.status);
}

describe('rate limits', () => {
  it('sign-in: the 6th attempt in a minute is refused, whatever forwarding headers say', async () => {
    const res = await statuses(6, (i) =>
      ctx.rawRequest('POST', '/api/auth/sign-in/email', {
        headers: spoofed(i),
        body: { email: `nobody${i}@example.com`, password: 'wrong-password' },
      }),
    );
    expect(res.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(res[5]).toBe(429);
    // Better Auth's own 429, in our envelope with our fields (auth/answer-envelope.ts).
    const again = await ctx.rawRequest('POST', '/api/auth/sign-in/email', {
      body: { email: 'nobody-more@example.com', password: 'wrong-password' },
    });
    expect(again.body).toEqual({
      error: { code: 'TOO_MANY_REQUESTS', message: englishCode('TOO_MANY_REQUESTS') },
    });
    expectRateLimitFields(again, 'auth-sign-in-email', 5, 60);
  });

  it('sign-up: the 6th in a minute is refused and creates no account', async () => {
    const all = await answers(6, (i) =>
      ctx.rawRequest('POST', '/api/auth/sign-up/email', {
        headers: spoofed(i),
        body: {
          name: 'Flood Member',
          email: `flood-${i}-${Date.now()}@example.com`,
          password: 'flood-pass-1',
          phone: '+6281234567',
          location: 'Canggu',
          address: 'Jl. Pantai Batu Bolong No. 7, Canggu',
        },
      }),
    );
    const res = all.map((a) => a.status);
    expect(res.slice(0, 5).every((s) => s === 200)).toBe(true);
    expect(res[5]).toBe(429);
    expect(all[5]?.body.error.code).toBe('TOO_MANY_REQUESTS');
    expectRateLimitFields(all[5]!, 'auth-sign-up-email', 5, 60);
  });

  it('password reset requests: the 4th in a minute is refused (no mail flood)', async () => {
    const all = await answers(4, (i) =>
      ctx.rawRequest('POST', '/api/auth/request-password-reset', {
        headers: spoofed(i),
        body: { email: `someone${i}@example.com`, redirectTo: '/reset-password' },
      }),
    );
    const res = all.map((a) => a.status);
    expect(res.slice(0, 3).every((s) => s === 200)).toBe(true);
    expect(res[3]).toBe(429);
    expect(all[3]?.body.error.code).toBe('TOO_MANY_REQUESTS');
    expectRateLimitFields(all[3]!, 'auth-request-password-reset', 3, 60);
  });

  it('confirmation email resends: the 4th in a minute is refused, with the fields', async () => {
    const all = await answers(4, (i) =>
      ctx.rawRequest('POST', '/api/auth/send-verification-email', {
        headers: spoofed(i),
        body: { email: `unconfirmed${i}@example.com` },
      }),
    );
    expect(all.slice(0, 3).map((a) => a.status)).toEqual([200, 200, 200]);
    expect(all[3]?.body.error.code).toBe('TOO_MANY_REQUESTS');
    expectRateLimitFields(all[3]!, 'auth-send-verification-email', 3, 60);
  });

  it(`uploads: attempt ${UPLOADS_PER_HOUR + 1} in an hour is refused with the message, before the body is read`, async () => {
    const { cookie } = await ctx.member();
    // Every attempt counts, valid or not, so cheap invalid forms exhaust the budget.
    const res = await statuses(UPLOADS_PER_HOUR, () =>
      ctx.rawRequest('POST', '/api/books', { cookie, body: new FormData() }),
    );
    expect(res.every((s) => s === 422)).toBe(true);
    const blocked = await ctx.rawRequest('POST', '/api/books', { cookie, body: new FormData() });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toEqual({
      code: 'TOO_MANY_UPLOADS',
      message: englishCode('TOO_MANY_UPLOADS'),
    });
    expectRateLimitFields(blocked, 'uploads', UPLOADS_PER_HOUR, 3600);
    // The budget is the member's own: another member can still upload.
    const other = await ctx.member();
    expect(
      (await ctx.rawRequest('POST', '/api/books', { cookie: other.cookie, body: new FormData() })).status,
    ).toBe(422);
  });

  // The profile calls Better Auth from the server, past its HTTP limiter, so
  // 12 wrong current passwords in a row all answered 422.
  it('profile password change: the 6th attempt in a minute is refused, per member and per address', async () => {
    const { user, cookie } = await ctx.member();
    const change = (c: string, currentPassword: string) =>
      ctx.answer(
        ctx
          .client<AccountApi>(c)
          .profile.password.$post(
            { json: { currentPassword, newPassword: 'changed-pass-1', confirmPassword: 'changed-pass-1' } },
            { headers: spoofed(1) },
          ),
      );
    const res = await statuses(5, () => change(cookie, 'wrong-password'));
    expect(res).toEqual([422, 422, 422, 422, 422]);
    // Even the right password now waits: guessing stops here.
    const blocked = await change(cookie, user.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toEqual({
      code: 'TOO_MANY_PASSWORD_ATTEMPTS',
      message: englishCode('TOO_MANY_PASSWORD_ATTEMPTS'),
    });
    // The member's five wrong guesses used up the account's count first.
    expectRateLimitFields(blocked, 'password-account', 5, 60);
    await expect(ctx.signIn(user.email, user.password)).resolves.toContain('rakbuku.session_token');

    // Every route that checks a current password shares that budget: Better Auth's own
    // change-password (which counted apart, per address) is not served at all.
    for (const path of ['/api/auth/change-password', '/api/auth/verify-password', '/api/auth/delete-user']) {
      const other = await ctx.rawRequest('POST', path, {
        cookie,
        headers: spoofed(1),
        body: { currentPassword: user.password, password: user.password, newPassword: 'changed-pass-1' },
      });
      expect(other.status, path).toBe(404);
    }
    await expect(ctx.signIn(user.email, user.password)).resolves.toContain('rakbuku.session_token');

    // Per address: five members from one address use up its budget for a sixth.
    await ctx.db.delete(rateLimit);
    for (let i = 0; i < 5; i++)
      expect((await change((await ctx.member()).cookie, 'wrong-password')).status).toBe(422);
    const fromAddress = await change((await ctx.member()).cookie, 'wrong-password');
    expectRateLimitFields(fromAddress, 'password-address', 5, 60);
  });
});

// Guesses per account: sign-in was limited per address only, so a member's password took 14
// guesses a minute from 127.0.0.1, ::1 and the profile route. Every route that checks a password
// now counts under the account, whatever the address (security/password-guesses.ts).
describe('password guesses per account, across routes and addresses', () => {
  const from = (n: number) => ({ 'x-forwarded-for': `203.0.113.${n}` });
  const signIn = (c: TestContext, n: number, email: string, password: string) =>
    c.rawRequest('POST', '/api/auth/sign-in/email', { headers: from(n), body: { email, password } });
  const changePassword = (c: TestContext, n: number, cookie: string, currentPassword: string) =>
    c.answer(
      c
        .client<AccountApi>(cookie)
        .profile.password.$post(
          { json: { currentPassword, newPassword: 'changed-pass-1', confirmPassword: 'changed-pass-1' } },
          { headers: from(n) },
        ),
    );

  it('5 wrong passwords a minute per account from any address and route; then 429 with Retry-After; the owner waits at most the window', async () => {
    // Behind one proxy, so each request comes from the address its X-Forwarded-For names.
    const behind = await createTestContext({ TRUSTED_PROXIES: '1' });
    try {
      const { user, cookie } = await behind.member();
      const other = await behind.member();
      setClock(new Date('2026-12-02T02:00:00Z'));
      // Three addresses at sign-in, two more at the profile's password check: five wrong guesses.
      for (const n of [1, 2, 3])
        expect((await signIn(behind, n, user.email, 'wrong-password')).status).toBe(401);
      for (const n of [4, 5])
        expect((await changePassword(behind, n, cookie, 'wrong-password')).status).toBe(422);
      // A sixth, from a fresh address on either route, is refused, even with the right password.
      const refused = await signIn(behind, 6, user.email, user.password);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        error: { code: 'TOO_MANY_PASSWORD_ATTEMPTS', message: englishCode('TOO_MANY_PASSWORD_ATTEMPTS') },
      });
      expectRateLimitFields(refused, 'password-account', 5, 60);
      expect((await changePassword(behind, 7, cookie, user.password)).status).toBe(429);
      // Another account from the same addresses is not held back.
      expect((await signIn(behind, 6, other.user.email, 'wrong-password')).status).toBe(401);
      // Once the window has passed, the owner signs in, and that forgets the count.
      setClock(new Date(Date.parse('2026-12-02T02:00:00Z') + 61_000));
      expect((await signIn(behind, 8, user.email, user.password)).status).toBe(200);
      for (const n of [9, 10, 11, 12, 13]) {
        expect((await signIn(behind, n, user.email, 'wrong-password')).status).toBe(401);
      }
    } finally {
      resetClock();
      await behind.close();
    }
  });

  it('20 guesses at once from 20 addresses: at most 5 reach the password check', async () => {
    const behind = await createTestContext({ TRUSTED_PROXIES: '1' });
    try {
      const { user } = await behind.member();
      const res = await Promise.all(
        Array.from({ length: 20 }, (_, n) => signIn(behind, 100 + n, user.email, 'wrong-password')),
      );
      const checked = res.filter((r) => r.status === 401).length;
      expect(checked).toBeLessThanOrEqual(5);
      expect(res.filter((r) => r.status === 429)).toHaveLength(20 - checked);
    } finally {
      await behind.close();
    }
  });
});

// D31: behind N reverse proxies, each appends the address it received the request from to
// X-Forwarded-For; the Nth entry from the right is the client as the outermost proxy saw it.
// Entries further left are whatever the client wrote.
describe('client address behind trusted proxies (TRUSTED_PROXIES)', () => {
  const signInFrom = (c: TestContext, forwardedFor: string, i: number) =>
    c.rawRequest('POST', '/api/auth/sign-in/email', {
      headers: { 'x-forwarded-for': forwardedFor },
      body: { email: `proxied${i}@example.com`, password: 'wrong-password' },
    });

  it('without the setting, a forged X-Rakbuku-Client-Ip does not give the profile a fresh address budget', async () => {
    // Five members, each "from" another address by the header: still one address, one budget.
    const change = (cookie: string, i: number) =>
      ctx.answer(
        ctx.client<AccountApi>(cookie).profile.password.$post(
          {
            json: {
              currentPassword: 'wrong-password',
              newPassword: 'changed-pass-1',
              confirmPassword: 'changed-pass-1',
            },
          },
          { headers: spoofed(i) },
        ),
      );
    for (let i = 0; i < 5; i++) expect((await change((await ctx.member()).cookie, i)).status).toBe(422);
    expect((await change((await ctx.member()).cookie, 5)).status).toBe(429);
  });

  for (const proxies of [1, 2]) {
    it(`with TRUSTED_PROXIES=${proxies}, the limit keys on entry ${proxies} from the right: forged entries to its left change nothing, another client has its own budget`, async () => {
      const behind = await createTestContext({ TRUSTED_PROXIES: String(proxies) });
      try {
        // What the proxies append: the client's address, then (with 2) the first proxy's.
        const appended = (client: string) => (proxies === 2 ? `${client}, 10.0.0.2` : client);
        const res = await statuses(6, (i) =>
          signInFrom(behind, `10.9.9.${i}, ${appended('203.0.113.7')}`, i),
        );
        expect(res.slice(0, 5).every((s) => s === 401)).toBe(true);
        expect(res[5]).toBe(429);
        // A second client behind the same proxies is not held back by the first one's attempts.
        expect((await signInFrom(behind, appended('203.0.113.8'), 99)).status).toBe(401);
        // A hop that is not an address falls back to the socket's, which has its own budget.
        expect((await signInFrom(behind, appended('not-an-address'), 98)).status).toBe(401);
      } finally {
        await behind.close();
      }
    });
  }
});
