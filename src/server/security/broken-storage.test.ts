import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { books } from '@server/db/schema';
import type { Database } from '@server/db/client';
import { createDiskStorage } from '@server/lib/storage';
import { createBook } from '@server/seed/factories';
import { findTestPostgres } from '@tests/support/database';
import { createTestContext, type TestContext } from '@tests/support/harness';
import en from '@web/locales/en/errors.json';
import type { PaymentsApi } from '@server/modules/payments/routes';

// A full disk on upload, a bucket out of reach and a cut database connection each answered a
// generic 500, and the full disk left a 0-byte photo behind. Each now has its own code and
// status, 503 with Retry-After for what passes by itself, words in both catalogues (locales
// test), and nothing half-written.

type ErrorAnswer = { error: { code: string; message: string } };

const contexts: TestContext[] = [];
const servers: Server[] = [];
afterAll(async () => {
  for (const server of servers) await new Promise<void>((resolve) => server.close(() => resolve()));
  for (const ctx of contexts) await ctx.close();
});

const photo = await sharp({ create: { width: 60, height: 90, channels: 3, background: '#369' } })
  .jpeg()
  .toBuffer();

function bookForm(title: string): FormData {
  const data = new FormData();
  data.append('title', title);
  data.append('author', 'Andrea Hirata');
  data.append('weeklyPrice', '25000');
  data.append('cover', new File([new Uint8Array(photo)], 'cover.jpg', { type: 'image/jpeg' }));
  return data;
}

/** Every file under a folder, with its size. */
function filesUnder(dir: string): { path: string; size: number }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return { path, size: statSync(path).size };
    });
}

describe('a full disk on upload', () => {
  it('answers 507 STORAGE_FULL with its message, stores no book and leaves no file, not even an empty one', {
    timeout: 120_000,
  }, async () => {
    // The disk fills up on the `failAt`-th write: the write starts (the file exists, partly
    // written), then fails as a full disk does. A test can set it between uploads.
    let writes = 0;
    let failAt = 1;
    const ctx = await createTestContext(
      {},
      {
        storage: (dataDir) =>
          createDiskStorage(join(dataDir, 'uploads'), {
            writeFile: async (path, body) => {
              writes++;
              if (writes < failAt) return writeFile(path, body);
              await writeFile(path, body.subarray(0, Math.floor(body.byteLength / 3)));
              throw Object.assign(new Error(`ENOSPC: no space left on device, write '${path}'`), {
                code: 'ENOSPC',
              });
            },
          }),
      },
    );
    contexts.push(ctx);
    const uploads = join(ctx.config.dataDir, 'uploads');
    const owner = await ctx.member();

    // Full from the first write, then full at the second (the cover's first variant is stored).
    for (const [n, at] of [
      [0, 1],
      [1, 2],
    ] as const) {
      writes = 0;
      failAt = at;
      const res = await ctx.rawRequest<ErrorAnswer>('POST', '/api/books', {
        cookie: owner.cookie,
        body: bookForm(`Full disk ${n}`),
      });
      expect(res.status).toBe(507);
      expect(res.body.error.code).toBe('STORAGE_FULL');
      expect(res.body.error.message).toBe(en.codes.STORAGE_FULL);
      expect(writes).toBe(at);
      expect(
        await ctx.db
          .select()
          .from(books)
          .where(eq(books.title, `Full disk ${n}`)),
      ).toEqual([]);
      expect(filesUnder(uploads)).toEqual([]);
    }

    // Space again: the same upload is stored whole, under its own names only.
    failAt = Number.POSITIVE_INFINITY;
    const ok = await ctx.rawRequest<{ id: string }>('POST', '/api/books', {
      cookie: owner.cookie,
      body: bookForm('Space again'),
    });
    expect(ok.status).toBe(201);
    const files = filesUnder(uploads);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(file.path).toMatch(/\.webp$/);
      expect(file.size).toBeGreaterThan(0);
    }
  });
});

/** A port held by a server that resets every connection: a bucket that cannot be reached. */
async function unreachable(): Promise<string> {
  const server = createServer((socket) => socket.resetAndDestroy());
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('a bucket that cannot be reached', () => {
  it('answers uploads and image reads 503 STORAGE_UNAVAILABLE with Retry-After, and stores no book', {
    timeout: 120_000,
  }, async () => {
    const ctx = await createTestContext({
      S3_ENDPOINT: await unreachable(),
      S3_BUCKET: 'rakbuku-away',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
    contexts.push(ctx);
    const owner = await ctx.member();

    const upload = await ctx.rawRequest<ErrorAnswer>('POST', '/api/books', {
      cookie: owner.cookie,
      body: bookForm('Bucket away'),
    });
    expect(upload.status).toBe(503);
    expect(upload.body.error.code).toBe('STORAGE_UNAVAILABLE');
    expect(upload.body.error.message).toBe(en.codes.STORAGE_UNAVAILABLE);
    expect(Number(upload.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await ctx.db.select().from(books).where(eq(books.title, 'Bucket away'))).toEqual([]);

    const book = await createBook(ctx.db, { ownerId: owner.user.id, coverKey: randomUUID() });
    const cover = await ctx.rawRequest<ErrorAnswer>('GET', `/api/covers/${book.coverKey}/card.webp`);
    expect(cover.status).toBe(503);
    expect(cover.body.error.code).toBe('STORAGE_UNAVAILABLE');
    expect(Number(cover.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

const postgres = await findTestPostgres();

describe.skipIf(!postgres)('a cut database connection (PostgreSQL)', () => {
  it('answers the request whose connection was terminated 503 DATABASE_UNAVAILABLE with Retry-After; the next one is served', {
    timeout: 120_000,
  }, async () => {
    const ctx = await createTestContext({}, { databaseServer: postgres });
    contexts.push(ctx);
    const url = (ctx.runtime.database as Database & { url: string | null }).url!;
    const admin = await ctx.admin();
    expect(
      (await ctx.answer(ctx.client<PaymentsApi>(admin.cookie).admin.payouts.$get({ query: {} }))).status,
    ).toBe(200);

    // Another session holds a table the request reads, so the request's statement waits on a
    // backend of its own; that backend is then terminated, as a restart of PostgreSQL would.
    const operator = new pg.Client({ connectionString: url });
    await operator.connect();
    try {
      await operator.query('begin');
      await operator.query('lock table ledger_settings in access exclusive mode');
      const [{ pid: operatorPid }] = (await operator.query<{ pid: number }>('select pg_backend_pid() as pid'))
        .rows;
      const pending = ctx.answer(ctx.client<PaymentsApi>(admin.cookie).admin.payouts.$get({ query: {} }));
      let waiting: number[] = [];
      while (waiting.length === 0) {
        const found = new pg.Client({ connectionString: url });
        await found.connect();
        const { rows } = await found.query<{ pid: number }>(
          `select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> $1`,
          [operatorPid],
        );
        await found.end();
        waiting = rows.map((r) => r.pid);
      }
      await operator.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [waiting]);
      const res = await pending;
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('DATABASE_UNAVAILABLE');
      expect(res.body.error.message).toBe(en.codes.DATABASE_UNAVAILABLE);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await operator.query('rollback').catch(() => {});
      await operator.end();
    }
    // The pool has dropped the dead connection: the same request is served again.
    expect(
      (await ctx.answer(ctx.client<PaymentsApi>(admin.cookie).admin.payouts.$get({ query: {} }))).status,
    ).toBe(200);
  });
});
