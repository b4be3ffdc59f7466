import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@server/db/client';
import { LOCK_FILE } from '@server/db/data-dir-lock';
import { user } from '@server/db/schema';
import { signUpBody } from '@tests/support/account-fixtures';
import { freePort, type ServerProcess, startServer } from '@tests/support/server-process';

// D40: two processes on one embedded database lost writes (each overwrote the other's files).
// A second server, and the CLI, on a folder a running server holds exit non-zero naming the
// folder and the holder's pid; the first server keeps every write; a crash leaves a stale lock
// that the next start takes over.

const root = join(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'rakbuku-lock-'));
let first: ServerProcess | null = null;
afterAll(async () => {
  await first?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs a TypeScript entry point on `dataDir` and returns its exit code and output. */
async function run(entry: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, entry), ...args], {
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
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  // Without the lock the process would start and serve: it is stopped after a minute.
  const stop = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearTimeout(stop);
  return { code, output };
}

async function signUp(url: string, n: number) {
  const res = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(signUpBody({ email: `lock-${n}@example.com` })),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe('one process per embedded data folder (D40)', () => {
  it('a second server and the CLI refuse to start; the first keeps every write; a stale lock is taken over', {
    timeout: 300_000,
  }, async () => {
    first = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
    const holder = first.child.pid!;
    for (let n = 0; n < 5; n++) await signUp(first.url, n);

    // The second `npm start` on the same folder.
    const second = await run('src/server/main.ts', [], { PORT: String(await freePort()) });
    expect(second.code).not.toBe(0);
    expect(second.output).toContain(
      `The data folder ${dataDir} is in use by another Rakbuku process (pid ${holder})`,
    );
    // Every CLI command that opens the database.
    for (const args of [['migrate'], ['seed'], ['make-admin', 'lock-0@example.com']]) {
      const cli = await run('src/server/cli.ts', args);
      expect(cli.code, args.join(' ')).not.toBe(0);
      expect(cli.output, args.join(' ')).toContain(`(pid ${holder})`);
    }

    // The first server still works and keeps what it is given after the refusals.
    for (let n = 5; n < 10; n++) await signUp(first.url, n);
    await first.kill('SIGTERM');
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);

    // A crash (SIGKILL) leaves the lock behind; the next start takes it over.
    first = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
    await signUp(first.url, 10);
    await first.kill('SIGKILL');
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(true);

    const database = await openDatabase({ databaseUrl: null, dataDir });
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
  });
});
