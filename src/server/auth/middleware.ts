import { createMiddleware } from 'hono/factory';
import { MSG } from '@domain/messages';
import type { AppEnv } from '@server/app-env';
import { forbidden, unauthorized } from '@server/lib/errors';

/** Guests get 401; handlers after this can rely on c.var.user. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.user) throw unauthorized();
  await next();
});

/** Checked by the server for every admin call (D12); a failed role lookup counts as not admin. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.user) throw unauthorized();
  if (c.var.user.role !== 'admin') throw forbidden(MSG.adminOnly, 'ADMIN_ONLY');
  await next();
});
