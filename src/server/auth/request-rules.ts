import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { z } from 'zod';
import {
  forgotPasswordSchema,
  newPasswordRequestSchema,
  signInSchema,
  signUpRequestSchema,
} from '@domain/schemas/account';
import { validationError } from '@server/lib/validate';

// Better Auth's own checks use its own words; the spec's rules (section 5) are enforced here,
// before its endpoints run, so a broken rule answers 422 with the spec's exact message and
// creates nothing. The body keeps the parsed (trimmed, lower-cased email) values.

function refuse(error: z.ZodError): never {
  const { message, fields, fieldCodes } = validationError(error);
  throw new APIError('UNPROCESSABLE_ENTITY', { code: 'VALIDATION_FAILED', message, fields, fieldCodes });
}

/** `body` itself, holding exactly the parsed fields (the keys the schema names) afterwards. */
function onlyParsed(body: Record<string, unknown>, parsed: Record<string, unknown>) {
  for (const key of Object.keys(body)) delete body[key];
  return Object.assign(body, parsed);
}

export const accountRequestRules = createAuthMiddleware(async (ctx) => {
  // Over HTTP only the endpoints in served-endpoints.ts reach Better Auth (app.ts): the admin
  // plugin's, update-user (spec 5's profile rules), GET /verify-email (login CSRF) and the
  // rest are closed there; these rules run for those and for the server's own calls.
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  switch (ctx.path) {
    case '/sign-up/email': {
      const parsed = signUpRequestSchema.safeParse(body);
      if (!parsed.success) refuse(parsed.error);
      // Only the fields a member may set reach Better Auth (never a role, a verified flag or an
      // image URL: avatars come only from our own pages). Better Auth merges a hook's body over
      // the request's, so the request's own object is emptied first, or extra keys survive.
      return { context: { body: onlyParsed(body, parsed.data) } };
    }
    case '/sign-in/email': {
      const parsed = signInSchema.safeParse(body);
      if (!parsed.success) refuse(parsed.error);
      return { context: { body: { ...body, email: parsed.data.email } } };
    }
    case '/request-password-reset':
    case '/send-verification-email': {
      const parsed = forgotPasswordSchema.safeParse(body);
      if (!parsed.success) refuse(parsed.error);
      return { context: { body: { ...body, email: parsed.data.email } } };
    }
    case '/reset-password':
    case '/change-password': {
      const parsed = newPasswordRequestSchema.safeParse(body);
      if (!parsed.success) refuse(parsed.error);
      if (ctx.path === '/reset-password') return;
      // D11: a changed password always ends the member's other sessions.
      return { context: { body: { ...body, revokeOtherSessions: true } } };
    }
  }
});

/**
 * The one answer of a sign-up that passed the rules, whether the email was new or already had an
 * account (D10): Better Auth's own answer differs (a stored user with its role for a new email, a
 * synthetic one with `role: null` for a taken one), which told the two apart.
 */
const SIGN_UP_ANSWER = { ok: true } as const;

/**
 * After Better Auth answered: a sign-up gets SIGN_UP_ANSWER, and after a successful password
 * change, however it was called, the member gets a notice.
 */
export function accountAnswerRules(
  onPasswordChanged: (user: { email: string; name: string; language?: string | null }) => Promise<void>,
) {
  return createAuthMiddleware(async (ctx) => {
    const returned = ctx.context.returned as
      | { user?: { email: string; name: string; language?: string | null }; token?: unknown }
      | undefined;
    if (!returned || returned instanceof Error) return;
    if (ctx.path === '/sign-up/email') return ctx.json(SIGN_UP_ANSWER);
    // The session token lives in the httpOnly cookie only: page scripts never see it.
    if (ctx.path === '/sign-in/email' && 'token' in returned) {
      const { token: _token, ...answer } = returned;
      return ctx.json(answer);
    }
    if (ctx.path !== '/change-password' || !returned.user) return;
    await onPasswordChanged(returned.user);
  });
}
