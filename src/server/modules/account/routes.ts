import { Hono } from 'hono';
import { MSG } from '@domain/messages';
import { changePasswordSchema, confirmEmailSchema, profileSchema } from '@domain/schemas/account';
import type { AppEnv } from '@server/app-env';
import { CLIENT_IP_HEADER } from '@server/auth/auth';
import { requireUser } from '@server/auth/middleware';
import { AppError } from '@server/lib/errors';
import { parseJson } from '@server/lib/validate';
import { takeAttempt } from '@server/security/attempt-limit';
import { changePassword, confirmEmail, getMe, updateProfile } from './service';

/** Like sign-in: 5 attempts a minute, per member and per address. */
export const PASSWORD_ATTEMPTS_PER_MINUTE = 5;

export function accountRoutes() {
  return (
    new Hono<AppEnv>()
      // GET /api/me: the signed-in member (or null), which the web app uses for guards and the role.
      .get('/me', async (c) => {
        const user = c.var.user;
        return c.json({ user: user ? await getMe(c.var.deps.db, user.id) : null });
      })
      // The confirm page's button (issue 10): our cross-site check makes it a click on our page.
      .post('/account/confirm-email', async (c) => {
        const { token } = await parseJson(c, confirmEmailSchema);
        const headers = await confirmEmail(c.var.deps.auth, { requestHeaders: c.req.raw.headers, token });
        for (const cookie of headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
        return c.json({ ok: true });
      })
      .patch('/profile', requireUser, async (c) => {
        const profile = await parseJson(c, profileSchema);
        return c.json(await updateProfile(c.var.deps.db, { actorId: c.var.user!.id, profile }));
      })
      .post('/profile/password', requireUser, async (c) => {
        // Better Auth's limiter sees only HTTP calls, not this server call: guessing the current
        // password is limited here like sign-in, per member and per address, every attempt counted.
        if (c.var.deps.config.rateLimitEnabled) {
          const db = c.var.deps.db;
          const limit = { max: PASSWORD_ATTEMPTS_PER_MINUTE, windowMs: 60_000 };
          const byMember = await takeAttempt(db, `profile-password:member:${c.var.user!.id}`, limit);
          const byAddress = await takeAttempt(
            db,
            `profile-password:address:${c.req.header(CLIENT_IP_HEADER)}`,
            limit,
          );
          if (!byMember || !byAddress) {
            throw new AppError('TOO_MANY_REQUESTS', MSG.tooManyPasswordAttempts, 429);
          }
        }
        const body = await parseJson(c, changePasswordSchema);
        const headers = await changePassword(c.var.deps.auth, {
          requestHeaders: c.req.raw.headers,
          currentPassword: body.currentPassword,
          newPassword: body.newPassword,
        });
        // The other sessions are gone; this browser keeps working on the fresh session cookie.
        for (const cookie of headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
        return c.json({ ok: true });
      })
  );
}
