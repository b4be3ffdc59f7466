import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './data-dir-lock';

// D40 in one process; tests/instances/data-dir-lock.test.ts runs it with real servers.

const dirs: string[] = [];
const fresh = () => {
  const dir = mkdtempSync(join(tmpdir(), 'rakbuku-lock-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the data folder lock (D40)', () => {
  it('holds our pid, refuses a second taker, and is gone once released', () => {
    const dir = fresh();
    const lock = lockDataDir(dir);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    lockDataDir(dir).release();
  });

  it('refuses while another running process holds it, naming the folder and the pid', async () => {
    const dir = fresh();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      writeFileSync(join(dir, LOCK_FILE), `${other.pid}\n`);
      let error: unknown;
      try {
        lockDataDir(dir);
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(DataDirLockedError);
      expect((error as Error).message).toContain(dir);
      expect((error as Error).message).toContain(`pid ${other.pid}`);
      expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(other.pid));
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('takes over a stale lock left by a process that no longer runs', () => {
    const dir = fresh();
    const gone = spawnSync(process.execPath, ['-e', 'process.pid']).pid;
    writeFileSync(join(dir, LOCK_FILE), `${gone}\n`);
    const lock = lockDataDir(dir);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });
});
