import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@server/db/client';
import { LOCK_DIR } from '@server/db/data-dir-lock';
import { user } from '@server/db/schema';
import { signUpBody } from '@tests/support/account-fixtures';
import { type ServerProcess, startServer } from '@tests/support/server-process';

// D40: two processes on one embedded database lost writes (each overwrote the other's files).
// In a container the server is pid 1: the lock that stored a pid let a second container, itself
// pid 1, take the first one's lock as its own leftover, and a book written through it was gone
// after a restart. Here every process runs in its own PID namespace (`unshare --pid --fork`,
// each one pid 1, as in two containers): a second server, and the CLI, on a folder a running
// server holds exit non-zero naming the holder; the first server keeps every write; a crash
// (SIGKILL) blocks the next start for at most about 30 seconds.

const root = join(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'rakbuku-lock-'));
/** Where `unshare` is missing (not Linux, or util-linux absent) the namespaces cannot be made. */
const unshareWorks = spawnSync('unshare', ['--pid', '--fork', 'true']).status === 0;
// --kill-child: when the test kills `unshare`, the server inside dies too (SIGKILL, a crash).
const NAMESPACE = ['unshare', '--pid', '--fork', '--kill-child'];
let first: ServerProcess | null = null;
afterAll(async () => {
  await first?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs a TypeScript entry point in its own PID namespace on `dataDir`; its exit code and output. */
async function run(entry: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(
    NAMESPACE[0],
    [...NAMESPACE.slice(1), process.execPath, '--import', 'tsx', join(root, entry), ...args],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        MAIL_TRANSPORT: 'none',
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: join(root, 'no-web-build'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  // Without the lock the process would start and serve: it is stopped after a minute.
  const stop = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearTimeout(stop);
  return { code, output };
}

/** The server's own process: the child of `unshare`, pid 1 in its namespace. */
function serverPid(server: ServerProcess): number {
  const unsharePid = server.child.pid!;
  return Number(
    readFileSync(`/proc/${unsharePid}/task/${unsharePid}/children`, 'utf8').trim().split(/\s+/)[0],
  );
}

async function signUp(url: string, n: number) {
  const res = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(signUpBody({ email: `lock-${n}@example.com` })),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

async function waitUntil(done: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('one process per embedded data folder, across PID namespaces (D40)', () => {
  it.skipIf(!unshareWorks)(
    'a second server and the CLI in other namespaces refuse; the first keeps every write; a crash blocks a restart at most ~30 s',
    { timeout: 400_000 },
    async () => {
      first = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' }, NAMESPACE);
      for (let n = 0; n < 5; n++) await signUp(first.url, n);
      const holder = 'is in use by another Rakbuku process (pid 1 on ';

      // The second `npm start` on the same folder, pid 1 of another namespace like the first.
      const second = await run('src/server/main.ts', [], { PORT: '0' });
      expect(second.code, second.output).not.toBe(0);
      expect(second.output).toContain(`The data folder ${dataDir} ${holder}`);
      // Every CLI command that opens the database.
      for (const args of [['migrate'], ['seed'], ['make-admin', 'lock-0@example.com']]) {
        const cli = await run('src/server/cli.ts', args);
        expect(cli.code, args.join(' ')).not.toBe(0);
        expect(cli.output, args.join(' ')).toContain(holder);
      }

      // The first server still works and keeps what it is given after the refusals; a clean stop
      // removes the lock.
      for (let n = 5; n < 10; n++) await signUp(first.url, n);
      process.kill(serverPid(first), 'SIGTERM');
      await waitUntil(() => first?.child.exitCode !== null, 30_000);
      expect(existsSync(join(dataDir, LOCK_DIR))).toBe(false);

      // A crash (SIGKILL) leaves the lock behind, unrefreshed; the next start takes it over
      // within the stale time (20 s) and a poll.
      first = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' }, NAMESPACE);
      await signUp(first.url, 10);
      process.kill(serverPid(first), 'SIGKILL');
      await waitUntil(() => first?.child.exitCode !== null, 30_000);
      expect(existsSync(join(dataDir, LOCK_DIR))).toBe(true);

      const crashed = Date.now();
      const database = await openDatabase({ databaseUrl: null, dataDir });
      expect(Date.now() - crashed).toBeLessThan(30_000);
      try {
        const rows = await database.db
          .select({ email: user.email })
          .from(user)
          .where(like(user.email, 'lock-%'));
        expect(rows.map((r) => r.email).sort()).toEqual(
          Array.from({ length: 11 }, (_, n) => `lock-${n}@example.com`).sort(),
        );
      } finally {
        await database.close();
      }
    },
  );
});
