import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';
import type { Db } from './types';
import { DEFAULT_POOL_SIZE } from './pool-size';
import { type LocalWrites, trackLocalWrites, setSharedReadsLane } from './versions';
import { markPipelined } from './unawaited-writes';
import { type DataDirLock, lockDataDir } from './data-dir-lock';

/**
 * The advisory lock several instances starting together take in turn: migrations hold it for
 * the session, the demo seed for its transaction (seed/demo.ts), so one instance does each.
 */
export const MIGRATION_LOCK = 727274;

export type { Db, DbOrTx, Tx } from './types';

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Connections for the shared reads (the versions, the catalog's changes): one of each at most. */
const SHARED_READS_LANE = 2;

/**
 * Connections each pool keeps open however long it sits idle (the rest close after `idleMs`).
 * A new connection costs its start-up and then reads the catalog's tables into the backend's
 * caches on its first statements: 15-50 ms for one request in the growth bench's uncached column,
 * against 1-5 ms on a connection already used (docs/performance.md, "Warm connections"). A quiet
 * marketplace often goes more than 30 s between requests, and each such request paid it.
 */
const WARM_CONNECTIONS = 2;

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Limits on a PostgreSQL server that stalls (accepts connections, then answers nothing): without
 * them a query on a dead connection waits forever, and so does every request behind it.
 */
export interface DatabaseTimeouts {
  /** Opening a connection. */
  connectMs: number;
  /** The server cancels a statement running longer (statement_timeout). */
  statementMs: number;
  /** The client gives up on an answer (a stalled network); the connection is then discarded. */
  queryMs: number;
  /** An idle pooled connection is closed, but for the pool's WARM_CONNECTIONS. */
  idleMs: number;
}

const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5_000,
  statementMs: 15_000,
  queryMs: 20_000,
  idleMs: 30_000,
};

/**
 * The pool's connections (PostgreSQL), in pg's pipeline mode: a query is written as soon as it
 * is asked for, without waiting for the answer to the one before. Two things on top:
 *
 * - A transaction's `begin` is held back and written together with its first statement, so
 *   the two take one round trip instead of two (Npgsql does the same). Under load a round
 *   trip is a wait in the event loop, and a write transaction is a handful of them: this is
 *   one fewer for add to cart and checkout. Drizzle sends `begin` alone and awaits
 *   it; here it resolves at once, and the statement after it (a query, `commit` or `rollback`,
 *   so never none) carries it. A plain `begin` fails only with its connection, and then the
 *   statement behind it fails too; the caller hears either error.
 * - A connection whose answer timed out (query_timeout) is stuck behind that answer, and it may
 *   still be handed out again (a transaction releases its connection without the error): its
 *   socket is destroyed, so the pool discards it and the next query opens a fresh one.
 */
class PooledClient extends pg.Client {
  private beginHeldBack = false;

  constructor(config?: pg.ClientConfig) {
    super({ ...config, pipeline: true } as pg.ClientConfig);
    // The socket error we cause lands here while the connection is checked out (the pool only
    // listens while it is idle); unheard, it would end the process.
    this.on('error', () => {});
  }

  /** pg's query() has a dozen overloads: every call passes through, `begin` held back. */
  override query(...args: any[]): any {
    const send = (...a: any[]) => this.discardOnTimeout((super.query as (...q: any[]) => any)(...a));
    if (isPlainBegin(args) && !this.beginHeldBack) {
      this.beginHeldBack = true;
      return Promise.resolve({ command: 'BEGIN', rowCount: null, rows: [], fields: [] });
    }
    if (!this.beginHeldBack) return send(...args);
    this.beginHeldBack = false;
    const begun = send('begin') as Promise<unknown>;
    begun.catch(() => {}); // heard through the statement's answer, or (a callback) not at all
    const answer = send(...args);
    if (!(answer instanceof Promise)) return answer;
    return Promise.all([begun, answer]).then(([, result]) => result);
  }

  /** Back in the pool: a `begin` never followed by a statement was never sent, and stays so. */
  forgetHeldBackBegin(): void {
    this.beginHeldBack = false;
  }

  private discardOnTimeout(result: unknown): unknown {
    if (result instanceof Promise) {
      result.catch((err: unknown) => {
        if (err instanceof Error && err.message === 'Query read timeout') {
          (
            this as unknown as { connection: { stream: { destroy(err: Error): void } } }
          ).connection.stream.destroy(err);
        }
      });
    }
    return result;
  }
}

/** Drizzle's `begin` for a transaction: `{ text: 'begin' }` with no values and no callback. */
function isPlainBegin(args: unknown[]): boolean {
  const [config, values, callback] = args;
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
  return (
    typeof text === 'string' &&
    text.trim().toLowerCase() === 'begin' &&
    (values === undefined || (Array.isArray(values) && values.length === 0)) &&
    callback === undefined
  );
}

/**
 * The connection settings with JIT off: our statements run in well under a millisecond, but
 * once a table grows the planner's cost estimate can cross jit_above_cost, and compiling then
 * takes 100-150 ms per statement (the catalog's changes read did under the load bench). Any
 * server settings the URL names (`?options=-c ...`) are kept: node-postgres lets the URL's
 * own `options` win over the one passed beside it, so they move from the URL to that one.
 */
export function withoutJit(databaseUrl: string): { connectionString: string; options: string } {
  try {
    const url = new URL(databaseUrl);
    const options = [url.searchParams.get('options'), '-c jit=off'].filter(Boolean).join(' ');
    url.searchParams.delete('options');
    return { connectionString: url.toString(), options };
  } catch {
    return { connectionString: databaseUrl, options: '-c jit=off' };
  }
}

/**
 * PGlite in `dataDir` (or in memory for 'memory://') when there is no DATABASE_URL,
 * node-postgres otherwise. The same migrations run on both.
 */
export async function openDatabase(opts: {
  databaseUrl: string | null;
  dataDir?: string;
  poolSize?: number;
  timeouts?: Partial<DatabaseTimeouts>;
}): Promise<Database> {
  if (opts.databaseUrl && opts.databaseUrl !== 'memory://') {
    const timeouts = { ...DEFAULT_DATABASE_TIMEOUTS, ...opts.timeouts };
    const openPool = (max: number) => {
      const pool = new pg.Pool({
        ...withoutJit(opts.databaseUrl!),
        max,
        min: Math.min(WARM_CONNECTIONS, max),
        Client: PooledClient,
        connectionTimeoutMillis: timeouts.connectMs,
        idleTimeoutMillis: timeouts.idleMs,
        statement_timeout: timeouts.statementMs,
        query_timeout: timeouts.queryMs,
        // TCP keep-alive notices a connection whose peer vanished while it sat idle in the pool.
        keepAlive: true,
        keepAliveInitialDelayMillis: 10_000,
      });
      // An idle connection the server dropped (restart, failover, a dropped test database) is
      // discarded by the pool and the next query opens a new one; unhandled, the event would
      // crash the process.
      pool.on('error', () => {});
      pool.on('release', (_err, client) => (client as unknown as PooledClient).forgetHeldBackBegin());
      return pool;
    };
    const pool = openPool(opts.poolSize ?? DEFAULT_POOL_SIZE);
    // The shared reads of the versions and the catalog's changes (db/versions.ts) gate nearly
    // every request, cached ones included, and are at most one each in flight: on a lane of
    // their own they never wait behind the pool's transactions.
    const lane = openPool(SHARED_READS_LANE);
    const databaseUrl = opts.databaseUrl;
    const watch: QueryWatch = { observer: null };
    const db = drizzlePg(pool, { schema, logger: watchLogger(watch) }) as unknown as Db;
    watches.set(db, watch);
    markPipelined(db);
    setSharedReadsLane(db, drizzlePg(lane, { schema, logger: watchLogger(watch) }) as unknown as Db);
    return {
      db,
      kind: 'postgres',
      async migrate() {
        // Several instances may start together: one migrates at a time. Its own connection,
        // without the pool's timeouts: waiting for the lock or building an index may take long.
        const client = new pg.Client({ connectionString: databaseUrl });
        client.on('error', () => {});
        await client.connect();
        try {
          await client.query(`select pg_advisory_lock(${MIGRATION_LOCK})`);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query(`select pg_advisory_unlock(${MIGRATION_LOCK})`).catch(() => {});
          await client.end().catch(() => {});
        }
      },
      close: async () => {
        await Promise.all([pool.end(), lane.end()]);
      },
    };
  }
  let dir: string | undefined;
  let lock: DataDirLock | null = null;
  if (opts.databaseUrl !== 'memory://' && opts.dataDir) {
    // D40: one process per embedded database; a second one stops here naming the holder.
    lock = await lockDataDir(opts.dataDir, stopOnLostLock);
    dir = join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  let client: PGlite;
  try {
    client = await PGlite.create(dir, { extensions: { pg_trgm } });
  } catch (err) {
    lock?.release();
    throw err;
  }
  const writes = countLocalWrites(client);
  const watch: QueryWatch = { observer: null };
  const db = drizzlePglite(client, { schema, logger: watchLogger(watch) }) as unknown as Db;
  watches.set(db, watch);
  trackLocalWrites(db, writes);
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * D40: the data folder's lock was lost while this process held it (its folder removed, or taken
 * over after this process stalled past the stale time). Another process may be writing the
 * database now, so this one stops at once rather than overwrite its files.
 */
function stopOnLostLock(err: Error): void {
  console.error(
    `The data folder's lock was lost (${err.message}); stopping so that only one process writes.`,
  );
  process.exit(1);
}

type QueryObserver = (sql: string, params: unknown[]) => void;
interface QueryWatch {
  observer: QueryObserver | null;
}
const watches = new WeakMap<object, QueryWatch>();
const watchLogger = (watch: QueryWatch) => ({
  logQuery(query: string, params: unknown[]) {
    watch.observer?.(query, params);
  },
});

/**
 * Tests and benches: `observer` sees the text and parameters of every statement sent through
 * `db` (the app's, Better Auth's, transaction control on PostgreSQL) until it is replaced or
 * cleared with null.
 */
export function observeQueries(db: Db, observer: QueryObserver | null): void {
  const watch = watches.get(db);
  if (!watch) throw new Error('observeQueries: not a database opened by openDatabase');
  watch.observer = observer;
}

/**
 * No other process writes a PGlite database, so counting the statements that may write (and
 * every transaction) as they end tells the version cache when to read again (db/versions.ts).
 */
function countLocalWrites(client: PGlite): LocalWrites {
  const writes: LocalWrites = { generation: 0 };
  type Method = (...args: unknown[]) => Promise<unknown>;
  const counted = (method: Method, mayWrite: (args: unknown[]) => boolean): Method => {
    const original = method.bind(client);
    return async (...args) => {
      try {
        return await original(...args);
      } finally {
        if (mayWrite(args)) writes.generation++;
      }
    };
  };
  const target = client as unknown as Record<'query' | 'exec' | 'transaction', Method>;
  target.query = counted(target.query, ([text]) => !/^\s*select\b/i.test(String(text)));
  target.exec = counted(target.exec, () => true);
  target.transaction = counted(target.transaction, () => true);
  return writes;
}
