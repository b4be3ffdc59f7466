import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';

export function checkoutRoutes() {
  return new Hono<AppEnv>();
}
