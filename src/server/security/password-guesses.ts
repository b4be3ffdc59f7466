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
    { max: PASSWORD_GUESSES_PER_MINUTE, windowMs: WINDOW_MS, policy: 'password-account' },
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
 * gets `Retry-After` and the rate-limit fields where its answer is put in our envelope
 * (auth/answer-envelope.ts).
 */
export const limitSignInGuesses: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { db, config } = c.get('deps');
  const body = (await c.req.raw
    .clone()
    .json()
    .catch(() => null)) as { email?: unknown } | null;
  const email = typeof body?.email === 'string' ? body.email : null;
  if (config.rateLimitEnabled && email) {
    const refused = await takePasswordGuess(db, email);
    if (refused) throw new AppError('TOO_MANY_PASSWORD_ATTEMPTS', refused);
  }
  await next();
  if (email && c.res.status === 200) await forgetPasswordGuesses(db, email);
};
