import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { checkDatabase } from '../../db/client';

export function healthRoutes() {
  return new Hono<AppEnv>().get('/health', async (c) => {
    const dbOk = await checkDatabase(c.var.deps.db);
    return c.json({ status: dbOk ? 'ok' : 'degraded', db: dbOk ? 'ok' : 'down' }, dbOk ? 200 : 503);
  });
}
