import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '@server/seed/factories';
import { createTestContext, type TestContext } from '@tests/support/harness';
import { findLink } from '@tests/support/smtp';
import { clearRateLimits, cookieFrom, sessionsOf } from '@tests/support/account-fixtures';
import { englishField } from '@tests/support/texts';
import type { AccountApi } from './routes';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => clearRateLimits(ctx));

const signIn = (body: Record<string, unknown>) => ctx.rawRequest('POST', '/api/auth/sign-in/email', { body });
const sessionCookie = (headers: Headers) =>
  headers.getSetCookie().find((c) => c.startsWith('rakbuku.session_token='));

describe('sign in', () => {
  it("refuses an empty password with 'Password is required'", async () => {
    const res = await signIn({ email: 'someone@example.com', password: '' });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe(englishField('passwordRequired'));
  });

  it("refuses an invalid email with 'Invalid email address'", async () => {
    const res = await signIn({ email: 'someone', password: 'whatever1' });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe(englishField('invalidEmail'));
  });

  it('refuses a wrong password and an unknown email alike, with no session', async () => {
    const member = await createUser(ctx.db, { password: 'right-password' });
    const wrong = await signIn({ email: member.email, password: 'wrong-password' });
    const unknown = await signIn({ email: 'nobody-here@example.com', password: 'wrong-password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(sessionCookie(wrong.headers)).toBeUndefined();
    expect(await sessionsOf(ctx, member.id)).toHaveLength(0);
  });

  it('refuses an unconfirmed account (D10) and resends the link only when asked', async () => {
    const member = await createUser(ctx.db, { emailVerified: false, password: 'right-password' });
    const res = await signIn({ email: member.email, password: 'right-password' });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('EMAIL_NOT_VERIFIED');
    expect(sessionCookie(res.headers)).toBeUndefined();
    expect(await sessionsOf(ctx, member.id)).toHaveLength(0);

    const resend = await ctx.rawRequest('POST', '/api/auth/send-verification-email', {
      body: { email: member.email, callbackURL: '/profile/edit?welcome=1' },
    });
    expect(resend.status).toBe(200);
    const mail = await ctx.mailbox.waitFor((m) => m.to.includes(member.email));
    expect(mail.subject).toBe('Confirm your Rakbuku account');
    expect(findLink(mail, '/confirm-email')).toMatch(/^http:\/\/localhost:3000\/confirm-email\?token=/);
  });

  it("'Remember me' gives a 30-day cookie, otherwise a browser-session cookie (D9)", async () => {
    const member = await createUser(ctx.db, { password: 'right-password' });
    const remembered = await signIn({ email: member.email, password: 'right-password', rememberMe: true });
    expect(remembered.status).toBe(200);
    const long = sessionCookie(remembered.headers)!;
    expect(long).toMatch(/Max-Age=2592000/i);
    expect(long).toMatch(/HttpOnly/i);
    expect(long).toMatch(/SameSite=Lax/i);

    const forgotten = await signIn({ email: member.email, password: 'right-password', rememberMe: false });
    expect(forgotten.status).toBe(200);
    const short = sessionCookie(forgotten.headers)!;
    expect(short).not.toMatch(/Max-Age|Expires/i);
    expect(
      (await ctx.answer(ctx.client<AccountApi>(cookieFrom(forgotten.headers)).me.$get())).body.user.id,
    ).toBe(member.id);
  });

  it('answers 429 after repeated failed sign-ins from one address, even with the right password', async () => {
    const member = await createUser(ctx.db, { password: 'right-password' });
    for (let i = 0; i < 5; i++) {
      expect((await signIn({ email: member.email, password: `wrong-${i}-pass` })).status).toBe(401);
    }
    const blocked = await signIn({ email: member.email, password: 'right-password' });
    expect(blocked.status).toBe(429);
    expect(sessionCookie(blocked.headers)).toBeUndefined();
  });

  it('sign-out ends the server session (D9)', async () => {
    const { user, cookie } = await ctx.member();
    expect(await sessionsOf(ctx, user.id)).toHaveLength(1);
    const out = await ctx.rawRequest('POST', '/api/auth/sign-out', { cookie });
    expect(out.status).toBe(200);
    expect(await sessionsOf(ctx, user.id)).toHaveLength(0);
    expect((await ctx.answer(ctx.client<AccountApi>(cookie).me.$get())).body).toEqual({ user: null });
  });
});
