import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';

export function adminRoutes() {
  return new Hono<AppEnv>();
}
