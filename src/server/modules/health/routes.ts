import { Hono } from 'hono';
import type { AppEnv } from '@server/app-env';
import { currentCatalogVersion } from '@server/modules/books/catalog-cache';

/** Health answers within this; a database slower than that is not healthy. */
const HEALTH_TIMEOUT_MS = 3_000;

export function healthRoutes() {
  return new Hono<AppEnv>().get('/health', async (c) => {
    // What every catalog request needs first: the shared catalog-version read (a `select 1` on a
    // fresh connection said ok while the catalog hung behind a stalled read).
    const dbOk = await within(currentCatalogVersion(c.var.deps.db), HEALTH_TIMEOUT_MS);
    return c.json({ status: dbOk ? 'ok' : 'degraded', db: dbOk ? 'ok' : 'down' }, dbOk ? 200 : 503);
  });
}

async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
