import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import { isUuid } from '@domain/ids';
import type { Config } from '@server/config';
import type { Db } from '@server/db/client';
import * as schema from '@server/db/schema';
import type { Outbox } from '@server/outbox/outbox';
import {
  queueConfirmationEmail,
  queueExistingAccountEmail,
  queuePasswordChangedEmail,
  queueResetEmail,
} from './account-emails';
import { accountAnswerRules, accountRequestRules } from './request-rules';
import { withStoresDisabledWhenIdle } from './async-context';

/** The header our server sets from the socket address (any client value is replaced): rate limits key on it. */
export const CLIENT_IP_HEADER = 'x-rakbuku-client-ip';

/** Better Auth's session cookie under our prefix (with `__Secure-` when the app runs on https). */
export const SESSION_COOKIE_NAMES = ['rakbuku.session_token', '__Secure-rakbuku.session_token'] as const;

/**
 * Better Auth's limits per client address (seconds, requests), under /api/auth: the answer
 * envelope (answer-envelope.ts) names the one a 429 met in its RateLimit-Policy.
 */
export const AUTH_RATE_LIMITS = {
  default: { window: 60, max: 100 },
  paths: {
    '/sign-in/email': { window: 60, max: 5 },
    '/sign-up/email': { window: 60, max: 5 },
    '/request-password-reset': { window: 60, max: 3 },
    '/send-verification-email': { window: 60, max: 3 },
  } as Record<string, { window: number; max: number }>,
};

const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60; // 'Remember me' keeps a 30-day cookie (D9)

export function createAuth(deps: { db: Db; config: Config; outbox: Outbox }) {
  const { db, config, outbox } = deps;
  const auth = betterAuth({
    appName: 'Rakbuku',
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.appUrl],
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
      },
    }),
    user: {
      additionalFields: {
        phone: { type: 'string', required: false, input: true },
        location: { type: 'string', required: false, input: true },
        address: { type: 'string', required: false, input: true },
        // D29: the language of the sign-up form; checked by the sign-up rules (request-rules.ts).
        language: { type: 'string', required: false, input: true, defaultValue: 'en' },
      },
    },
    session: { expiresIn: SESSION_MAX_AGE_SECONDS, updateAge: 24 * 60 * 60 },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true, // D10
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user, url }) {
        await queueResetEmail(db, user, url);
        outbox.kick();
      },
      async onPasswordReset({ user }) {
        await queuePasswordChangedEmail(db, user, config.appUrl);
        outbox.kick();
      },
      async onExistingUserSignUp({ user }) {
        await queueExistingAccountEmail(db, user, config.appUrl);
        outbox.kick();
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // D10: an unconfirmed sign-in is refused and the member asks for a new link themselves
      // (the sign-in screen offers it), so failed attempts don't flood their inbox.
      sendOnSignIn: false,
      // The link opens our /confirm-email page; only its button (a POST from our origin,
      // POST /api/account/confirm-email) confirms and signs in. Better Auth's GET /verify-email,
      // which signed in whoever opened the link (login CSRF by <img> or a foreign page), is closed.
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      async sendVerificationEmail({ user, token, url }) {
        await queueConfirmationEmail(db, user, confirmationLink(config.appUrl, token, url));
        outbox.kick();
      },
    },
    hooks: {
      before: accountRequestRules,
      after: accountAnswerRules(async (user) => {
        await queuePasswordChangedEmail(db, user, config.appUrl);
        outbox.kick();
      }),
    },
    rateLimit: {
      enabled: config.rateLimitEnabled,
      storage: 'database',
      ...AUTH_RATE_LIMITS.default,
      customRules: AUTH_RATE_LIMITS.paths,
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.appUrl.startsWith('https://'),
      cookiePrefix: 'rakbuku',
    },
    databaseHooks: {
      user: {
        create: {
          // D12: the ADMIN_EMAIL account is an admin as soon as it exists.
          async before(user) {
            if (config.adminEmail && user.email.toLowerCase() === config.adminEmail) {
              return { data: { ...user, role: 'admin' } };
            }
          },
        },
      },
    },
    plugins: [admin({ defaultRole: 'user', adminRoles: ['admin'] })],
  });
  // Its async-context stores are off between its calls (async-context.ts).
  return withStoresDisabledWhenIdle(auth);
}

export type Auth = ReturnType<typeof createAuth>;

/** D12: an existing ADMIN_EMAIL account is promoted at startup. */
export async function promoteConfiguredAdmin(db: Db, adminEmail: string | null): Promise<void> {
  if (!adminEmail) return;
  await db.update(schema.user).set({ role: 'admin' }).where(eq(schema.user.email, adminEmail));
}

/**
 * The emailed confirmation link: our /confirm-email page with the token and, when the member
 * signed up on their way somewhere (a guest who pressed Add), the `next` path and `add` book of
 * the sign-up's callbackURL, so confirming ends on that book with it in the cart. Only a
 * same-site path and a book id travel; anything else is dropped.
 */
function confirmationLink(appUrl: string, token: string, betterAuthUrl: string): string {
  const search = new URLSearchParams({ token });
  const callback = new URL(betterAuthUrl, appUrl).searchParams.get('callbackURL');
  if (callback?.startsWith('/') && !callback.startsWith('//') && !callback.startsWith('/\\')) {
    const intent = new URL(callback, appUrl).searchParams;
    const next = intent.get('next');
    const add = intent.get('add');
    if (next?.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\')) {
      search.set('next', next);
      if (isUuid(add)) search.set('add', add);
    }
  }
  return `${appUrl}/confirm-email?${search}`;
}
