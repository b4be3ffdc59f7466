import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { getMe } from './service';

export function accountRoutes() {
  // GET /api/me: the signed-in member (or null), which the web app uses for guards and the role.
  return new Hono<AppEnv>().get('/me', async (c) => {
    const user = c.var.user;
    return c.json({ user: user ? await getMe(c.var.deps.db, user.id) : null });
  });
}
