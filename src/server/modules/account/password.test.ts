import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '@server/seed/factories';
import { createTestContext, type TestContext, uncheckedInput } from '@tests/support/harness';
import { findLink } from '@tests/support/smtp';
import { clearRateLimits, cookieFrom, emailsTo } from '@tests/support/account-fixtures';
import { englishCode, englishField } from '@tests/support/texts';
import type { AccountApi } from './routes';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => clearRateLimits(ctx));

const me = async (cookie: string) => (await ctx.answer(ctx.client<AccountApi>(cookie).me.$get())).body.user;
const canSignIn = (email: string, password: string) =>
  ctx.signIn(email, password).then(
    () => true,
    () => false,
  );

async function requestReset(email: string) {
  return ctx.rawRequest('POST', '/api/auth/request-password-reset', {
    body: { email, redirectTo: '/reset-password' },
  });
}

describe('forgot and reset password', () => {
  it('answers an unknown email exactly like a known one, and mails only the known one (D10)', async () => {
    const member = await createUser(ctx.db);
    const known = await requestReset(member.email);
    const unknown = await requestReset('no-such-member@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(await emailsTo(ctx, member.email)).toHaveLength(1);
    expect(await emailsTo(ctx, 'no-such-member@example.com')).toHaveLength(0);
  });

  it('refuses an invalid email with the exact message', async () => {
    const res = await requestReset('nope');
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe(englishField('invalidEmail'));
  });

  it('resets through the emailed link: old password fails, every session ends, a notice is sent', async () => {
    const member = await createUser(ctx.db, { password: 'old-password-1' });
    const laptop = await ctx.signIn(member.email, 'old-password-1');
    const phone = await ctx.signIn(member.email, 'old-password-1');
    expect((await requestReset(member.email)).status).toBe(200);

    const mail = await ctx.mailbox.waitFor((m) => m.to.includes(member.email) && m.subject.includes('Reset'));
    const link = new URL(findLink(mail, '/api/auth/reset-password/'));
    const opened = await ctx.rawRequest('GET', link.pathname + link.search);
    expect(opened.status).toBe(302);
    const target = new URL(opened.headers.get('location')!, 'http://localhost');
    expect(target.pathname).toBe('/reset-password');
    const token = target.searchParams.get('token')!;
    expect(token).toBeTruthy();

    const short = await ctx.rawRequest('POST', '/api/auth/reset-password', {
      body: { token, newPassword: 'short' },
    });
    expect(short.status).toBe(422);
    expect(short.body.error.message).toBe(englishField('passwordMin', { minimum: 8 }));

    const reset = await ctx.rawRequest('POST', '/api/auth/reset-password', {
      body: { token, newPassword: 'new-password-2' },
    });
    expect(reset.status).toBe(200);
    expect(await me(laptop)).toBeNull();
    expect(await me(phone)).toBeNull();
    expect(await canSignIn(member.email, 'old-password-1')).toBe(false);
    expect(await canSignIn(member.email, 'new-password-2')).toBe(true);
    await ctx.mailbox.waitFor(
      (m) => m.to.includes(member.email) && m.subject === 'Your Rakbuku password was changed',
    );

    // The link works once.
    const again = await ctx.rawRequest('POST', '/api/auth/reset-password', {
      body: { token, newPassword: 'third-password-3' },
    });
    expect(again.status).toBe(400);
  });
});

describe('change password on the profile (D11)', () => {
  const change = (cookie: string | undefined, body: Record<string, unknown>) =>
    ctx.answer(ctx.client<AccountApi>(cookie).profile.password.$post({ json: uncheckedInput(body) }));

  it('needs a signed-in member', async () => {
    const res = await change(undefined, {
      currentPassword: 'x',
      newPassword: 'new-password-2',
      confirmPassword: 'new-password-2',
    });
    expect(res.status).toBe(401);
  });

  it.each([
    [
      { currentPassword: '', newPassword: 'new-password-2', confirmPassword: 'new-password-2' },
      englishField('currentPasswordRequired'),
    ],
    [
      { currentPassword: 'old-password-1', newPassword: 'short', confirmPassword: 'short' },
      englishField('passwordMin', { minimum: 8 }),
    ],
    [
      { currentPassword: 'old-password-1', newPassword: 'new-password-2', confirmPassword: 'new-password-3' },
      englishField('passwordsDontMatch'),
    ],
  ])('refuses %o with the exact message and keeps the password', async (body, message) => {
    const { user, cookie } = await ctx.member({ password: 'old-password-1' });
    const res = await change(cookie, body);
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe(message);
    expect(await canSignIn(user.email, 'old-password-1')).toBe(true);
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const { user, cookie } = await ctx.member({ password: 'old-password-1' });
    const res = await change(cookie, {
      currentPassword: 'not-my-password',
      newPassword: 'new-password-2',
      confirmPassword: 'new-password-2',
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({
      code: 'INVALID_CURRENT_PASSWORD',
      message: englishCode('INVALID_CURRENT_PASSWORD'),
    });
    expect(await canSignIn(user.email, 'old-password-1')).toBe(true);
    expect(await me(cookie)).not.toBeNull();
    expect(await emailsTo(ctx, user.email)).toHaveLength(0);
  });

  it('changes it, ends the other sessions, keeps this one and emails a notice', async () => {
    const { user, cookie } = await ctx.member({ password: 'old-password-1' });
    const otherDevice = await ctx.signIn(user.email, 'old-password-1');
    const res = await change(cookie, {
      currentPassword: 'old-password-1',
      newPassword: 'new-password-2',
      confirmPassword: 'new-password-2',
    });
    expect(res.status).toBe(200);
    const fresh = cookieFrom(res.headers);
    expect(fresh).toContain('rakbuku.session_token=');
    expect((await me(fresh)).id).toBe(user.id);
    expect(await me(otherDevice)).toBeNull();
    expect(await canSignIn(user.email, 'old-password-1')).toBe(false);
    expect(await canSignIn(user.email, 'new-password-2')).toBe(true);
    const [notice] = await emailsTo(ctx, user.email);
    expect(notice).toMatchObject({ emailType: 'password_changed' });
  });

  it("Better Auth's own change-password endpoint is not served: the password changes only on the profile", async () => {
    const { user, cookie } = await ctx.member({ password: 'old-password-1' });
    const otherDevice = await ctx.signIn(user.email, 'old-password-1');
    const res = await ctx.rawRequest('POST', '/api/auth/change-password', {
      cookie,
      body: { currentPassword: 'old-password-1', newPassword: 'new-password-2', revokeOtherSessions: false },
    });
    expect(res.status).toBe(404);
    expect(await me(otherDevice)).not.toBeNull();
    await expect(ctx.signIn(user.email, 'old-password-1')).resolves.toContain('rakbuku.session_token');
    expect(await emailsTo(ctx, user.email)).toHaveLength(0);
  });
});
