import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';

export function cartRoutes() {
  return new Hono<AppEnv>();
}
