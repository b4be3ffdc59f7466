import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { openDatabase } from '@server/db/client';
import { seedDemo } from '@server/seed/demo';
import { createDiskStorage } from '@server/lib/storage';
import { freePort } from '@tests/support/server-process';
import { startBenchServer, waitUntilUp } from './bench-server';

// `npm run bench -- web`: what a phone on a slow network sees (docs/performance.md). The production build
// on the real server (PGlite with the demo data), loaded by Chromium with a cold cache, slow 4G
// (Lighthouse's figures: 562.5 ms round trip, 1.47 Mbit/s down, 675 kbit/s up) and the CPU
// slowed 4x, through the DevTools protocol. Reports the Largest Contentful Paint and the time
// until the first book card shows, median of RUNS loads per page.

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PAGES = ['/', '/books'];
const TARGETS: Record<string, { lcpMs?: number; firstCardMs?: number }> = {
  '/': { lcpMs: 3500 },
  '/books': { firstCardMs: 4500 },
};
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Records the LCP and the first book card's appearance in the page itself. */
const OBSERVE = `
  window.__lcp = 0; window.__firstCard = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const seen = () => {
    if (!window.__firstCard && document.querySelector('article a[href^="/books/"] img')) {
      window.__firstCard = performance.now();
    }
  };
  new MutationObserver(seen).observe(document, { childList: true, subtree: true });
`;

export async function run(_args: string[]): Promise<void> {
  const dist = mkdtempSync(join(tmpdir(), 'rakbuku-web-dist-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'rakbuku-web-data-'));
  try {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
      stdio: 'inherit',
      env: { ...process.env, WEB_DIST_DIR: dist },
    });
    const database = await openDatabase({ databaseUrl: null, dataDir });
    await database.migrate();
    await seedDemo({ db: database.db, storage: createDiskStorage(join(dataDir, 'uploads')) });
    await database.close();

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = startBenchServer(port, { DATA_DIR: dataDir, WEB_DIST_DIR: dist });
    try {
      await waitUntilUp(base, server);
      const browser = await chromium.launch({ executablePath: CHROMIUM });
      try {
        const rows: string[] = [];
        for (const path of PAGES) {
          const lcps: number[] = [];
          const cards: number[] = [];
          const loads: number[] = [];
          for (let i = 0; i < RUNS; i++) {
            const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
            const page = await context.newPage();
            const cdp = await context.newCDPSession(page);
            await cdp.send('Network.enable');
            await cdp.send('Network.emulateNetworkConditions', {
              offline: false,
              latency: 562.5,
              downloadThroughput: (1474.56 * 1024) / 8,
              uploadThroughput: (675 * 1024) / 8,
            });
            await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
            await page.addInitScript(OBSERVE);
            // BENCH_TRACE=1: the first load's requests, as "start ms after navigation +duration size path".
            const started = Date.now();
            const trace: string[] = [];
            if (process.env.BENCH_TRACE && i === 0) {
              page.on('requestfinished', async (request) => {
                const timing = request.timing();
                const bytes = (await request.sizes().catch(() => null))?.responseBodySize ?? 0;
                const start = String(Math.round(timing.startTime - started)).padStart(6);
                trace.push(
                  `${start} +${Math.round(timing.responseEnd)} ${bytes}B ${request.url().replace(base, '')}`,
                );
              });
            }
            await page.goto(`${base}${path}`, { waitUntil: 'load', timeout: 120_000 });
            await page.waitForFunction(
              () => (window as unknown as { __firstCard: number }).__firstCard > 0,
              null,
              {
                timeout: 120_000,
              },
            );
            await page.waitForTimeout(1000); // a later, larger paint would still count as the LCP
            const m = await page.evaluate(() => {
              const w = window as unknown as { __lcp: number; __firstCard: number };
              return { lcp: w.__lcp, card: w.__firstCard };
            });
            if (trace.length) console.log(trace.join('\n'));
            lcps.push(m.lcp);
            cards.push(m.card);
            loads.push(loadavg()[0]);
            await context.close();
          }
          const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
          const lcp = median(lcps);
          const card = median(cards);
          const t = TARGETS[path];
          const met =
            (t.lcpMs === undefined || lcp < t.lcpMs) && (t.firstCardMs === undefined || card < t.firstCardMs);
          const target = [
            t.lcpMs ? `LCP < ${t.lcpMs} ms` : '',
            t.firstCardMs ? `first card < ${t.firstCardMs} ms` : '',
          ]
            .filter(Boolean)
            .join(', ');
          rows.push(
            `| \`${path}\` | ${Math.round(lcp)} | ${Math.round(card)} | ${loads.map((l) => l.toFixed(1)).join(', ')} | ${target}: ${met ? 'met' : 'MISSED'} |`,
          );
          console.log(
            `  ${path}: LCP ${lcps.map(Math.round).join(', ')} ms; first card ${cards.map(Math.round).join(', ')} ms`,
          );
        }
        console.log(
          `\n| page | LCP ms (median of ${RUNS}) | first book card ms | load average | target |\n|---|---:|---:|---|---|\n${rows.join('\n')}`,
        );
      } finally {
        await browser.close();
      }
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
  } finally {
    rmSync(dist, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}
