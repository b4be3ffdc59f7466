import { serve } from '@hono/node-server';
import { loadConfig, startupWarnings } from './config';
import { applyClockOffset } from './lib/clock';
import { DEMO_LOGINS, seedDemo } from './seed/demo';
import { sweepOrphanCovers } from './modules/covers/orphan-sweep-service';
import { createRuntime } from './runtime';
import { DataDirLockedError } from './db/data-dir-lock';

// config -> db -> migrate -> (seed) -> app -> listen; graceful shutdown on SIGINT/SIGTERM.
// The start's own work is timed from here (after the modules have loaded) to listening, and
// logged with the process's age: the start bench reads both (bench/growth-start.ts).
const modulesLoadedAt = performance.now();
const config = loadConfig();
applyClockOffset(config.clockOffsetMs);
const startedAt = new Date();
const runtime = await createRuntime(config).catch((err: unknown) => {
  // D40: another process holds the embedded database; say who, and stop without a stack trace.
  if (err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
});
const { log } = runtime.deps;
for (const warning of startupWarnings(config)) log.error(warning);

// A bucket that cannot be reached stops the start here, not at the first upload.
const { storage } = runtime.deps;
await storage.check();
log.info(`Images are stored in ${storage.location}.`);

// Covers left behind by a process killed mid-upload (see orphan-sweep-service.ts).
const removed = await sweepOrphanCovers(runtime.deps.db, storage, { writtenBefore: startedAt });
if (removed.length > 0) log.warn({ covers: removed.length }, 'removed covers no book or order names');

let seeded = false;
if (config.seedDemo) seeded = await seedDemo(runtime.deps);

const server = serve({ fetch: runtime.app.fetch, port: config.port }, (info) => {
  const now = performance.now();
  log.info(
    { startMs: Math.round(now - modulesLoadedAt), processMs: Math.round(now) },
    `Rakbuku is running at ${config.appUrl} (port ${info.port}, ${runtime.database.kind} database)`,
  );
  if (config.seedDemo) {
    log.info(`Demo data ${seeded ? 'created' : 'already present'}. Demo logins:`);
    for (const login of DEMO_LOGINS) log.info(`  ${login.role.padEnd(8)} ${login.email} / ${login.password}`);
  }
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info(`${signal}: closing`);
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  server.close();
  await runtime.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
