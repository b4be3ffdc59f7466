import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { renderEmail } from '../modules/email/layout';
import { enqueueEmail, type Outbox } from '../modules/email/outbox';

/** The header our server sets from the socket address (any client value is replaced): rate limits key on it. */
export const CLIENT_IP_HEADER = 'x-rakbuku-client-ip';

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60; // 'Remember me' keeps a 30-day cookie (D9)

export function createAuth(deps: { db: Db; config: Config; outbox: Outbox }) {
  const { db, config, outbox } = deps;
  return betterAuth({
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
        await enqueueEmail(db, {
          to: user.email,
          recipientType: 'user',
          emailType: 'password_reset',
          ...renderEmail({
            subject: 'Reset your Rakbuku password',
            title: 'Reset your password',
            paragraphs: [
              `Hi ${user.name},`,
              'Someone asked to reset the password of your Rakbuku account. If it was you, choose a new password with the link below. The link works for one hour.',
            ],
            button: { label: 'Choose a new password', url },
            footnote: 'If you did not ask for this, ignore this email: your password stays the same.',
          }),
        });
        outbox.kick();
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      async sendVerificationEmail({ user, url }) {
        await enqueueEmail(db, {
          to: user.email,
          recipientType: 'user',
          emailType: 'email_confirmation',
          ...renderEmail({
            subject: 'Confirm your Rakbuku account',
            title: 'Welcome to Rakbuku!',
            paragraphs: [
              `Hi ${user.name},`,
              'Please confirm your email address to start borrowing and sharing books with the community in Bali.',
            ],
            button: { label: 'Confirm my email', url },
            footnote: 'The link works for 24 hours. If you did not sign up, ignore this email.',
          }),
        });
        outbox.kick();
      },
    },
    rateLimit: {
      enabled: config.rateLimitEnabled,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 5 },
        '/sign-up/email': { window: 60, max: 5 },
        '/request-password-reset': { window: 60, max: 3 },
        '/send-verification-email': { window: 60, max: 3 },
        '/change-password': { window: 60, max: 5 },
      },
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
}

export type Auth = ReturnType<typeof createAuth>;

/** D12: an existing ADMIN_EMAIL account is promoted at startup. */
export async function promoteConfiguredAdmin(db: Db, adminEmail: string | null): Promise<void> {
  if (!adminEmail) return;
  await db.update(schema.user).set({ role: 'admin' }).where(eq(schema.user.email, adminEmail));
}
