import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSmtpServer } from '@tests/support/smtp';
import { startServer } from '@tests/support/server-process';

// Builds the web app, starts a real SMTP server here (in the test runner) and the real app
// server on a free port with a fresh embedded database and the demo data. Mails that arrive
// are written to E2E_MAIL_DIR for the journeys to read.

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

  // A member with 600 orders, for the journeys that page through My orders.
  const seeded = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'tests/e2e/seed-order-history.ts')],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, DATA_DIR: join(work, 'data'), DATABASE_URL: '' },
    },
  );
  if (seeded.status !== 0) throw new Error('Seeding the order history failed');

  const server = await startServer({
    DATA_DIR: join(work, 'data'),
    WEB_DIST_DIR: distDir,
    SMTP_URL: mailbox.url,
    MAIL_TRANSPORT: 'smtp',
    SEED_DEMO: 'true',
    DATABASE_URL: '',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // Journeys sign in many times from one address; the limits have their own API tests.
    RATE_LIMIT_ENABLED: 'false',
  });
  const baseUrl = server.url;
  // What the server logs (warnings and errors) shows in the journeys' output.
  server.child.stdout?.pipe(process.stdout);
  server.child.stderr?.pipe(process.stderr);
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_WEB_DIST_DIR = distDir; // the production build, for the page-size check

  return async () => {
    await server.kill('SIGTERM');
    await mailbox.close();
    rmSync(work, { recursive: true, force: true });
  };
}
