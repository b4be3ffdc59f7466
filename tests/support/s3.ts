import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

// A real S3-compatible server (s3rver: signatures, XML, list pages over HTTP) in the test process, so the bucket store is exercised over the
// protocol it meets in production, never through a stand-in object. Its default keys are
// S3RVER/S3RVER and it checks request signatures with them.

export interface S3Server {
  endpoint: string;
  bucket: string;
  /** The S3_ variables that point the app at this server. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startS3Server(bucket = 'rakbuku-test'): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'rakbuku-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
