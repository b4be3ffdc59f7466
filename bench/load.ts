import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '@server/db/client';
import { createUser } from '@server/seed/factories';
import { freePort } from '@tests/support/server-process';
import { startBenchServer, waitUntilUp } from './bench-server';
import { seedCatalog } from './catalog-seed';

// `npm run bench -- load`: a realistic mix against the real server (bench/server.ts, same
// runtime and middleware as production) on PostgreSQL with 100,000 books, driven from this
// process (the server is a child process): 80% browse, search and detail pages, 20% cart
// changes and checkouts, by signed-in members, at 50 connections for 60 seconds. Beside it,
// in the same run, the framework's ceiling (a constant route). Fails on any error or on
// server memory (the heap after a full collection) growing more than 20% over the run.

const BOOKS = Number(process.env.BENCH_BOOKS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
// Long enough for the JIT, connection pools and V8's heap to reach their working size, so
// the memory comparison is about growth under load, not start-up.
const WARMUP_SECONDS = 20;
const MAX_MEMORY_GROWTH = 0.2;
/** BENCH_RUNS=3: three measured runs, each on a fresh server, on the one seeded database. */
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
/** Add to cart and checkout: p99 under this many ms. */
const WRITE_P99_TARGET_MS = 100;
const PASSWORD = 'bench-pass-1';
const WORDS = ['garden', 'river', 'island', 'temple', 'ocean', 'lantern', 'monsoon', 'wirawan', 'sari'];
const SORTS = ['newest', 'price-low', 'price-high', 'title-az'];

type RouteName =
  | 'GET /api/books (browse, filters)'
  | 'GET /api/books?q= (search)'
  | 'GET /api/books/:id (detail)'
  | 'GET /api/cart'
  | 'POST /api/cart/items'
  | 'DELETE /api/cart/items/:id'
  | 'POST /api/checkout';

interface Sample {
  ms: number[];
  /** When each answer came (Date.now()), for the run's timeline. */
  at: number[];
  errors: number;
  /** Expected refusals (a book someone else just took): not errors, reported apart. */
  refused: number;
}

interface VirtualUser {
  cookie: string;
  seenBooks: string[];
  cartItems: string[];
}

export async function run(_args: string[]): Promise<void> {
  const serverUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `rakbuku_load_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'rakbuku-load-'));
  const summaries: RunSummary[] = [];
  try {
    const emails = await seed(url.toString());
    for (let i = 1; i <= RUNS; i++) {
      if (RUNS > 1) console.log(`\nrun ${i} of ${RUNS}`);
      summaries.push(await measureRun(url.toString(), dataDir, emails));
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\n${summaryTable(summaries)}\n`);
}

/** One run: a fresh server on the seeded database, warm-up, the measured mix, its report. */
async function measureRun(databaseUrl: string, dataDir: string, emails: string[]): Promise<RunSummary> {
  let server: ChildProcess | null = null;
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = startBenchServer(port, {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      // Every member signs in from this one address; real members come from many.
      RATE_LIMIT_ENABLED: 'false',
    });
    await waitUntilUp(base, server);

    const ceiling = await autocannon({
      url: `${base}/api/bench/constant`,
      connections: CONNECTIONS,
      duration: 3,
    }).then(() => autocannon({ url: `${base}/api/bench/constant`, connections: CONNECTIONS, duration: 10 }));
    const users = await Promise.all(emails.map((email) => signIn(base, email)));

    // Warm-up (JIT, pools, caches), then memory at the start of the measured run.
    await mix(base, users, WARMUP_SECONDS);
    const memoryStart = await memoryAfterGc(base);
    const pid = server.pid!;
    const series = [rssOf(pid)];
    const sampler = setInterval(() => series.push(rssOf(pid)), 10_000);
    const load = [loadavg()[0]];
    const loadSampler = setInterval(() => load.push(loadavg()[0]), 10_000);
    const t = Date.now();
    const samples = await mix(base, users, SECONDS);
    const elapsed = (Date.now() - t) / 1000;
    clearInterval(sampler);
    clearInterval(loadSampler);
    series.push(rssOf(pid));
    const memoryEnd = await memoryAfterGc(base);
    console.log(`server RSS every 10 s (MB): ${series.map((b) => Math.round(b / 1024 / 1024)).join(', ')}`);

    console.log(timeline(samples, t));
    const report = format(samples, elapsed, ceiling.requests.average, memoryStart, memoryEnd);
    console.log(`\n${report.table}\n`);
    if (report.problems.length > 0) {
      for (const p of report.problems) console.error(`FAIL: ${p}`);
      process.exitCode = 1;
    }
    return { ...report.summary, load: Math.max(...load) };
  } finally {
    if (server) {
      server.kill('SIGTERM');
      await new Promise((r) => server!.once('exit', r));
    }
  }
}

interface RunSummary {
  rps: number;
  ceiling: number;
  p99: Partial<Record<RouteName, number>>;
  heapGrowth: number;
  errors: number;
  /** The machine's highest 1-minute load average during the measured mix. */
  load: number;
}

/** Every run's p99 of the write routes against the target, and the read routes' range. */
function summaryTable(runs: RunSummary[]): string {
  const writes: RouteName[] = ['POST /api/cart/items', 'POST /api/checkout', 'DELETE /api/cart/items/:id'];
  const lines = [
    `| run | mix req/s | % of ceiling | add to cart p99 ms | checkout p99 ms | remove p99 ms | read routes p99 ms | heap growth | errors | load average (max) | target (writes p99 < ${WRITE_P99_TARGET_MS} ms) |`,
    '|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---|',
  ];
  runs.forEach((r, i) => {
    const reads = Object.entries(r.p99)
      .filter(([route]) => !writes.includes(route as RouteName))
      .map(([, ms]) => ms ?? 0);
    const worst = Math.max(...writes.slice(0, 2).map((w) => r.p99[w] ?? 0));
    const ms = (route: RouteName) => (r.p99[route] ?? 0).toFixed(1);
    lines.push(
      `| ${i + 1} | ${r.rps.toFixed(1)} | ${((100 * r.rps) / r.ceiling).toFixed(1)}% | ${ms(writes[0])} | ${ms(writes[1])} | ${ms(writes[2])} | ${Math.min(...reads).toFixed(0)}-${Math.max(...reads).toFixed(0)} | ${r.heapGrowth >= 0 ? '+' : ''}${(r.heapGrowth * 100).toFixed(1)}% | ${r.errors} | ${r.load.toFixed(1)} | ${worst < WRITE_P99_TARGET_MS ? 'met' : 'MISSED'} |`,
    );
  });
  return lines.join('\n');
}

async function seed(databaseUrl: string): Promise<string[]> {
  const t = Date.now();
  const database = await openDatabase({ databaseUrl });
  await database.migrate();
  await seedCatalog(database.db, BOOKS);
  const emails: string[] = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    emails.push(
      (await createUser(database.db, { password: PASSWORD, email: `load-${i}@example.com` })).email,
    );
  }
  await database.close();
  console.log(
    `seeded ${BOOKS.toLocaleString('en')} books and ${CONNECTIONS} members in ${((Date.now() - t) / 1000).toFixed(1)} s`,
  );
  return emails;
}

async function signIn(base: string, email: string): Promise<VirtualUser> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, seenBooks: [], cartItems: [] };
}

interface Memory {
  rss: number;
  heapUsed: number;
}

/**
 * The server's memory right after a full collection. The JavaScript heap then holds what the
 * server keeps (caches, pools, sessions): a leak shows there. Resident memory at a random
 * moment moves by tens of MB with V8's collections and its lazy return of pages to the system.
 */
async function memoryAfterGc(base: string): Promise<Memory> {
  const res = await fetch(`${base}/api/bench/gc`, { method: 'POST', headers: { origin: base } });
  if (!res.ok) throw new Error(`bench gc failed: ${res.status}`);
  return (await res.json()) as Memory;
}

/** Server memory (resident set) from /proc: the server is another process. */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) * 1024;
}

const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)];

/** Each user loops: pick an action by weight, send it, record its latency under its route. */
async function mix(base: string, users: VirtualUser[], seconds: number) {
  const samples = new Map<RouteName, Sample>();
  const record = (route: RouteName, ms: number, outcome: 'ok' | 'refused' | 'error') => {
    const s = samples.get(route) ?? { ms: [], at: [], errors: 0, refused: 0 };
    samples.set(route, s);
    s.ms.push(ms);
    s.at.push(Date.now());
    if (outcome === 'error') s.errors++;
    if (outcome === 'refused') s.refused++;
  };
  const send = async (
    route: RouteName,
    user: VirtualUser,
    method: string,
    path: string,
    body?: unknown,
    refusals: number[] = [],
  ) => {
    const t = performance.now();
    try {
      const res = await call(base, method, path, user.cookie, body);
      const ok = res.status >= 200 && res.status < 300;
      const outcome = ok ? 'ok' : refusals.includes(res.status) ? 'refused' : 'error';
      record(route, performance.now() - t, outcome);
      if (outcome === 'error') console.error(`${route}: ${res.status} ${res.text().slice(0, 200)}`);
      // The body is decoded only by the steps that read it (ids of books and cart items).
      return ok ? { json: () => (res.status === 204 ? null : JSON.parse(res.text())) } : null;
    } catch (err) {
      record(route, performance.now() - t, 'error');
      console.error(`${route}: ${(err as Error).message}`);
      return null;
    }
  };
  const rememberBooks = (user: VirtualUser, page: { items?: { id: string }[] } | null) => {
    for (const item of page?.items ?? []) user.seenBooks.push(item.id);
    if (user.seenBooks.length > 200) user.seenBooks.splice(0, user.seenBooks.length - 200);
  };
  const rememberCart = (user: VirtualUser, cart: { groups?: { items: { id: string }[] }[] } | null) => {
    if (cart?.groups) user.cartItems = cart.groups.flatMap((g) => g.items.map((i) => i.id));
  };

  const step = async (user: VirtualUser) => {
    const r = Math.random() * 100;
    if (r < 35) {
      const query = new URLSearchParams({
        page: String(1 + Math.floor(Math.random() * 20)),
        sort: pick(SORTS),
      });
      if (Math.random() < 0.5) query.set('category', pick(['Children', 'Teen', 'Adult']));
      if (Math.random() < 0.3) query.set('maxPrice', String(pick([20000, 30000, 45000])));
      const page = await send('GET /api/books (browse, filters)', user, 'GET', `/api/books?${query}`);
      rememberBooks(user, page?.json());
    } else if (r < 60) {
      const page = await send('GET /api/books?q= (search)', user, 'GET', `/api/books?q=${pick(WORDS)}`);
      rememberBooks(user, page?.json());
    } else if (r < 80) {
      if (user.seenBooks.length === 0) return;
      await send('GET /api/books/:id (detail)', user, 'GET', `/api/books/${pick(user.seenBooks)}`);
    } else if (r < 84) {
      rememberCart(user, (await send('GET /api/cart', user, 'GET', '/api/cart'))?.json());
    } else if (r < 92) {
      if (user.seenBooks.length === 0) return;
      // Someone may have just ordered it (409/422): the add-to-cart rules answering, not an error.
      const cart = await send(
        'POST /api/cart/items',
        user,
        'POST',
        '/api/cart/items',
        { bookId: pick(user.seenBooks) },
        [409, 422],
      );
      rememberCart(user, cart?.json());
    } else if (r < 96) {
      if (user.cartItems.length === 0) return;
      const itemId = user.cartItems.pop()!;
      await send('DELETE /api/cart/items/:id', user, 'DELETE', `/api/cart/items/${itemId}`, undefined, [404]);
    } else {
      if (user.cartItems.length === 0) return;
      const placed = await send(
        'POST /api/checkout',
        user,
        'POST',
        '/api/checkout',
        {
          idempotencyKey: `load-${randomBytes(8).toString('hex')}`,
          deliveryMethod: 'delivery',
          deliveryAddress: { fullName: 'Load Member', phone: '+6281234567', address: 'Jl. Raya Ubud No. 1' },
        },
        [409, 422],
      );
      if (placed) user.cartItems = [];
    }
  };

  const deadline = Date.now() + seconds * 1000;
  await Promise.all(
    users.map(async (user) => {
      while (Date.now() < deadline) await step(user);
    }),
  );
  return samples;
}

/**
 * One request the way a browser sends it (cookie, origin, gzip accepted), over keep-alive
 * connections, one per member. node:http rather than fetch: the generator shares this
 * machine's two cores with the server and PostgreSQL, and fetch's web streams cost it several
 * times the CPU per request, time taken from the system under test.
 */
const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
function call(
  base: string,
  method: string,
  path: string,
  cookie: string,
  body?: unknown,
): Promise<{ status: number; text: () => string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          cookie,
          origin: base,
          'accept-encoding': 'gzip',
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const gzipped = res.headers['content-encoding'] === 'gzip';
          resolve({
            status: res.statusCode ?? 0,
            text: () => (gzipped ? gunzipSync(raw) : raw).toString('utf8'),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * Throughput and p99 of the whole mix per 10 s of the run: a stall (a slow plan, a vacuum, a
 * cache emptied) shows as a window apart from the rest, where the run's p99 alone would hide when.
 */
function timeline(samples: Map<RouteName, Sample>, start: number): string {
  const windows: number[][] = [];
  for (const s of samples.values()) {
    s.at.forEach((at, i) => {
      const w = Math.floor((at - start) / 10_000);
      // The answers to requests sent just before the deadline are not a window of their own.
      if (w >= Math.ceil(SECONDS / 10)) return;
      const bucket = windows[w] ?? [];
      bucket.push(s.ms[i]);
      windows[w] = bucket;
    });
  }
  const lines = windows.map((ms, w) => {
    const sorted = [...ms].sort((a, b) => a - b);
    return `  ${w * 10}-${w * 10 + 10} s: ${(ms.length / 10).toFixed(0)} req/s, p99 ${percentile(sorted, 99).toFixed(0)} ms`;
  });
  return `the mix every 10 s:\n${lines.join('\n')}`;
}

function format(
  samples: Map<RouteName, Sample>,
  seconds: number,
  ceilingRps: number,
  start: Memory,
  end: Memory,
) {
  const problems: string[] = [];
  const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;
  const lines = [
    '| route | requests | req/s | p50 ms | p99 ms | errors | expected refusals |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  let total = 0;
  let errors = 0;
  const p99: Partial<Record<RouteName, number>> = {};
  for (const [route, s] of [...samples.entries()].sort((a, b) => b[1].ms.length - a[1].ms.length)) {
    const sorted = [...s.ms].sort((a, b) => a - b);
    p99[route] = percentile(sorted, 99);
    total += sorted.length;
    errors += s.errors;
    lines.push(
      `| ${route} | ${sorted.length} | ${(sorted.length / seconds).toFixed(1)} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} | ${s.errors} | ${s.refused} |`,
    );
  }
  const rps = total / seconds;
  lines.push(`| **whole mix** | ${total} | ${rps.toFixed(1)} | | | ${errors} | |`);
  lines.push(`| constant route (framework ceiling, autocannon) | | ${ceilingRps.toFixed(0)} | | | | |`);
  const growth = (end.heapUsed - start.heapUsed) / start.heapUsed;
  const summary = [
    `${BOOKS.toLocaleString('en')} books on PostgreSQL, ${CONNECTIONS} signed-in members (one connection each), ${Math.round(seconds)} s.`,
    `Mix throughput is ${((rps / ceilingRps) * 100).toFixed(1)}% of the constant route's ceiling.`,
    `Server memory after a full collection: heap ${mb(start.heapUsed)} at the start, ${mb(end.heapUsed)} at the end (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}%); resident ${mb(start.rss)} and ${mb(end.rss)}.`,
  ];
  if (errors > 0) problems.push(`${errors} errors`);
  if (growth > MAX_MEMORY_GROWTH)
    problems.push(`server memory grew ${(growth * 100).toFixed(1)}% (limit 20%)`);
  return {
    table: `${lines.join('\n')}\n\n${summary.join(' ')}`,
    problems,
    summary: { rps, ceiling: ceilingRps, p99, heapGrowth: growth, errors },
  };
}
