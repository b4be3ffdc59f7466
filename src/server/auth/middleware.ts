import { createMiddleware } from 'hono/factory';
import type { SessionUser } from '@server/app-env';
import { AppError } from '@server/lib/errors';

/** What a handler behind requireUser or requireAdmin sees: a member, never null. */
interface SignedIn {
  Variables: { user: SessionUser; sessionId: string };
}

/** Guests get 401; handlers after this see `c.get('user')` typed as a member (not null). */
export const requireUser = createMiddleware<SignedIn>(async (c, next) => {
  if (!(c.get('user') as SessionUser | null)) throw new AppError('UNAUTHORIZED');
  await next();
});

/** Checked by the server for every admin call (D12); a failed role lookup counts as not admin. */
export const requireAdmin = createMiddleware<SignedIn>(async (c, next) => {
  const user = c.get('user') as SessionUser | null;
  if (!user) throw new AppError('UNAUTHORIZED');
  if (user.role !== 'admin') throw new AppError('ADMIN_ONLY');
  await next();
});
