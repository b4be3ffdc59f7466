import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// Journeys drive the system Chromium (Playwright downloads no browser here) against the real
// server, built and started by tests/e2e/global-setup.ts on a free port with a fresh data dir.
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromiumPath)) {
  throw new Error(
    `No Chromium at ${chromiumPath}. Install one (Debian: apt-get update && apt-get install -y chromium) or set CHROMIUM_PATH.`,
  );
}

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  // Journeys share one server and its demo data: one at a time keeps them independent of timing.
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // The built app registers a service worker (src/web/sw.ts) that keeps pages and a member's
    // reads: the journeys see the server's answers as they are, and the service worker has its
    // own journey (tests/e2e/pwa.spec.ts), which allows it.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { viewport: { width: 1280, height: 900 } } }],
});
