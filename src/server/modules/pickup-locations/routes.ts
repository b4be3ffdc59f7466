import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';

export function pickupLocationsRoutes() {
  return new Hono<AppEnv>();
}
