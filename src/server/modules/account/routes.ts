import { Hono } from 'hono';
import { changePasswordSchema, profileSchema } from '../../../domain/schemas/account';
import type { AppEnv } from '../../app-env';
import { requireUser } from '../../auth/middleware';
import { parseJson } from '../../lib/validate';
import { changePassword, getMe, updateProfile } from './service';

export function accountRoutes() {
  return (
    new Hono<AppEnv>()
      // GET /api/me: the signed-in member (or null), which the web app uses for guards and the role.
      .get('/me', async (c) => {
        const user = c.var.user;
        return c.json({ user: user ? await getMe(c.var.deps.db, user.id) : null });
      })
      .patch('/profile', requireUser, async (c) => {
        const profile = await parseJson(c, profileSchema);
        return c.json(await updateProfile(c.var.deps.db, { actorId: c.var.user!.id, profile }));
      })
      .post('/profile/password', requireUser, async (c) => {
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
