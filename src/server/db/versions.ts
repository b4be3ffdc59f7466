import { sql } from 'drizzle-orm';
import type { DbOrTx } from './types';
import { catalogVersion, sessionRevocation } from './schema';

// The two versions every instance's caches hang on: `catalog_version` (catalog counts and
// pages, D17) and `session_revocation` (the session cache). Both move at the commit of
// the transaction that changed what they guard (deferred triggers, migrations 0002 and 0004), on
// whichever instance wrote, and both are read together in one tiny prepared query.

export interface Versions {
  catalog: number;
  sessions: number;
}

/** One prepared statement per database, built once (db/versions.ts is its only user). */
function versionsReader(db: DbOrTx): () => Promise<Versions> {
  const statement = db
    .select({ catalog: catalogVersion.version, sessions: sessionRevocation.version })
    .from(catalogVersion)
    .innerJoin(sessionRevocation, sql`true`)
    .prepare('rk_versions');
  return async () => {
    const [row] = await statement.execute();
    return { catalog: row?.catalog ?? 0, sessions: row?.sessions ?? 0 };
  };
}

/**
 * PostgreSQL: the connections the shared reads use (client.ts), apart from the pool that
 * requests' own queries and transactions wait for. PGlite has one connection: none apart.
 */
const lanes = new WeakMap<object, DbOrTx>();
export function setSharedReadsLane(db: object, lane: DbOrTx): void {
  lanes.set(db, lane);
}
/** Where a shared read of `db` runs. */
export const sharedReadsOf = (db: DbOrTx): DbOrTx => lanes.get(db) ?? db;

/**
 * A PGlite database is this process's alone, so the versions it last read stay true until one
 * of its own writes ends: client.ts counts those, and between two of them no query is needed.
 */
export interface LocalWrites {
  generation: number;
}
const localWrites = new WeakMap<object, LocalWrites>();
export function trackLocalWrites(db: object, writes: LocalWrites): void {
  localWrites.set(db, writes);
}

/** The longest a shared read may take before its callers get an error. */
const SHARED_READ_TIMEOUT_MS = 10_000;

function settleWithin<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`shared read took over ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

interface SharedReads<T> {
  inflight: Promise<T> | null;
  next: Promise<T> | null;
}

/**
 * One read shared by concurrent callers, for values that only move forward (the versions).
 * A read already in flight was sent before the caller arrived and might miss a write the caller
 * has just seen committed, so a caller only ever joins the *next* read, which starts when the
 * current one ends. Under load that is one tiny query per round trip, not per request.
 */
function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  const state: SharedReads<T> = { inflight: null, next: null };
  const start = () => {
    // A read that never settles (a stalled database) would hold every caller forever,
    // since they all join it. It is bounded (the pool's query timeout ends it sooner on
    // PostgreSQL) and forgotten as soon as it fails, so the next caller starts a fresh one.
    const pending: Promise<T> = settleWithin(read(), SHARED_READ_TIMEOUT_MS).finally(() => {
      if (state.inflight === pending) state.inflight = null;
    });
    state.inflight = pending;
    return pending;
  };
  return () => {
    if (!state.inflight) return start();
    state.next ??= state.inflight
      .catch(() => undefined)
      .then(() => {
        state.next = null;
        return state.inflight ?? start();
      });
    return state.next;
  };
}

interface VersionSource {
  read: () => Promise<Versions>;
  /** PGlite only: the last versions read and the write generation they were read at. */
  known: { versions: Versions; generation: number } | null;
}
const sources = new WeakMap<object, VersionSource>();

/** The catalog and session versions as of some moment after this call. */
export function currentVersions(db: DbOrTx): Promise<Versions> {
  let source = sources.get(db);
  if (!source) {
    const created: VersionSource = { read: sharedRead(versionsReader(sharedReadsOf(db))), known: null };
    const writes = localWrites.get(db);
    if (writes) {
      const shared = created.read;
      created.read = async () => {
        const generation = writes.generation;
        const versions = await shared();
        // Only a read that started after the last write ended may stand for the versions now.
        if (!created.known || created.known.generation <= generation)
          created.known = { versions, generation };
        return versions;
      };
    }
    sources.set(db, created);
    source = created;
  }
  const writes = localWrites.get(db);
  if (writes && source.known && source.known.generation === writes.generation) {
    return Promise.resolve(source.known.versions);
  }
  return source.read();
}
