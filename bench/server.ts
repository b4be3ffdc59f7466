import { AsyncLocalStorage } from 'node:async_hooks';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { loadConfig } from '@server/config';
import { observeQueries } from '@server/db/client';
import { books } from '@server/db/schema';
import { catalogCacheOf } from '@server/modules/books/catalog-cache';
import { toBookSummary } from '@server/modules/books/service';
import { createRuntime } from '@server/runtime';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { announce } from '@server/lib/lifecycle-events';

// The real server (same runtime, middleware and routes as src/server/main.ts) plus two routes
// that exist only here, for the catalog benchmark:
//   GET /api/bench/constant   a constant answer: the framework's ceiling on this machine
//   GET /api/bench/all-books  what the spec's first version did: every available book in one
//                             answer, to be filtered in the browser (the baseline)
//   POST /api/bench/touch     a write to a book the measured pages do not show (the oldest
//                             listed book's monthly price), which moves the catalog version:
//                             the next catalog request reads the change and keeps its page
//   POST /api/bench/drop-cache  empties the catalog cache: the next catalog request finds
//                             nothing cached (the cold path)
//   POST /api/bench/gc        a full garbage collection, then the process's memory figures
//   POST /api/bench/capture   starts recording every statement sent (text and parameters);
//   GET /api/bench/captured   stops and answers them (the growth bench replays them in EXPLAIN)
//   GET /api/bench/book-borrowable  what a new listing sets off (D47's wanted matching among
//                             it): the books-borrowable event's listeners run for one available
//                             book that members want by title, in a transaction rolled back, so
//                             the measured statements are the listeners' alone and nothing stays
const config = loadConfig();
const runtime = await createRuntime(config);
const { db } = runtime.deps;

// BENCH_COUNT_QUERIES=1: tally the statements sent, by their first words, printed at the end.
const statements = new Map<string, number>();
let captured: { text: string; params: unknown[] }[] | null = null;
// Only a request's own statements are recorded: the server's background work (timers, the
// outbox, the balance recount) runs meanwhile, and its statements are not the request's time.
// The store is entered only while recording: once entered, Node tracks every promise of the
// process (async hooks), a cost the real server does not pay and the load benches must not.
const inRequest = new AsyncLocalStorage<true>();
observeQueries(db, (text, params) => {
  if (inRequest.getStore()) captured?.push({ text, params });
  if (!process.env.BENCH_COUNT_QUERIES) return;
  const key = text.replace(/\s+/g, ' ').slice(0, 90);
  statements.set(key, (statements.get(key) ?? 0) + 1);
});

// BENCH_TIMING=1: the server's own time per request kind (arrival to answer, in this process)
// and the event loop's delay, printed at the end: a p99 the clients see but these do not show
// was spent waiting before the server read the request (a saturated CPU), not in its work.
const timings = new Map<string, number[]>();
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
if (process.env.BENCH_TIMING) loopDelay.enable();
const kindOf = (method: string, path: string) =>
  `${method} ${path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id').replace(/\?.*$/, '')}`;

const bench = new Hono()
  .use('*', (_c, next) => (captured ? inRequest.run(true, next) : next()))
  .use('*', async (c, next) => {
    if (!process.env.BENCH_TIMING) return next();
    const t = performance.now();
    await next();
    const kind = kindOf(c.req.method, new URL(c.req.url).pathname);
    const list = timings.get(kind) ?? [];
    list.push(performance.now() - t);
    timings.set(kind, list);
  })
  .get('/api/bench/constant', (c) => c.json({ ok: true }))
  .get('/api/bench/all-books', async (c) => {
    const rows = await db.select().from(books).where(eq(books.listed, true));
    return c.json(rows.map((book) => toBookSummary(book, null)));
  })
  .post('/api/bench/touch', async (c) => {
    await db.execute(sql`update books set monthly_price = case when monthly_price is null
      then weekly_price * 3 end where id = (select id from books where listed order by created_at, id limit 1)`);
    return c.json({ ok: true });
  })
  .post('/api/bench/gc', (c) => {
    // A full collection, so the load bench compares what the server keeps, not when V8 last
    // collected (started with --expose-gc by bench-server.ts).
    (globalThis as { gc?: () => void }).gc?.();
    return c.json(process.memoryUsage());
  })
  .post('/api/bench/capture', (c) => {
    captured = [];
    return c.json({ ok: true });
  })
  .get('/api/bench/captured', (c) => {
    const list = captured ?? [];
    captured = null;
    inRequest.disable();
    return c.json(list);
  })
  .get('/api/bench/book-borrowable', async (c) => {
    const bookId = await wantedBook();
    if (!bookId) return c.json({ error: 'no wanted book to list' }, 404);
    const rolledBack = new Error('rolled back');
    await db
      .transaction(async (tx) => {
        await announce(tx, { type: 'books-borrowable', bookIds: [bookId] }, { config });
        throw rolledBack;
      })
      .catch((error: unknown) => {
        if (error !== rolledBack) throw error;
      });
    return c.json({ bookId });
  })
  .post('/api/bench/drop-cache', (c) => {
    catalogCacheOf(db).clear(-1);
    return c.json({ ok: true });
  })
  .all('*', (c) => runtime.app.fetch(c.req.raw, c.env));

/**
 * An available book some member wants by its title, picked on a connection of its own so its
 * statement is not among the measured ones (PostgreSQL only, as the growth bench is). Picked
 * once: every run rolls back, so the same book stays the one, and a new connection per request
 * would be the bench's time, not the listeners'.
 */
let picked: Promise<string | null> | null = null;
const wantedBook = () => {
  picked ??= pickWantedBook();
  return picked;
};

async function pickWantedBook(): Promise<string | null> {
  const client = new pg.Client({ connectionString: config.databaseUrl ?? undefined });
  await client.connect();
  try {
    const res = await client.query(`select b.id from books b
      where b.status = 'Available' and b.listed and b.deleted_at is null and b.held_for_id is null
        and exists (select 1 from wanted_books w where w.title_key = nullif(btrim(rk_fold(b.title)), ''))
      order by b.created_at desc limit 1`);
    return (res.rows[0]?.id as string | undefined) ?? null;
  } finally {
    await client.end();
  }
}

/**
 * The app's requests go to it directly, as src/server/main.ts serves it, unless the bench's own
 * middleware must see them (a statement capture, BENCH_TIMING): a second router in front of every
 * catalog request would be a cost of the bench, not of the server it measures.
 */
const routed = (url: string) =>
  captured !== null || Boolean(process.env.BENCH_TIMING) || url.includes('/api/bench/');
const server = serve(
  {
    fetch: (req, env) => (routed(req.url) ? bench.fetch(req, env) : runtime.app.fetch(req, env)),
    port: config.port,
  },
  (info) => {
    console.log(`bench server on port ${info.port} (${runtime.database.kind})`);
  },
);

async function shutdown() {
  const { hits, misses, unkept, applied, shifted, dropped, resets } = catalogCacheOf(db).stats;
  const share = hits + misses ? ((100 * hits) / (hits + misses)).toFixed(1) : '0';
  console.log(
    `catalog cache: ${hits} pages answered from memory, ${misses} computed (${share}% hits), ${unkept} of them not kept; ${applied} book changes applied, moving rows up on ${shifted} pages and dropping ${dropped}; ${resets} full drops`,
  );
  if (process.env.BENCH_TIMING) {
    const pct = (sorted: number[], p: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
    console.log(
      `event loop delay: p50 ${(loopDelay.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms, max ${(loopDelay.max / 1e6).toFixed(1)} ms`,
    );
    for (const [kind, list] of [...timings].sort((a, b) => b[1].length - a[1].length).slice(0, 12)) {
      const sorted = [...list].sort((a, b) => a - b);
      console.log(
        `server time ${kind}: ${sorted.length} requests, p50 ${pct(sorted, 0.5).toFixed(1)} ms, p99 ${pct(sorted, 0.99).toFixed(1)} ms`,
      );
    }
  }
  for (const [text, n] of [...statements].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
    console.log(`${String(n).padStart(8)}  ${text}`);
  }
  server.close();
  await runtime.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
