import { jsonAnswer, publicRoute, router, z } from '@server/lib/openapi';
import { currentVersions } from '@server/db/versions';

/** Health answers within this; a database slower than that is not healthy. */
const HEALTH_TIMEOUT_MS = 3_000;

const healthSchema = z.object({ status: z.enum(['ok', 'degraded']), db: z.enum(['ok', 'down']) });

const health = publicRoute({
  method: 'get',
  path: '/health',
  tags: ['Health'],
  summary: 'Whether this instance can serve: the database answers the shared versions read in time',
  responses: {
    200: jsonAnswer(healthSchema, 'Healthy: `{ status: "ok", db: "ok" }`'),
    503: jsonAnswer(
      healthSchema,
      'The database did not answer in time: `{ status: "degraded", db: "down" }`',
    ),
  },
});

export function healthRoutes() {
  return router().openapi(health, async (c) => {
    // What every catalog request needs first: the shared versions read (a `select 1` on a fresh
    // connection said ok while the catalog hung behind a stalled read).
    const dbOk = await within(currentVersions(c.get('deps').db), HEALTH_TIMEOUT_MS);
    if (!dbOk) return c.json({ status: 'degraded', db: 'down' } as const, 503);
    return c.json({ status: 'ok', db: 'ok' } as const, 200);
  });
}

export type HealthApi = ReturnType<typeof healthRoutes>;

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
