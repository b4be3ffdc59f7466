import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimit } from '@server/db/schema';
import { createUser } from '@server/seed/factories';
import { createTestContext, type TestContext } from '@tests/support/harness';
import { englishCode } from '@tests/support/texts';

// Every refusal under /api/auth is our envelope `{ error: { code, message, ... } }` with a code
// from the closed list, not Better Auth's own `{ code, message }` (auth/answer-envelope.ts);
// the web's sign-in, sign-up and reset screens read the code from it.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.delete(rateLimit);
});

const signIn = (body: unknown, headers?: Record<string, string>) =>
  ctx.rawRequest('POST', '/api/auth/sign-in/email', { body, headers });

describe('Better Auth refusals in our envelope', () => {
  it('a wrong password: 401 INVALID_EMAIL_OR_PASSWORD', async () => {
    const { user } = await ctx.member({ password: 'member-pass-1' });
    const res = await signIn({ email: user.email, password: 'wrong-password' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: englishCode('INVALID_EMAIL_OR_PASSWORD') },
    });
  });

  it('an unknown email: the same 401 INVALID_EMAIL_OR_PASSWORD', async () => {
    const res = await signIn({ email: 'nobody-at-all@example.com', password: 'wrong-password' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: englishCode('INVALID_EMAIL_OR_PASSWORD') },
    });
  });

  it('an unconfirmed email: 403 EMAIL_NOT_VERIFIED', async () => {
    const user = await createUser(ctx.db, { emailVerified: false, password: 'member-pass-1' });
    const res = await signIn({ email: user.email, password: 'member-pass-1' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: { code: 'EMAIL_NOT_VERIFIED', message: englishCode('EMAIL_NOT_VERIFIED') },
    });
  });

  it('a bad body: 422 VALIDATION_FAILED with the field, in the envelope', async () => {
    const res = await signIn({ email: 'not an email' });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.fieldCodes.email).toEqual({ code: 'invalidEmail' });
    expect(typeof res.body.error.fields.email).toBe('string');
    expect(res.body).not.toHaveProperty('code');
  });

  it('a body that is not JSON: 4xx in the envelope', async () => {
    for (const [body, type] of [
      ['{"email":', 'application/json'],
      ['email=a@example.com', 'application/x-www-form-urlencoded'],
      ['hello', 'text/plain'],
    ]) {
      const res = await ctx.rawRequest('POST', '/api/auth/sign-in/email', {
        body,
        headers: { 'content-type': type },
      });
      expect(res.status, `${type}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(Object.keys(res.body), type).toEqual(['error']);
      expect(typeof res.body.error.code).toBe('string');
      expect(typeof res.body.error.message).toBe('string');
    }
  });

  it('an invalid reset token: 400 INVALID_TOKEN', async () => {
    const res = await ctx.rawRequest('POST', '/api/auth/reset-password', {
      body: { token: 'no-such-token', newPassword: 'new-pass-123', confirmPassword: 'new-pass-123' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'INVALID_TOKEN', message: englishCode('INVALID_TOKEN') } });
  });

  it('the reset link without its callbackURL: 400 in the envelope', async () => {
    const res = await ctx.rawRequest('GET', '/api/auth/reset-password/some-token');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'HTTP_ERROR', message: englishCode('HTTP_ERROR') } });
  });

  it('rate limited by Better Auth: 429 TOO_MANY_REQUESTS with Retry-After and the RateLimit fields', async () => {
    let res = await signIn({ email: 'flood-0@example.com', password: 'wrong-password' });
    for (let i = 1; i <= 5; i++)
      res = await signIn({ email: `flood-${i}@example.com`, password: 'wrong-password' });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      error: { code: 'TOO_MANY_REQUESTS', message: englishCode('TOO_MANY_REQUESTS') },
    });
    const wait = Number(res.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(res.headers.get('ratelimit-policy')).toBe('"auth-sign-in-email";q=5;w=60');
    expect(res.headers.get('ratelimit')).toBe(`"auth-sign-in-email";r=0;t=${wait}`);
    expect(res.headers.has('x-retry-after')).toBe(false);
  });

  it('a sign-out without a session, and an unknown endpoint: the envelope', async () => {
    const out = await ctx.rawRequest('POST', '/api/auth/sign-out', { body: {} });
    if (out.status >= 400) expect(Object.keys(out.body)).toEqual(['error']);
    const unknown = await ctx.rawRequest('POST', '/api/auth/no-such-thing', { body: {} });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: { code: 'NOT_FOUND', message: englishCode('NOT_FOUND') } });
  });
});
