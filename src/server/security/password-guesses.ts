import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '@server/app-env';
import type { DbOrTx } from '@server/db/client';
import { now } from '@server/lib/clock';
import { AppError } from '@server/lib/errors';
import { forgetAttempts, type Refused, takeAttempt } from './attempt-limit';

// Password guesses per account (docs/security.md): sign-in was limited per address only, so one
// member's password took 5 guesses a minute from each address and 5 more on the profile's
// password change. Every route that checks a password counts here under the account's email,
// whatever the address: at most PASSWORD_GUESSES_PER_MINUTE a minute. The attempt is counted
// before the password is checked, so parallel guesses cannot pass the count together; a right
// password forgets the count, so the owner is never held longer than the window.

const PASSWORD_GUESSES_PER_MINUTE = 5;
const WINDOW_MS = 60_000;

const accountKey = (email: string) => `password-guess:account:${email.trim().toLowerCase()}`;

/** Counts a password attempt on the account of `email`; null while within the limit. */
export function takePasswordGuess(db: DbOrTx, email: string): Promise<Refused | null> {
  return takeAttempt(
    db,
    accountKey(email),
    { max: PASSWORD_GUESSES_PER_MINUTE, windowMs: WINDOW_MS },
    now().getTime(),
  );
}

/** The account's password was right: its count starts again. */
export function forgetPasswordGuesses(db: DbOrTx, email: string): Promise<void> {
  return forgetAttempts(db, accountKey(email));
}

/**
 * On Better Auth's sign-in (app.ts): the account's count before Better Auth checks the password
 * (and its own limit per address), forgotten after a successful sign-in. Better Auth's own 429
 * says when to try again in `X-Retry-After`; it gets the standard `Retry-After` too.
 */
export const limitSignInGuesses: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { db, config } = c.var.deps;
  const body = (await c.req.raw
    .clone()
    .json()
    .catch(() => null)) as { email?: unknown } | null;
  const email = typeof body?.email === 'string' ? body.email : null;
  if (config.rateLimitEnabled && email) {
    const refused = await takePasswordGuess(db, email);
    if (refused)
      throw new AppError('TOO_MANY_PASSWORD_ATTEMPTS', { retryAfterSeconds: refused.retryAfterSeconds });
  }
  await next();
  if (email && c.res.status === 200) await forgetPasswordGuesses(db, email);
  const wait = c.res.headers.get('x-retry-after');
  if (c.res.status === 429 && wait && !c.res.headers.has('retry-after')) {
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set('Retry-After', wait);
  }
};
