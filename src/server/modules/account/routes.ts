import { meSchema } from '@domain/api-types';
import {
  changePasswordSchema,
  confirmEmailSchema,
  languageSchema,
  profileSchema,
} from '@domain/schemas/account';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SECONDS, type UiLanguage } from '@domain/ui-language';
import type { AppEnv } from '@server/app-env';
import { AppError } from '@server/lib/errors';
import {
  describeCodes,
  errorBodySchema,
  jsonAnswer,
  jsonBody,
  memberRoute,
  publicRoute,
  router,
  z,
} from '@server/lib/openapi';
import { takeAttempt } from '@server/security/attempt-limit';
import { forgetPasswordGuesses, takePasswordGuess } from '@server/security/password-guesses';
import type { MiddlewareHandler } from 'hono';
import { changePassword, confirmEmail, getMe, saveLanguage, updateProfile } from './service';

/** Like sign-in: 5 attempts a minute, per member and per address. */
const PASSWORD_ATTEMPTS_PER_MINUTE = 5;

const tags = ['Account'];
const done = z.object({ ok: z.literal(true) });
const gone = jsonAnswer(errorBodySchema, 'The member’s account no longer exists');

const me = publicRoute({
  method: 'get',
  path: '/me',
  tags,
  summary: 'The signed-in member, or null for a guest (the web app’s guards and role)',
  responses: { 200: jsonAnswer(z.object({ user: meSchema.nullable() }), 'The member or null'), 404: gone },
});

const confirm = publicRoute({
  method: 'post',
  path: '/account/confirm-email',
  tags,
  summary: 'The confirm page’s button: confirms the emailed token and signs this browser in (Set-Cookie)',
  request: { body: jsonBody(confirmEmailSchema) },
  responses: {
    200: jsonAnswer(done, 'Confirmed; the session cookie is set'),
    400: jsonAnswer(errorBodySchema, `${describeCodes('INVALID_CONFIRMATION_LINK')}, or a malformed request`),
  },
});

/** The cookie that carries the language to the next page's HTML (server/web-app). */
const languageCookie = (lang: UiLanguage) =>
  `${LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;

const profile = memberRoute({
  method: 'patch',
  path: '/profile',
  tags,
  summary: 'Save the profile: name, phone, location, address (spec section 5 rules)',
  request: { body: jsonBody(profileSchema) },
  responses: { 200: jsonAnswer(meSchema, 'The saved profile'), 404: gone },
});

const language = memberRoute({
  method: 'put',
  path: '/profile/language',
  tags,
  summary:
    'Save the language of screens and emails; the language cookie is set too, so the next page starts in it',
  request: { body: jsonBody(languageSchema) },
  responses: { 200: jsonAnswer(languageSchema, 'The saved language'), 404: gone },
});

const password = memberRoute({
  method: 'post',
  path: '/profile/password',
  tags,
  summary: 'Change the password: ends every other session; this browser gets a fresh session cookie',
  request: { body: jsonBody(changePasswordSchema) },
  responses: {
    200: jsonAnswer(done, 'Changed'),
    422: jsonAnswer(errorBodySchema, `Invalid input, or ${describeCodes('INVALID_CURRENT_PASSWORD')}`),
    429: jsonAnswer(errorBodySchema, describeCodes('TOO_MANY_PASSWORD_ATTEMPTS')),
  },
});

// Better Auth's limiter sees only HTTP calls, not this server call: guessing the current
// password is limited here per address, and per account with sign-in's guesses (one count,
// security/password-guesses.ts), every attempt counted before the body is read, so a malformed
// attempt counts too; a right password forgets the account's count. A guest goes on to the 401.
const passwordAttempts: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.get('user');
  const counted = user && c.req.method === 'POST' && c.get('deps').config.rateLimitEnabled;
  if (counted) {
    const db = c.get('deps').db;
    const limit = { max: PASSWORD_ATTEMPTS_PER_MINUTE, windowMs: 60_000, policy: 'password-address' };
    const refused =
      (await takePasswordGuess(db, user.email)) ??
      (await takeAttempt(db, `profile-password:address:${c.get('clientIp')}`, limit));
    if (refused) throw new AppError('TOO_MANY_PASSWORD_ATTEMPTS', refused);
  }
  await next();
  if (counted && c.res.status === 200) await forgetPasswordGuesses(c.get('deps').db, user.email);
};

/** Each new Set-Cookie header of a Better Auth call, passed on to this answer. */
function passCookies(
  c: { header: (name: string, value: string, o: { append: true }) => void },
  headers: Headers,
) {
  for (const cookie of headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
}

export function accountRoutes() {
  const app = router();
  app.use('/profile/password', passwordAttempts);
  return app
    .openapi(me, async (c) => {
      const user = c.get('user');
      return c.json({ user: user ? await getMe(c.get('deps').db, user.id) : null }, 200);
    })
    .openapi(confirm, async (c) => {
      const { token } = c.req.valid('json');
      passCookies(c, await confirmEmail(c.get('deps').auth, { requestHeaders: c.req.raw.headers, token }));
      return c.json({ ok: true as const }, 200);
    })
    .openapi(profile, async (c) => {
      const input = c.req.valid('json');
      return c.json(
        await updateProfile(c.get('deps').db, { actorId: c.get('user').id, profile: input }),
        200,
      );
    })
    .openapi(language, async (c) => {
      const saved = await saveLanguage(c.get('deps').db, {
        actorId: c.get('user').id,
        language: c.req.valid('json').language,
      });
      c.header('set-cookie', languageCookie(saved.language));
      return c.json(saved, 200);
    })
    .openapi(password, async (c) => {
      const { currentPassword, newPassword } = c.req.valid('json');
      const headers = await changePassword(c.get('deps').auth, {
        requestHeaders: c.req.raw.headers,
        currentPassword,
        newPassword,
      });
      // The other sessions are gone; this browser keeps working on the fresh session cookie.
      passCookies(c, headers);
      return c.json({ ok: true as const }, 200);
    });
}

export type AccountApi = ReturnType<typeof accountRoutes>;
