import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import pg from 'pg';
import { withoutJit } from '@server/db/client';
import { freePort } from '@tests/support/server-process';
import { startBenchServer, waitUntilUp } from './bench-server';
import { GROWTH_ADMIN, type GrowthSize, seedGrowth, seedGrowthPglite } from './growth-seed';
import { SKEW_BORROWER, SKEW_LONG_THREAD, SKEW_OWNER, type SkewIds } from './growth-skew';
import { measureStarts, type StartResult, startReport } from './growth-start';

// `npm run bench -- growth [seed] [10k] [100k] [1m]` (docs/performance.md): how the catalog's
// and the admin dashboard's requests grow with the data. For each size it seeds (or tops up) a
// PostgreSQL database of its own, starts the real server on it (bench/server.ts, a child
// process) and, for every request of REQUESTS at page 1 and at its last page, measures:
//   - HTTP time with nothing cached (the catalog cache emptied first; median of 3) and cached
//     (the same request again; median of 5);
//   - database time: every SELECT the uncached request sent (recorded by the server with its
//     parameters) run again in EXPLAIN ANALYZE with the app's settings (JIT off) on a new
//     connection (the first run: planning included, no plan cached) and then on the same
//     connection (median of 3), summed per request; and the plan's verdict: index only, or the tables read by a sequential scan and
//     how many rows the scans read;
//   - the server's memory (after a full collection) when it started and after every request.
// `seed` only seeds; `only=admin` measures the requests whose name starts so (BENCH_GROWTH_STATEMENTS=1
// prints each statement's own database time beside its text). Sizes are named on
// the command line (default: all three). `start` measures the server's starts instead
// (bench/growth-start.ts; `pglite` adds the embedded database; default size 10k).

const SIZES: Record<string, GrowthSize> = {
  '10k': { books: 10_000, orders: 10_000 },
  '100k': { books: 100_000, orders: 100_000 },
  '1m': { books: 1_000_000, orders: 1_000_000 },
};
/** Targets at 1M books and 1M orders, for page 1 and the last page of every request. */
const TARGET = { dbMs: 20, httpMs: 50 };
const SLOW_MS = 300;

// ---------------------------------------------------------------- the requests, as data

/** What page 1 answered: the list's figures, the last page is found from them. */
type FirstAnswer = Record<string, unknown>;

interface NamedRequest {
  name: string;
  /** Page 1. */
  path: string;
  /**
   * The further pages to measure, found from page 1's path and answer: [label, path] pairs,
   * the list's last page among them. Absent when the request has no pages.
   */
  more?: (path: string, first: FirstAnswer) => [label: string, path: string][];
  /** A write run (on a connection of the bench's own) before each uncached request. */
  before?: string;
  /** Signed in as the heavy owner or borrower of the skewed data (growth-skew.ts); else the admin. */
  as?: 'owner' | 'borrower';
}

const withParams = (path: string, params: Record<string, string>) => {
  const url = new URL(path, 'http://x');
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return `${url.pathname}${url.search}`;
};

/** Numbered pages: the last is ceil(total / pageSize). */
const lastNumberedPage = (path: string, first: FirstAnswer) => {
  const total = Number(first.total);
  const pageSize = Number(first.pageSize);
  return withParams(path, { page: String(Math.max(1, Math.ceil(total / pageSize))) });
};

// The catalog pages by cursor once it answers `nextCursor` (D17): a cursor is base64url of
// [sort, side, ...the sort's keys] (books/catalog-cursor.ts), and the page before ('b') a place
// past the listing's end is its last page. Page numbers go up to MAX_PAGE_NUMBER (50) there.
const ZERO_ID = '00000000-0000-0000-0000-000000000000';
const LAST_ID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';
const PAST_THE_END: Record<string, string[]> = {
  newest: ['-1', ZERO_ID],
  oldest: ['9000000000000000000', LAST_ID],
  'price-low': ['1000000000', '-1', ZERO_ID],
  'price-high': ['-1', '-1', ZERO_ID],
  'title-az': ['\u{10FFFF}', LAST_ID],
  'title-za': ['', ZERO_ID],
};
const endCursor = (path: string) => {
  const sort = new URL(path, 'http://x').searchParams.get('sort') ?? 'newest';
  return Buffer.from(JSON.stringify([sort, 'b', ...PAST_THE_END[sort]])).toString('base64url');
};
const catalogPages =
  (deep: boolean) =>
  (path: string, first: FirstAnswer): [string, string][] => {
    const byCursor = 'nextCursor' in first;
    const pages: [string, string][] = [];
    if (deep)
      pages.push([byCursor ? 'page 50' : 'page 1,000', withParams(path, { page: byCursor ? '50' : '1000' })]);
    pages.push([
      'last page',
      byCursor ? withParams(path, { cursor: endCursor(path) }) : lastNumberedPage(path, first),
    ]);
    return pages;
  };

// The admin lists page by keyset once they answer `nextCursor` (cursor 'last' is the last page).
const adminPages = (path: string, first: FirstAnswer): [string, string][] => [
  ['last page', 'nextCursor' in first ? withParams(path, { cursor: 'last' }) : lastNumberedPage(path, first)],
];

const catalog = (name: string, query: string, deep = false): NamedRequest => ({
  name: `catalog: ${name}`,
  path: `/api/books${query ? `?${query}` : ''}`,
  more: catalogPages(deep),
});
const adminList = (name: string, path: string): NamedRequest => ({
  name: `admin: ${name}`,
  path,
  more: adminPages,
});

const REQUESTS: NamedRequest[] = [
  catalog('newest', '', true),
  catalog('search "ga" (2 letters)', 'q=ga'),
  catalog('search "the" (common word)', 'q=the'),
  catalog('search "garden"', 'q=garden'),
  catalog('category Adult', 'category=Adult'),
  catalog('condition Fair', 'condition=Fair'),
  catalog('language Indonesian', 'language=Indonesian'),
  catalog('max price 10,000', 'maxPrice=10000'),
  catalog('area Ubud (one of 20)', 'area=Ubud'),
  catalog('oldest', 'sort=oldest'),
  catalog('price low-high', 'sort=price-low'),
  catalog('price high-low', 'sort=price-high'),
  catalog('title A-Z', 'sort=title-az'),
  catalog('title Z-A', 'sort=title-za'),
  catalog(
    'Adult + Good + Indonesian, price low-high',
    'category=Adult&condition=Good&language=Indonesian&sort=price-low',
  ),
  // Needs you now (D50): five kinds, each read by its own index, merged by deadline.
  adminList('needs you now', '/api/admin/queue'),
  adminList('orders', '/api/admin/orders'),
  adminList('orders, search "sari"', '/api/admin/orders?q=sari'),
  adminList('orders, Waiting for Payment', '/api/admin/orders?status=Waiting%20for%20Payment'),
  adminList('orders, overdue', '/api/admin/orders?status=overdue'),
  adminList('books', '/api/admin/books'),
  adminList('books, search "garden"', '/api/admin/books?q=garden'),
  adminList('books, Borrowed', '/api/admin/books?status=Borrowed'),
  adminList('users', '/api/admin/users'),
  adminList('users, search "sari"', '/api/admin/users?q=sari'),
  adminList('emails', '/api/admin/emails'),
  adminList('emails, search "bench-owner-42"', '/api/admin/emails?q=bench-owner-42'),
  adminList('payouts (owners owed, payouts made)', '/api/admin/payouts'),
  // Every book findable (D46): the borrowed section below a search, and "Did you mean".
  { name: 'find: borrowed section, search "the" (common word)', path: '/api/borrowed-books?q=the' },
  { name: 'find: borrowed section, search "garden"', path: '/api/borrowed-books?q=garden' },
  { name: 'find: suggestions "gardn"', path: '/api/search/suggestions?q=gardn' },
  { name: 'find: suggestions "teh gardne"', path: '/api/search/suggestions?q=teh%20gardne' },
  // Wanted books (D47): the listeners a new listing sets off, matching its wanters among them.
  { name: 'find: wanted matching on a new listing', path: '/api/bench/book-borrowable' },
  { name: 'admin: stats', path: '/api/admin/stats' },
  // The Statistics tab's twelve weeks, read where the seeded history is densest (its orders start
  // on 2024-01-01, one a minute): the window holds the same ~121k orders at 100k and at 1M.
  { name: 'admin: statistics, 12 weeks', path: '/api/admin/statistics?weeksEnding=2024-03-24' },
  // The same after a write to the window's densest week (an order placed that week moved by a
  // second, still inside it): the read computes that week again (docs/decisions/0008).
  {
    name: 'admin: statistics, 12 weeks, one dense week changed',
    path: '/api/admin/statistics?weeksEnding=2024-03-24',
    before: `update orders set created_at = created_at + interval '1 second' where id = (
      select id from orders where created_at >= '2024-03-18T00:00:00+08' and created_at < '2024-03-24T00:00:00+08'
      order by created_at limit 1)`,
  },
  { name: 'admin: pending emails count', path: '/api/admin/emails/pending-count' },
];

// The pages the skewed data (growth-skew.ts) makes heavy: the heavy owner's, the heavy
// borrower's, the long conversation's and the long waitlist's, and the lists over all of them.
const skewRequests = (s: SkewIds): NamedRequest[] => [
  { name: "skew: book page, heavy owner's book", path: `/api/books/${s.ownerBookId}` },
  { name: 'skew: owner card, heavy owner', path: `/api/owners/${s.ownerId}` },
  { name: 'skew: shelf, heavy owner', path: `/api/owners/${s.ownerId}/books`, more: catalogPages(true) },
  {
    name: `skew: catalog, area ${s.area} + Good + Indonesian`,
    path: `/api/books?area=${encodeURIComponent(s.area)}&condition=Good&language=Indonesian`,
    more: catalogPages(true),
  },
  { name: 'skew: catalog, search "the"', path: '/api/books?q=the', more: catalogPages(true) },
  { name: 'skew: areas', path: '/api/areas' },
  {
    name: "skew: admin books, search the heavy owner's name",
    path: `/api/admin/books?q=${encodeURIComponent(SKEW_OWNER.name)}`,
    more: adminPages,
  },
  {
    name: "skew: admin orders, search the heavy borrower's address",
    path: `/api/admin/orders?q=${encodeURIComponent(SKEW_BORROWER.email)}`,
    more: adminPages,
  },
  {
    name: "skew: admin emails, search the heavy borrower's address",
    path: `/api/admin/emails?q=${encodeURIComponent(SKEW_BORROWER.email)}`,
    more: adminPages,
  },
  { name: 'skew: Earnings, heavy owner', path: '/api/earnings', as: 'owner' },
  { name: 'skew: unread count, owner in every conversation', path: '/api/conversations/unread', as: 'owner' },
  { name: 'skew: Messages, heavy owner', path: '/api/conversations', as: 'owner' },
  {
    name: 'skew: conversation of 20,000 messages',
    path: `/api/conversations/${SKEW_LONG_THREAD}`,
    as: 'owner',
  },
  { name: 'skew: admin Inbox', path: '/api/admin/conversations' },
  { name: 'skew: book page, waitlist of 1,000', path: `/api/books/${s.waitlistBookId}`, as: 'borrower' },
  { name: 'skew: waitlist of 1,000', path: `/api/books/${s.waitlistBookId}/waitlist`, as: 'borrower' },
  { name: 'skew: My orders, heavy borrower', path: '/api/orders', as: 'borrower' },
  { name: 'skew: My orders as owner, heavy owner', path: '/api/orders?as=owner', as: 'owner' },
];

// ---------------------------------------------------------------- running

const serverUrl = () =>
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// BENCH_GROWTH_PREFIX names the databases apart, so two checkouts measuring on one server keep apart.
const databaseName = (label: string) => `${process.env.BENCH_GROWTH_PREFIX ?? 'rakbuku_growth'}_${label}`;

export async function run(args: string[]): Promise<void> {
  const seedOnly = args.includes('seed');
  if (args.includes('start')) return runStarts(args);
  // only=admin (or only=catalog, or any start of a request's name): measure those requests alone.
  const only = args.find((a) => a.startsWith('only='))?.slice('only='.length);
  const chosen = (all: NamedRequest[]) => (only ? all.filter((r) => r.name.startsWith(only)) : all);
  const labels = args.filter((a) => a in SIZES);
  const results: SizeResult[] = [];
  for (const label of labels.length > 0 ? labels : Object.keys(SIZES)) {
    console.log(`\n${label}: seeding (resumable)`);
    const { databaseUrl, skew } = await seedGrowth(serverUrl(), databaseName(label), SIZES[label]);
    if (seedOnly) continue;
    const requests = chosen([...REQUESTS, ...skewRequests(skew)]);
    results.push(await measureSize(label, SIZES[label], databaseUrl, requests));
    console.log(`\n${results.at(-1)!.report}`);
  }
  if (results.length > 1) console.log(`\n${combined(results)}`);
}

/**
 * `growth start [sizes] [pglite]`: the start bench (bench/growth-start.ts) on each size's
 * PostgreSQL database and, with `pglite`, on the same data in an embedded database kept in
 * BENCH_PGLITE_DIR (default: .bench/pglite-<size>, kept between runs like the PostgreSQL ones).
 */
async function runStarts(args: string[]): Promise<void> {
  const labels = args.filter((a) => a in SIZES);
  const results: StartResult[] = [];
  for (const label of labels.length > 0 ? labels : ['10k']) {
    console.log(`\n${label}: seeding (resumable)`);
    const { databaseUrl } = await seedGrowth(serverUrl(), databaseName(label), SIZES[label]);
    results.push(
      await measureStarts(label, 'PostgreSQL', {
        DATABASE_URL: databaseUrl,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'rakbuku-bench-start-')),
      }),
    );
    if (args.includes('pglite')) {
      const dataDir = join(process.env.BENCH_PGLITE_DIR ?? '.bench', `pglite-${label}`);
      await seedGrowthPglite(dataDir, SIZES[label]);
      results.push(await measureStarts(label, 'PGlite', { DATABASE_URL: '', DATA_DIR: dataDir }));
    }
  }
  console.log(`\n${startReport(results)}`);
}

interface SizeResult {
  label: string;
  size: GrowthSize;
  rows: Row[];
  memory: string;
  report: string;
}

/**
 * One table for every size: uncached HTTP and database time per size, then the largest size's
 * cached times, plan and target.
 */
function combined(results: SizeResult[]): string {
  const largest = results.at(-1)!;
  const key = (r: Row) => `${r.name}\u0000${r.page}`;
  const bySize = results.map((res) => new Map(res.rows.map((r) => [key(r), r])));
  const head = [
    '| request | page |',
    ...results.map((r) => ` ${r.label}: HTTP / DB ms |`),
    ` ${largest.label}: HTTP / DB ms cached | ${largest.label}: plan | ${largest.label}: target |`,
  ].join('');
  const lines = [head, `|---|---|${results.map(() => '---:|').join('')}---:|---|---|`];
  for (const row of largest.rows) {
    const cells = bySize.map((m) => {
      const r = m.get(key(row));
      return r ? (r.status === 200 ? `${r.httpColdMs} / ${r.dbColdMs}` : `${r.status}`) : '';
    });
    lines.push(
      `| ${row.name.replace(/^(catalog|admin): /, '$1: ')} | ${row.page} | ${cells.join(' | ')} | ${row.httpWarmMs} / ${row.dbWarmMs} | ${row.verdict} | ${targetOf(row, largest.size)} |`,
    );
  }
  lines.push('', ...results.map((r) => `- ${r.label}: ${r.memory}`));
  return lines.join('\n');
}

interface Statement {
  text: string;
  params: unknown[];
}

interface Row {
  name: string;
  page: string;
  path: string;
  status: number;
  bytes: number;
  httpColdMs: number;
  httpWarmMs: number;
  dbColdMs: number;
  dbWarmMs: number;
  statements: number;
  verdict: string;
}

async function measureSize(
  label: string,
  size: GrowthSize,
  databaseUrl: string,
  requests: NamedRequest[],
): Promise<SizeResult> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startBenchServer(port, { DATABASE_URL: databaseUrl, RATE_LIMIT_ENABLED: 'false' });
  const explain = new Explainer(databaseUrl);
  const loads: number[] = [];
  try {
    await waitUntilUp(base, server);
    const cookies = {
      admin: await signIn(base, GROWTH_ADMIN),
      owner: await signIn(base, SKEW_OWNER),
      borrower: await signIn(base, SKEW_BORROWER),
    };
    const memoryStart = await memoryAfterGc(base);
    const rows: Row[] = [];
    for (const request of requests) {
      const cookie = cookies[request.as ?? 'admin'];
      const first = await measure(
        base,
        cookie,
        explain,
        request.name,
        'page 1',
        request.path,
        request.before,
      );
      rows.push(first.row);
      if (request.more && first.row.status === 200) {
        for (const [label, path] of request.more(request.path, first.answer)) {
          rows.push((await measure(base, cookie, explain, request.name, label, path)).row);
        }
      }
      loads.push(loadavg()[0]);
    }
    const memoryEnd = await memoryAfterGc(base);
    const peak = peakRss(server);
    const memory = memoryLine({ memoryStart, memoryEnd, peak, loads });
    return { label, size, rows, memory, report: report(label, size, rows, memory) };
  } finally {
    await explain.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

async function signIn(base: string, who: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: who.email, password: who.password }),
  });
  if (!res.ok) throw new Error(`${who.email} sign-in answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const round1 = (n: number) => Math.round(n * 10) / 10;

async function timed(base: string, path: string, cookie: string) {
  const t = performance.now();
  const res = await fetch(`${base}${path}`, { headers: { cookie, origin: base } });
  const body = await res.arrayBuffer();
  return { ms: performance.now() - t, status: res.status, body };
}

async function measure(
  base: string,
  cookie: string,
  explain: Explainer,
  name: string,
  page: string,
  path: string,
  before?: string,
): Promise<{ row: Row; answer: FirstAnswer }> {
  const cold: number[] = [];
  let statements: Statement[] = [];
  let last = { ms: 0, status: 0, body: new ArrayBuffer(0) };
  // A request slower than SLOW_MS is timed once each way: its figure is far from the target
  // anyway, and repeating it would make a run at 1M take an hour.
  for (let i = 0; i < (i > 0 && cold[0] > SLOW_MS ? 1 : 3); i++) {
    await fetch(`${base}/api/bench/drop-cache`, { method: 'POST' });
    if (before) await explain.write(before);
    await fetch(`${base}/api/bench/capture`, { method: 'POST' });
    last = await timed(base, path, cookie);
    const captured = (await (await fetch(`${base}/api/bench/captured`)).json()) as Statement[];
    if (i === 0) statements = captured;
    cold.push(last.ms);
  }
  const warm: number[] = [];
  const slow = median(cold) > SLOW_MS;
  if (!slow) await timed(base, path, cookie);
  for (let i = 0; i < (slow ? 1 : 5); i++) warm.push((await timed(base, path, cookie)).ms);
  // A read, a union of reads ("(select ...) union all (select ...)") included.
  const reads = statements.filter((s) => /^[\s(]*(select|with)\b/i.test(s.text));
  const db = await explain.all(reads);
  const text = new TextDecoder().decode(last.body);
  const row: Row = {
    name,
    page,
    path,
    status: last.status,
    bytes: last.body.byteLength,
    httpColdMs: round1(median(cold)),
    httpWarmMs: round1(median(warm)),
    dbColdMs: round1(db.coldMs),
    dbWarmMs: round1(db.warmMs),
    statements: reads.length,
    verdict: db.verdict,
  };
  console.log(
    `  ${name} ${page} (${path}): ${row.status}, HTTP ${row.httpColdMs} / ${row.httpWarmMs} ms, DB ${row.dbColdMs} / ${row.dbWarmMs} ms in ${row.statements} statements, ${row.verdict}`,
  );
  if (row.status !== 200) console.log(`    ${text.slice(0, 300)}`);
  return { row, answer: row.status === 200 ? (JSON.parse(text) as FirstAnswer) : {} };
}

// ---------------------------------------------------------------- EXPLAIN

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** Tables this small are read whole by any sensible plan: not a verdict. */
const SMALL_SCAN = 1_000;

class Explainer {
  constructor(private readonly url: string) {}
  private warm: pg.Client | null = null;

  private async run(client: pg.Client, s: Statement) {
    const res = await client.query(`explain (analyze, timing off, format json) ${s.text}`, s.params);
    const [plan] = (
      res.rows[0] as { 'QUERY PLAN': [{ Plan: PlanNode; 'Planning Time': number; 'Execution Time': number }] }
    )['QUERY PLAN'];
    return { ms: plan['Planning Time'] + plan['Execution Time'], plan: plan.Plan };
  }

  async all(statements: Statement[]) {
    let coldMs = 0;
    let warmMs = 0;
    const seqScans = new Map<string, number>();
    let rowsRead = 0;
    // A new connection for the first run: nothing planned or cached in that backend yet.
    const fresh = await connected(this.url);
    this.warm ??= await connected(this.url);
    try {
      for (const s of statements) {
        const first = await this.run(fresh, s);
        coldMs += first.ms;
        const again: number[] = [];
        for (let i = 0; i < (first.ms > SLOW_MS ? 1 : 3); i++) again.push((await this.run(this.warm, s)).ms);
        warmMs += median(again);
        // BENCH_GROWTH_STATEMENTS=1: each statement's own figures, to see where a request's time goes.
        if (process.env.BENCH_GROWTH_STATEMENTS) {
          const text = s.text.replace(/\s+/g, ' ').slice(0, 160);
          console.log(`    ${round1(first.ms)} / ${round1(median(again))} ms: ${text}`);
        }
        walk(first.plan, (node) => {
          if (!/Scan/.test(node['Node Type'])) return;
          const read =
            ((node['Actual Rows'] ?? 0) +
              (node['Rows Removed by Filter'] ?? 0) +
              (node['Rows Removed by Index Recheck'] ?? 0)) *
            (node['Actual Loops'] ?? 1);
          rowsRead += read;
          if (node['Node Type'] === 'Seq Scan' && read > SMALL_SCAN) {
            const table = node['Relation Name'] ?? '?';
            seqScans.set(table, (seqScans.get(table) ?? 0) + read);
          }
        });
      }
    } finally {
      await fresh.end();
    }
    const rows = `${compact(rowsRead)} rows read`;
    const verdict =
      seqScans.size === 0
        ? `index (${rows})`
        : `SEQ SCAN ${[...seqScans].map(([t, n]) => `${t} ${compact(n)}`).join(', ')} (${rows})`;
    return { coldMs, warmMs, verdict };
  }

  /** A write before a request, on the warm connection (its statements are not measured). */
  async write(text: string) {
    this.warm ??= await connected(this.url);
    await this.warm.query(text);
  }

  async close() {
    await this.warm?.end();
  }
}

/** A connection with the app's own settings (JIT off, db/client.ts): the plans it would run. */
async function connected(url: string) {
  const client = new pg.Client(withoutJit(url));
  await client.connect();
  return client;
}

function walk(node: PlanNode, visit: (node: PlanNode) => void) {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

const compact = (n: number) =>
  n >= 1_000_000 ? `${round1(n / 1_000_000)}M` : n >= 1_000 ? `${round1(n / 1_000)}k` : String(Math.round(n));

// ---------------------------------------------------------------- memory and report

interface Memory {
  rss: number;
  heapUsed: number;
}

async function memoryAfterGc(base: string): Promise<Memory> {
  const res = await fetch(`${base}/api/bench/gc`, { method: 'POST', headers: { origin: base } });
  return (await res.json()) as Memory;
}

/** The server's peak resident memory so far (VmHWM). */
function peakRss(server: ChildProcess): number {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(status.match(/VmHWM:\s+(\d+)/)?.[1] ?? 0) * 1024;
}

const mb = (b: number) => `${Math.round(b / 1024 / 1024)} MB`;

function memoryLine(m: { memoryStart: Memory; memoryEnd: Memory; peak: number; loads: number[] }): string {
  return `server memory after a full collection: heap ${mb(m.memoryStart.heapUsed)} at start, ${mb(m.memoryEnd.heapUsed)} after every request; resident ${mb(m.memoryStart.rss)} and ${mb(m.memoryEnd.rss)}, peak ${mb(m.peak)}. Load average (1 min, 2 cores) during the rows: ${Math.min(...m.loads).toFixed(1)}-${Math.max(...m.loads).toFixed(1)}.`;
}

/** 'met', or 'MISSED' at the target size ('over' below it), or the refusal's status. */
function targetOf(r: Row, size: GrowthSize): string {
  if (r.status !== 200) return `answered ${r.status}`;
  if (r.dbColdMs < TARGET.dbMs && r.httpColdMs < TARGET.httpMs) return 'met';
  return size.books >= 1_000_000 && size.orders >= 1_000_000 ? 'MISSED' : 'over';
}

function report(label: string, size: GrowthSize, rows: Row[], memory: string): string {
  const lines = [
    `#### ${label}: ${size.books.toLocaleString('en')} books, ${size.orders.toLocaleString('en')} orders`,
    '',
    memory,
    '',
    '| request | page | HTTP uncached ms | HTTP cached ms | DB uncached ms | DB cached ms | statements | plan | bytes | target (DB < 20, HTTP < 50 uncached) |',
    '|---|---|---:|---:|---:|---:|---:|---|---:|---|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.name} | ${r.page} | ${r.httpColdMs} | ${r.httpWarmMs} | ${r.dbColdMs} | ${r.dbWarmMs} | ${r.statements} | ${r.verdict} | ${r.bytes} | ${targetOf(r, size)} |`,
    );
  }
  return lines.join('\n');
}
