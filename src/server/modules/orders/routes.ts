import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';

export function ordersRoutes() {
  return new Hono<AppEnv>();
}
