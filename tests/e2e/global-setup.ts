import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSmtpServer } from '../../src/server/testing/smtp';

// Builds the web app, starts a real SMTP server here (in the test runner) and the real app
// server on a free port with a fresh embedded database and the demo data. Mails that arrive
// are written to E2E_MAIL_DIR for the journeys to read.

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not answer ${url}/api/health in time`);
}

export default async function globalSetup() {
  const root = join(import.meta.dirname, '../..');
  const work = mkdtempSync(join(tmpdir(), 'rakbuku-e2e-'));
  const distDir = join(work, 'web');
  const mailDir = join(work, 'mail-received');
  mkdirSync(mailDir, { recursive: true });

  const build = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, WEB_DIST_DIR: distDir },
    },
  );
  if (build.status !== 0) throw new Error('The web build failed');

  const mailbox = await startSmtpServer();
  const originalPush = mailbox.messages.push.bind(mailbox.messages);
  let n = 0;
  mailbox.messages.push = (...mails) => {
    for (const mail of mails)
      writeFileSync(join(mailDir, `${String(++n).padStart(5, '0')}.json`), JSON.stringify(mail));
    return originalPush(...mails);
  };

  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/server/main.ts')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      APP_URL: baseUrl,
      DATA_DIR: join(work, 'data'),
      WEB_DIST_DIR: distDir,
      SMTP_URL: mailbox.url,
      SEED_DEMO: 'true',
      DATABASE_URL: '',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      // Journeys sign in many times from one address; the limits have their own API tests.
      RATE_LIMIT_ENABLED: 'false',
    },
  });
  await waitForHealth(baseUrl, server, 120_000);
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_WEB_DIST_DIR = distDir; // the production build, for the page-size check

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await mailbox.close();
    rmSync(work, { recursive: true, force: true });
  };
}
