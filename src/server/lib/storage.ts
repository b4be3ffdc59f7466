import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, relative, sep } from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { AppError } from './errors';

// Where uploaded images live (D18, D31): the local data folder by default, an S3-compatible
// bucket when configured, so several instances share them. Keys are paths such as
// covers/<key>/card.webp and receipts/<key>.webp; both stores hold them under the same names.
// Nothing is ever served from the bucket directly: the app reads and answers every image, so
// receipts stay behind their permission check (docs/decisions/0004-images-in-object-storage.md).

export interface StoredObject {
  body: Buffer;
  contentType: string;
}

export interface StoredEntry {
  key: string;
  size: number;
  modifiedAt: Date;
}

export interface Storage {
  kind: 'disk' | 's3';
  /** Where the images are, for the start-up log: a folder, or a bucket at an endpoint. */
  location: string;
  /** Throws a readable error when the store cannot be used with these settings (checked at start). */
  check(): Promise<void>;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  /** Every object whose key starts with the prefix, in no promised order. */
  list(prefix: string): AsyncIterable<StoredEntry>;
}

const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg' };
const contentTypeOf = (key: string) =>
  CONTENT_TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream';

// A store that fails answers its own code rather than a 500: a full disk 507 STORAGE_FULL (it
// does not pass by itself; the operator frees space), a bucket that cannot be reached (its
// connection refused or cut, or a 5xx from it) 503 STORAGE_UNAVAILABLE with Retry-After. A file
// is written under a temporary name in its folder and renamed to its key only once complete, so
// a failed write (the disk full half way) leaves no file of that key, not even an empty one;
// the temporary file goes too.

const DISK_FULL = new Set(['ENOSPC', 'EDQUOT']);
const BUCKET_RETRY_AFTER_SECONDS = 30;

/** What the disk store writes with: node's writeFile (a test may hand it one that fails as a full disk does). */
type WriteFile = (path: string, body: Buffer) => Promise<void>;

export function createDiskStorage(root: string, io: { writeFile?: WriteFile } = {}): Storage {
  const write: WriteFile = io.writeFile ?? ((path, body) => writeFile(path, body));
  const pathOf = (key: string) => {
    const path = normalize(join(root, key));
    if (!path.startsWith(normalize(root))) throw new Error('Invalid storage key');
    return path;
  };
  async function* walk(dir: string): AsyncIterable<StoredEntry> {
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      return; // nothing stored there yet
    }
    if (names.length === 0 && dir !== normalize(root)) {
      // An empty folder (a write interrupted between mkdir and the file) is listed as S3 lists
      // a folder marker: its key with a trailing slash, so the orphan sweep can remove it.
      const info = await stat(dir).catch(() => null);
      if (info)
        yield { key: `${relative(root, dir).split(sep).join('/')}/`, size: 0, modifiedAt: info.mtime };
    }
    for (const name of names) {
      const path = join(dir, name);
      const info = await stat(path).catch(() => null);
      if (info?.isDirectory()) yield* walk(path);
      else if (info?.isFile()) {
        yield { key: relative(root, path).split(sep).join('/'), size: info.size, modifiedAt: info.mtime };
      }
    }
  }
  return {
    kind: 'disk',
    location: root,
    async check() {
      await mkdir(root, { recursive: true });
    },
    async put(key, body) {
      const path = pathOf(key);
      const partial = `${path}.${randomUUID()}.partial`;
      try {
        await mkdir(dirname(path), { recursive: true });
        await write(partial, body);
        await rename(partial, path);
      } catch (err) {
        await rm(partial, { force: true }).catch(() => {});
        if (DISK_FULL.has((err as NodeJS.ErrnoException).code ?? ''))
          throw new AppError('STORAGE_FULL', { cause: err });
        throw err;
      }
    },
    async get(key) {
      try {
        return { body: await readFile(pathOf(key)), contentType: contentTypeOf(key) };
      } catch {
        return null;
      }
    },
    async delete(key) {
      const path = pathOf(key);
      if (key.endsWith('/')) return rmdir(path).catch(() => {});
      await rm(path, { force: true });
      // A cover's folder goes with its last file; a folder still holding files stays.
      if (dirname(path) !== normalize(root)) await rmdir(dirname(path)).catch(() => {});
    },
    async *list(prefix) {
      // Walk only the folder the prefix names (covers/ walks covers), then filter.
      const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      for await (const entry of walk(pathOf(folder))) if (entry.key.startsWith(prefix)) yield entry;
    },
  };
}

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export function createS3Storage(settings: S3Settings): Storage {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only when the operation needs one: several S3-compatible stores refuse the
    // newer default checksum headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  /** Sends one command; a bucket out of reach (no answer, or a 5xx) is STORAGE_UNAVAILABLE. */
  const send = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === undefined || status >= 500) {
        throw new AppError('STORAGE_UNAVAILABLE', {
          retryAfterSeconds: BUCKET_RETRY_AFTER_SECONDS,
          cause: err,
        });
      }
      throw err;
    }
  };
  return {
    kind: 's3',
    location: `the bucket ${Bucket} at ${settings.endpoint}`,
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (err) {
        const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        const reason = status ? `HTTP ${status}` : err instanceof Error ? err.message : String(err);
        throw new Error(`The bucket ${Bucket} at ${settings.endpoint} cannot be used (${reason}).`);
      }
    },
    async put(key, body, contentType) {
      await send(() =>
        client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType })),
      );
    },
    async get(key) {
      try {
        return await send(async () => {
          const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
          if (!answer.Body) return null;
          return {
            body: Buffer.from(await answer.Body.transformToByteArray()),
            contentType: answer.ContentType ?? contentTypeOf(key),
          };
        });
      } catch (err) {
        const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if ((err as Error).name === 'NoSuchKey' || status === 404) return null;
        throw err;
      }
    },
    async delete(key) {
      await send(() => client.send(new DeleteObjectCommand({ Bucket, Key: key })));
    },
    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await send(() =>
          client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken })),
        );
        for (const item of page.Contents ?? []) {
          if (item.Key) {
            yield { key: item.Key, size: item.Size ?? 0, modifiedAt: item.LastModified ?? new Date(0) };
          }
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
