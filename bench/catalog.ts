import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '@server/db/client';
import { freePort } from '@tests/support/server-process';
import { startBenchServer, waitUntilUp } from './bench-server';
import { seedCatalog } from './catalog-seed';
import { createUser } from '@server/seed/factories';

// `npm run bench -- catalog`: the catalog endpoint at 100,000 books (docs/performance.md).
// Seeds PostgreSQL (a database created on BENCH_DATABASE_URL / DATABASE_URL's server, or the
// local one, and dropped afterwards) and PGlite, starts bench/server.ts as a child process and
// loads it with autocannon from this process at 20 connections, asking as a browser does (gzip
// accepted; one row asks as a client that does not).

const BOOKS = Number(process.env.BENCH_BOOKS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 20;
const TARGET = { shareOfCeiling: 0.05, p99Ms: 50, maxBytes: 40 * 1024 };

interface Scenario {
  name: string;
  path: string;
  signedIn?: boolean;
  /** A client that does not accept gzip (curl, a script); a browser always does. */
  uncompressed?: boolean;
}

const SCENARIOS: Scenario[] = [
  { name: 'newest, page 1', path: '/api/books' },
  { name: 'title search "garden"', path: '/api/books?q=garden' },
  { name: 'Adult + Good, price low-high', path: '/api/books?category=Adult&condition=Good&sort=price-low' },
  // Page numbers stop at 50 (D17); deeper pages go by cursor (bench/catalog-depth.ts).
  { name: 'newest, page 50', path: '/api/books?page=50' },
  { name: 'newest, page 1, to a client that does not accept gzip', path: '/api/books', uncompressed: true },
];
/** The same requests from a signed-in member (their session found in the session cache). */
const SIGNED_IN: Scenario[] = [
  { name: 'signed in: newest, page 1', path: '/api/books', signedIn: true },
  { name: 'signed in: title search "garden"', path: '/api/books?q=garden', signedIn: true },
];
const MEMBER_PASSWORD = 'bench-member-1';
let memberEmail = '';
const CEILING = { name: 'constant route (ceiling)', path: '/api/bench/constant' };
const BASELINE = '/api/bench/all-books';

interface Row {
  name: string;
  /** One request right after a write to a book the page does not show, median of 5. */
  afterWriteMs: number;
  /** One request with nothing cached, median of 5. */
  coldMs: number;
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
  /** What went over the wire per answer (the gzip a browser gets). */
  sentBytes: number;
  errors: number;
}

interface Report {
  database: string;
  ceiling: Row;
  /** The machine's 1-minute load average while this database was measured (2 cores here). */
  load: number[];
  rows: Row[];
  baseline: { bytes: number; ms: number; books: number };
}

export async function run(_args: string[]): Promise<void> {
  const started = Date.now();
  const reports: Report[] = [];

  const serverUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `rakbuku_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const benchUrl = new URL(serverUrl);
  benchUrl.pathname = `/${name}`;
  try {
    await seed('PostgreSQL', benchUrl.toString(), undefined);
    reports.push(await measure('PostgreSQL', { DATABASE_URL: benchUrl.toString() }));
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'rakbuku-bench-'));
  try {
    await seed('PGlite', null, dataDir);
    reports.push(await measure('PGlite', { DATA_DIR: dataDir }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  console.log(`\n${markdown(reports)}`);
  console.log(
    `\n(${BOOKS.toLocaleString('en')} books, ${CONNECTIONS} connections, ${SECONDS} s per row, total ${Math.round((Date.now() - started) / 1000)} s)`,
  );
}

async function seed(label: string, databaseUrl: string | null, dataDir: string | undefined) {
  const t = Date.now();
  const database = await openDatabase({ databaseUrl, dataDir });
  await database.migrate();
  await seedCatalog(database.db, BOOKS);
  memberEmail = (await createUser(database.db, { password: MEMBER_PASSWORD })).email;
  await database.close();
  console.log(
    `${label}: seeded ${BOOKS.toLocaleString('en')} books in ${((Date.now() - t) / 1000).toFixed(1)} s`,
  );
}

async function measure(database: string, env: Record<string, string>): Promise<Report> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startBenchServer(port, env);
  try {
    await waitUntilUp(base, server);
    // The ceiling is measured before and after the catalog rows and averaged: on a shared
    // machine the load moves, and one lucky or unlucky sample would skew every percentage.
    const loads = [loadavg()[0]];
    const before = await load(base, CEILING);
    const rows: Row[] = [];
    const cookie = await signIn(base);
    for (const scenario of [...SCENARIOS, ...SIGNED_IN]) {
      rows.push(await load(base, scenario, 'signedIn' in scenario ? cookie : undefined));
      loads.push(loadavg()[0]);
    }
    const after = await load(base, CEILING);
    const ceiling = { ...before, rps: (before.rps + after.rps) / 2, p99: Math.max(before.p99, after.p99) };
    const baseline = await measureBaseline(base);
    return { database, ceiling, rows, baseline, load: loads };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: memberEmail, password: MEMBER_PASSWORD }),
  });
  if (!res.ok) throw new Error(`bench sign-in answered ${res.status}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const me = (await (await fetch(`${base}/api/me`, { headers: { cookie } })).json()) as { user: unknown };
  if (!me.user) throw new Error('bench member is not signed in');
  return cookie;
}

/** What a browser sends: every one accepts gzip, so a cached page goes out as its kept gzip. */
const BROWSER_ENCODINGS = 'gzip, deflate, br';

async function load(base: string, scenario: Scenario, cookie?: string): Promise<Row> {
  const url = `${base}${scenario.path}`;
  const headers: Record<string, string> = {
    ...(cookie ? { cookie } : {}),
    'accept-encoding': scenario.uncompressed ? 'identity' : BROWSER_ENCODINGS,
  };
  // One plain request: the body's size uncompressed, and a check that it answers at all.
  const res = await fetch(url, { headers: { ...headers, 'accept-encoding': 'identity' } });
  const sent = await fetch(url, { headers }).then(async (r) => Number(r.headers.get('content-length') ?? 0));
  const body = await res.arrayBuffer();
  if (!res.ok) throw new Error(`${scenario.path} answered ${res.status}`);
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 1 }); // warm-up: JIT, caches, pool
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  const row = {
    name: scenario.name,
    afterWriteMs: scenario === CEILING ? 0 : await requestAfter(base, '/api/bench/touch', url, headers),
    coldMs: scenario === CEILING ? 0 : await requestAfter(base, '/api/bench/drop-cache', url, headers),
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: body.byteLength,
    sentBytes: sent,
    errors: result.errors + result.timeouts + result.non2xx,
  };
  console.log(
    `  ${scenario.name}: ${Math.round(row.rps)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.bytes} B (${row.sentBytes} sent), after an unrelated write ${row.afterWriteMs} ms, nothing cached ${row.coldMs} ms`,
  );
  return row;
}

async function requestAfter(
  base: string,
  before: string,
  url: string,
  headers: Record<string, string>,
): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    await fetch(`${base}${before}`, { method: 'POST' });
    const t = performance.now();
    await (await fetch(url, { headers })).arrayBuffer();
    times.push(performance.now() - t);
  }
  return Math.round(times.sort((a, b) => a - b)[2] * 10) / 10;
}

/** The spec's first version: one request for every available book, filtered in the browser. */
async function measureBaseline(base: string) {
  const times: number[] = [];
  let bytes = 0;
  let books = 0;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const res = await fetch(`${base}${BASELINE}`, { headers: { 'accept-encoding': 'identity' } });
    const text = await res.text();
    times.push(performance.now() - t);
    bytes = Buffer.byteLength(text);
    books = (JSON.parse(text) as unknown[]).length;
  }
  times.sort((a, b) => a - b);
  return { bytes, ms: times[1], books };
}

function markdown(reports: Report[]): string {
  const lines: string[] = [];
  for (const r of reports) {
    const load = r.load.map((l) => l.toFixed(1)).join(', ');
    lines.push(`#### ${r.database} (load average during the rows: ${load})`, '');
    lines.push(
      '| request | req/s | % of ceiling | p50 ms | p99 ms | bytes/response (sent) | after an unrelated write, ms | nothing cached, ms | target |',
    );
    lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---|');
    const c = r.ceiling;
    lines.push(
      `| ${c.name} | ${Math.round(c.rps)} (mean of before and after) | 100% | ${c.p50} | ${c.p99} | ${c.bytes} (${c.sentBytes}) | | | |`,
    );
    for (const row of r.rows) {
      const share = row.rps / c.rps;
      const ok =
        share >= TARGET.shareOfCeiling &&
        row.p99 <= TARGET.p99Ms &&
        row.bytes <= TARGET.maxBytes &&
        row.errors === 0;
      lines.push(
        `| ${row.name} | ${Math.round(row.rps)} | ${(share * 100).toFixed(1)}% | ${row.p50} | ${row.p99} | ${row.bytes} (${row.sentBytes}) | ${row.afterWriteMs} | ${row.coldMs} | ${ok ? 'met' : 'MISSED'}${row.errors ? ` (${row.errors} errors)` : ''} |`,
      );
    }
    const b = r.baseline;
    lines.push(
      `| spec v1 baseline: all ${b.books.toLocaleString('en')} available books in one answer | | | ${Math.round(b.ms)} (one request) | | ${b.bytes.toLocaleString('en')} | | | |`,
      '',
    );
  }
  return lines.join('\n');
}
