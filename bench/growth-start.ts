import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { freePort } from '@tests/support/server-process';
import { waitUntilUp } from './bench-server';
import { GROWTH_ADMIN } from './growth-seed';

// `npm run bench -- growth start [sizes] [pglite]` (docs/performance.md, "Start-up"): how long the
// real server (src/server/main.ts, as `npm start` runs it) takes from its spawn to its first
// healthy answer on a grown database, on PostgreSQL and, with `pglite`, on the embedded
// database. Three starts each: a first one at one fee (its recount, if any, is waited for), a
// start at another fee (the balances' recount runs in the background: measured from the answer
// of the start until the Payouts tab answers 200 again) and a warm start at the same fee.

const FIRST_FEE = 12;
const CHANGED_FEE = 11;
/** What each start must stay under on 1M orders. */
const START_TARGET_MS = 5_000;

export interface StartResult {
  label: string;
  database: string;
  changed: Start;
  warm: Start;
  load: number;
}

function spawnMain(port: number, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: 'false',
      EMAIL_WORKER: 'false',
      MAIL_TRANSPORT: 'none',
      LOG_LEVEL: 'info',
      ...env,
    },
  });
}

async function stop(server: ChildProcess) {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

async function adminCookie(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: GROWTH_ADMIN.email, password: GROWTH_ADMIN.password }),
  });
  if (!res.ok) throw new Error(`admin sign-in answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Polls the Payouts tab (503 BALANCES_RECOUNTING while the recount runs) until it answers 200. */
async function recountDone(base: string, cookie: string): Promise<void> {
  for (;;) {
    const res = await fetch(`${base}/api/admin/payouts`, { headers: { cookie, origin: base } });
    await res.arrayBuffer();
    if (res.status === 200) return;
    if (res.status !== 503) throw new Error(`the Payouts tab answered ${res.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Start {
  /** Spawn to the first healthy answer. */
  startMs: number;
  /** The server's own work, from its modules loaded to listening (its log line). */
  serverMs: number;
  /** The process's age when it listened: module loading (tsx) plus serverMs. */
  processMs: number;
  recountMs: number;
}

/** One start at `fee`: milliseconds from spawn to the first healthy answer, and the recount's. */
async function start(env: Record<string, string>, fee: number): Promise<Start> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const spawned = performance.now();
  const server = spawnMain(port, { ...env, SERVICE_FEE_PERCENT: String(fee) });
  const ready = new Promise<{ startMs: number; processMs: number }>((resolve) => {
    let buffered = '';
    server.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (line.includes('Rakbuku is running'))
          resolve(JSON.parse(line) as { startMs: number; processMs: number });
        else if (line.trim()) console.log(line);
      }
    });
  });
  try {
    await waitUntilUp(base, server);
    const startMs = performance.now() - spawned;
    const logged = await ready;
    const up = performance.now();
    await recountDone(base, await adminCookie(base));
    return {
      startMs,
      serverMs: logged.startMs,
      processMs: logged.processMs,
      recountMs: performance.now() - up,
    };
  } finally {
    await stop(server);
  }
}

export async function measureStarts(
  label: string,
  database: string,
  env: Record<string, string>,
): Promise<StartResult> {
  if (env.DATA_DIR) mkdirSync(env.DATA_DIR, { recursive: true });
  await start(env, FIRST_FEE);
  const changed = await start(env, CHANGED_FEE);
  const warm = await start(env, CHANGED_FEE);
  const result = { label, database, changed, warm, load: loadavg()[0] };
  console.log(
    `  ${label} on ${database}: start after a fee change ${Math.round(changed.startMs)} ms (server ${changed.serverMs} ms; recount in the background ${Math.round(changed.recountMs)} ms), warm start ${Math.round(warm.startMs)} ms (server ${warm.serverMs} ms)`,
  );
  return result;
}

export function startReport(results: StartResult[]): string {
  const ms = (n: number) => String(Math.round(n));
  const lines = [
    `| size | database | after a fee change: spawn to healthy / server's own ms | its background recount ms | warm: spawn to healthy / server's own ms | load (1 min) | target (the server's own start < ${START_TARGET_MS} ms) |`,
    '|---|---|---:|---:|---:|---:|---|',
  ];
  for (const r of results) {
    const met = r.changed.serverMs < START_TARGET_MS && r.warm.serverMs < START_TARGET_MS;
    lines.push(
      `| ${r.label} | ${r.database} | ${ms(r.changed.startMs)} / ${r.changed.serverMs} | ${ms(r.changed.recountMs)} | ${ms(r.warm.startMs)} / ${r.warm.serverMs} | ${r.load.toFixed(1)} | ${met ? 'met' : 'MISSED'} |`,
    );
  }
  return lines.join('\n');
}
