import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { lockSync } from 'proper-lockfile';

// D40: one process at a time on an embedded database. PGlite has no locking of its own: two
// processes on one DATA_DIR both accept writes and each overwrites the other's files, so a
// restart loses what one of them wrote. The server and every CLI command that opens the
// embedded database take this lock first. A PostgreSQL server (DATABASE_URL) takes no lock:
// it serves any number of processes itself.
//
// The lock is proper-lockfile's: a directory made atomically (mkdir) whose modification time
// the holder refreshes every UPDATE_MS. It names no process id, so it holds across PID
// namespaces (every container's server is pid 1) and hosts sharing the folder: the lock is
// alive while its time moves, whoever holds it. A holder that crashed stops refreshing it and
// it is taken over once older than STALE_MS, so a restart waits at most that long
// (docs/decisions/0005-data-folder-lock.md).

export const LOCK_DIR = 'rakbuku.lock';
/** Who holds the lock, for the refusal's message only; the lock itself is LOCK_DIR. */
export const HOLDER_FILE = 'rakbuku.lock.holder';
const STALE_MS = 20_000;
const UPDATE_MS = 5_000;
const POLL_MS = 250;

export interface LockTiming {
  /** A lock whose time has not moved for this long was left by a crash and is taken over. */
  staleMs: number;
  /** How often the holder refreshes it (at most half of staleMs). */
  updateMs: number;
}
const DEFAULT_TIMING: LockTiming = { staleMs: STALE_MS, updateMs: UPDATE_MS };

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: string,
  ) {
    super(
      `The data folder ${dataDir} is in use by another Rakbuku process (${holder}). ` +
        'Only one process may open an embedded database at a time: stop that process first, or ' +
        'use another DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly dir: string;
  release(): void;
}

interface Holder {
  pid: number;
  host: string;
  since: string;
}

function describeHolder(dir: string): string {
  try {
    const h = JSON.parse(readFileSync(join(dir, HOLDER_FILE), 'utf8')) as Holder;
    return `pid ${h.pid} on ${h.host}, since ${h.since}`;
  } catch {
    return 'holder unknown';
  }
}

function lockTime(path: string): number | null {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Takes the lock on `dataDir`, or throws DataDirLockedError naming the holder once the lock is
 * seen alive (its time moved). A lock left by a crash is waited for until it is stale (at most
 * staleMs) and then taken. `onCompromised` runs when the lock is lost while held (its folder
 * removed, or taken over after this process stalled past staleMs): the caller must stop writing.
 */
export async function lockDataDir(
  dataDir: string,
  onCompromised: (err: Error) => void,
  timing: LockTiming = DEFAULT_TIMING,
): Promise<DataDirLock> {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const lockPath = join(dir, LOCK_DIR);
  // The scheme before this one left a plain file of that name (a pid); it is no lock now.
  try {
    if (statSync(lockPath).isFile()) rmSync(lockPath);
  } catch {
    // no lock there
  }
  let seen: number | null = null;
  const deadline = Date.now() + timing.staleMs + timing.updateMs;
  for (;;) {
    try {
      const release = lockSync(dir, {
        lockfilePath: lockPath,
        realpath: false,
        stale: timing.staleMs,
        update: timing.updateMs,
        onCompromised,
      });
      const holder: Holder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
      writeFileSync(join(dir, HOLDER_FILE), JSON.stringify(holder));
      let released = false;
      return {
        dir,
        release() {
          if (released) return;
          released = true;
          try {
            release();
          } catch {
            // already released or compromised
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
    }
    // Held. A live holder refreshes the lock's time within updateMs: refuse once it moves. A
    // crashed one never does: wait until the library finds it stale and takes it.
    const time = lockTime(lockPath);
    if (seen !== null && time !== null && time !== seen)
      throw new DataDirLockedError(dir, describeHolder(dir));
    seen = time ?? seen;
    if (Date.now() > deadline) throw new DataDirLockedError(dir, describeHolder(dir));
    await sleep(POLL_MS);
  }
}
