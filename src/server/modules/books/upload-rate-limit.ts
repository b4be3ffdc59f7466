import { createMiddleware } from 'hono/factory';
import type { AppDeps, SessionUser } from '@server/app-env';
import type { requireUser } from '@server/auth/middleware';
import type { DbOrTx } from '@server/db/client';
import { AppError } from '@server/lib/errors';
import { uploadBodyLimit } from '@server/lib/upload-body-limit';
import { type Refused, takeAttempt } from '@server/security/attempt-limit';

// Uploads cost CPU (re-encoding) and disk, so each member gets a budget per hour. The counter
// lives in the database (Better Auth's rate_limit table, our own key prefix), so every
// instance shares it. Every attempt counts, valid or not.

export const UPLOADS_PER_HOUR = 30;
const WINDOW_MS = 60 * 60 * 1000;

/** Counts one attempt; null while the member is within the budget, else when to try again. */
async function takeUploadAttempt(db: DbOrTx, memberId: string, now = Date.now()): Promise<Refused | null> {
  return takeAttempt(
    db,
    `book-upload:${memberId}`,
    { max: UPLOADS_PER_HOUR, windowMs: WINDOW_MS, policy: 'uploads' },
    now,
  );
}

type SignedInEnv = { Variables: { deps: AppDeps; user: SessionUser } };

/**
 * Runs after requireUser (the route's first middleware): the member's hourly upload budget,
 * then the body limit, both before the form is read.
 */
export function uploadLimitsOf(maxBytes: number, tooLarge: () => AppError) {
  const limitBody = uploadBodyLimit<SignedInEnv>(maxBytes, tooLarge);
  return createMiddleware<SignedInEnv>(async (c, next) => {
    const { db, config } = c.get('deps');
    const refused = config.rateLimitEnabled ? await takeUploadAttempt(db, c.get('user').id) : null;
    if (refused) throw new AppError('TOO_MANY_UPLOADS', refused);
    await limitBody(c, next);
  });
}

type UploadLimits = ReturnType<typeof uploadLimitsOf>;

/** The same declared route, with the upload limits after the sign-in check. */
export const withUploadLimits = <R extends { middleware: [typeof requireUser] }>(
  route: R,
  limits: UploadLimits,
): Omit<R, 'middleware'> & { middleware: [typeof requireUser, UploadLimits] } => ({
  ...route,
  middleware: [route.middleware[0], limits],
});
