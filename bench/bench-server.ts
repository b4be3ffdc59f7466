import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The bench server (bench/server.ts: the real app plus bench-only routes) as a child process in
// production mode, so the load generator in this process never shares its event loop.

export function startBenchServer(port: number, env: Record<string, string>): ChildProcess {
  return spawn(
    process.execPath,
    [
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : []),
      // POST /api/bench/gc runs a full collection before the load bench reads the memory.
      '--expose-gc',
      '--import',
      'tsx',
      'bench/server.ts',
    ],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        APP_URL: `http://127.0.0.1:${port}`,
        AUTH_SECRET: randomBytes(32).toString('hex'),
        SEED_DEMO: 'false',
        EMAIL_WORKER: 'false',
        MAIL_TRANSPORT: 'none',
        LOG_LEVEL: 'warn',
        DATA_DIR: env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'rakbuku-bench-data-')),
        ...env,
      },
    },
  );
}

/** Resolves once the server answers its health check (two minutes at most). */
export async function waitUntilUp(base: string, server: ChildProcess): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if (server.exitCode !== null) throw new Error('bench server exited');
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('bench server did not start');
}
