import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Server, startS3Server } from '@tests/support/s3';
import { createDiskStorage, createS3Storage } from './lib/storage';

// `npm run cli -- storage:copy` as an operator runs it (D31): the real command in its own
// process, against a real S3-compatible server, on a data folder with images in it.

const run = promisify(execFile);
const root = join(import.meta.dirname, '../..');
let s3: S3Server;
let dataDir: string;

beforeAll(async () => {
  s3 = await startS3Server('rakbuku-copy');
  dataDir = mkdtempSync(join(tmpdir(), 'rakbuku-copy-'));
  const disk = createDiskStorage(join(dataDir, 'uploads'));
  for (const key of ['covers/a/card.webp', 'covers/a/detail.webp', 'receipts/b.webp']) {
    await disk.put(key, Buffer.from(key), 'image/webp');
  }
});
afterAll(async () => {
  await s3?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function cli(env: Record<string, string>) {
  return run(process.execPath, ['--import', 'tsx', join(root, 'src/server/cli.ts'), 'storage:copy'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: { code: number; stdout: string; stderr: string }) => err,
  );
}

describe('npm run cli -- storage:copy', () => {
  it('copies every image to the bucket with progress and a summary; a second run copies nothing', async () => {
    const first = await cli(s3.env);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(
      `Copying ${join(dataDir, 'uploads')} to the bucket rakbuku-copy at ${s3.endpoint}...`,
    );
    expect(first.stdout).toContain('[##############################] 100% 3/3');
    expect(first.stdout).toContain('3 images: 3 copied (0.0 MB), 0 already in the bucket, 0 failed.');
    const bucket = createS3Storage({
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    expect((await bucket.get('receipts/b.webp'))?.body.toString()).toBe('receipts/b.webp');

    const second = await cli(s3.env);
    expect(second.stdout).toContain('3 images: 0 copied (0.0 MB), 3 already in the bucket, 0 failed.');
  });

  it('refuses without the S3 variables, or with a bucket it cannot reach, and copies nothing', async () => {
    const none = await cli({});
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('storage:copy needs the S3_ variables');
    const missing = await cli({ ...s3.env, S3_BUCKET: 'no-such-bucket' });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('The bucket no-such-bucket');
  });
});
