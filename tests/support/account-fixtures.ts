import { eq } from 'drizzle-orm';
import { emailNotifications, rateLimit, session, user } from '@server/db/schema';
import type { TestContext } from './harness';

// Shared by the account API tests: a valid sign-up body and a few database reads.

let n = 0;
export function signUpBody(overrides: Record<string, unknown> = {}) {
  n++;
  return {
    name: 'Wayan Sari',
    email: `signup-${n}-${Date.now().toString(36)}@example.com`,
    password: 'secret-pass-1',
    phone: '+6281234567',
    location: 'Canggu',
    address: 'Jl. Pantai Batu Bolong No. 7, Canggu, Bali',
    callbackURL: '/',
    ...overrides,
  };
}

/** Every request of a test comes from 127.0.0.1: each test starts with fresh rate-limit counters. */
export async function clearRateLimits(ctx: TestContext) {
  await ctx.db.delete(rateLimit);
}

export async function usersWithEmail(ctx: TestContext, email: string) {
  return ctx.db.select().from(user).where(eq(user.email, email.toLowerCase()));
}

export async function emailsTo(ctx: TestContext, to: string) {
  return ctx.db
    .select()
    .from(emailNotifications)
    .where(eq(emailNotifications.recipientEmail, to.toLowerCase()));
}

export async function sessionsOf(ctx: TestContext, userId: string) {
  return ctx.db.select().from(session).where(eq(session.userId, userId));
}

/** The cookie header a Better Auth response set (sign-in, verification). */
export function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
