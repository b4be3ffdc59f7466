import { linkSync, mkdirSync, readFileSync, rmdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

// D40: one process at a time on an embedded database. PGlite has no locking of its own: two
// processes on one DATA_DIR both accept writes and each overwrites the other's files, so a
// restart loses what one of them wrote. The server and every CLI command that opens the
// embedded database take this lock first. A PostgreSQL server (DATABASE_URL) takes no lock:
// it serves any number of processes itself.
//
// The lock is a file holding the holder's pid, made whole before it appears (written under a
// private name, then hard-linked into place, which fails when the file exists). It is removed
// when the database closes and at process exit. A lock whose pid no longer runs (a crash, a
// SIGKILL) is stale and taken over; taking over happens under a second, short-lived lock (a
// directory, made atomically) so two processes starting after a crash do not both take it.

export const LOCK_FILE = 'rakbuku.lock';
const TAKEOVER_DIR = 'rakbuku.lock.takeover';
/** A takeover directory older than this was left by a process that died while taking over. */
const TAKEOVER_STALE_MS = 10_000;

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by another Rakbuku process (pid ${holderPid}). ` +
        'Only one process may open an embedded database at a time: stop that process first, or ' +
        'use another DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

/** Folders this process holds: a second open in the same process is refused like another's. */
const held = new Set<string>();

function readHolder(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function errno(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException).code;
}

/** Places the lock file holding our pid; false when a lock file is already there. */
function place(file: string): boolean {
  const own = `${file}.${process.pid}`;
  writeFileSync(own, `${process.pid}\n`);
  try {
    linkSync(own, file);
    return true;
  } catch (err) {
    if (errno(err) === 'EEXIST') return false;
    throw err;
  } finally {
    unlinkSync(own);
  }
}

/** Removes the lock file if it still names `stalePid`, under the takeover lock; true if removed. */
function removeStale(dir: string, file: string, stalePid: number | null): boolean {
  const takeover = join(dir, TAKEOVER_DIR);
  try {
    mkdirSync(takeover);
  } catch (err) {
    if (errno(err) !== 'EEXIST') throw err;
    try {
      if (Date.now() - statSync(takeover).mtimeMs > TAKEOVER_STALE_MS) rmdirSync(takeover);
    } catch {
      // another process removed it first
    }
    return false;
  }
  try {
    if (readHolder(file) !== stalePid) return false;
    unlinkSync(file);
    return true;
  } catch (err) {
    if (errno(err) === 'ENOENT') return true;
    throw err;
  } finally {
    rmdirSync(takeover);
  }
}

/** Takes the lock on `dataDir` or throws DataDirLockedError naming the running holder. */
export function lockDataDir(dataDir: string): DataDirLock {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, LOCK_FILE);
  if (held.has(dir)) throw new DataDirLockedError(dir, process.pid);
  for (let attempt = 0; attempt < 50; attempt++) {
    if (place(file)) {
      held.add(dir);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        held.delete(dir);
        process.off('exit', release);
        if (readHolder(file) === process.pid) {
          try {
            unlinkSync(file);
          } catch {
            // already gone
          }
        }
      };
      process.on('exit', release);
      return { file, release };
    }
    const holder = readHolder(file);
    // Our own pid in a lock we do not hold was left by an earlier process that had it (pids are
    // reused, in containers often the same small number).
    if (holder !== null && holder !== process.pid && isRunning(holder)) {
      throw new DataDirLockedError(dir, holder);
    }
    if (!removeStale(dir, file, holder)) {
      // Another process is taking over, or took over: look again shortly.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
  const holder = readHolder(file);
  throw new DataDirLockedError(dir, holder ?? 0);
}
