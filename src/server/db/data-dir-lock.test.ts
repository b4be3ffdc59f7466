import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, HOLDER_FILE, LOCK_DIR, lockDataDir } from './data-dir-lock';

// D40 in one process; tests/instances/data-dir-lock.test.ts runs it with real servers, in two PID
// namespaces. The timings are the library's shortest (stale 2 s, refreshed every second).

const FAST = { staleMs: 2_000, updateMs: 1_000 };
const dirs: string[] = [];
const fresh = () => {
  const dir = mkdtempSync(join(tmpdir(), 'rakbuku-lock-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const noCompromise = (err: Error) => {
  throw err;
};

describe('the data folder lock (D40)', () => {
  it('names its holder, refuses a second taker while the holder refreshes it, and is gone once released', async () => {
    const dir = fresh();
    const lock = await lockDataDir(dir, noCompromise, FAST);
    expect(JSON.parse(readFileSync(join(dir, HOLDER_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
    const started = Date.now();
    const refused = await lockDataDir(dir, noCompromise, FAST).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as Error).message).toContain(
      `The data folder ${dir} is in use by another Rakbuku process (pid ${process.pid}`,
    );
    // Refused as soon as the holder's refresh was seen, not after the stale time.
    expect(Date.now() - started).toBeLessThan(FAST.staleMs);
    lock.release();
    expect(existsSync(join(dir, LOCK_DIR))).toBe(false);
    (await lockDataDir(dir, noCompromise, FAST)).release();
  });

  it('a lock nobody refreshes (a crashed holder, whatever its pid or host) is taken once stale', async () => {
    const dir = fresh();
    mkdirSync(join(dir, LOCK_DIR));
    writeFileSync(
      join(dir, HOLDER_FILE),
      JSON.stringify({ pid: 1, host: 'another-container', since: 'then' }),
    );
    const started = Date.now();
    const lock = await lockDataDir(dir, noCompromise, FAST);
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThan(1_000);
    expect(waited).toBeLessThan(FAST.staleMs + FAST.updateMs + 1_000);
    expect(JSON.parse(readFileSync(join(dir, HOLDER_FILE), 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('a lock older than the stale time is taken at once', async () => {
    const dir = fresh();
    mkdirSync(join(dir, LOCK_DIR));
    const old = new Date(Date.now() - 60_000);
    utimesSync(join(dir, LOCK_DIR), old, old);
    const started = Date.now();
    (await lockDataDir(dir, noCompromise, FAST)).release();
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('the pid file the scheme before left behind is no lock', async () => {
    const dir = fresh();
    writeFileSync(join(dir, LOCK_DIR), '1\n');
    (await lockDataDir(dir, noCompromise, FAST)).release();
  });

  it('a lock lost while held (its folder removed) is reported to the holder, who must stop', async () => {
    const dir = fresh();
    const lost = new Promise<Error>((resolve) => {
      void lockDataDir(dir, resolve, FAST).then(() => rmdirSync(join(dir, LOCK_DIR)));
    });
    expect((await lost).message).toMatch(/compromised|ENOENT/);
  });
});
