import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books, orders } from '@server/db/schema';
import { sweepOrphanCovers } from '@server/modules/covers/orphan-sweep-service';
import { storageKey } from '@server/modules/covers/service';
import { receiptStorageKey } from '@server/modules/payments/receipts';
import { openStorage } from '@server/runtime';
import { createBook } from '@server/seed/factories';
import { createTestContext, type TestContext, undeclaredInput } from '@tests/support/harness';
import { placeTestOrder } from '@tests/support/order-factories';
import { type S3Server, startS3Server } from '@tests/support/s3';
import { createDiskStorage, createS3Storage, type Storage } from './storage';
import { copyStorage } from './storage-copy';
import type { BooksApi } from '@server/modules/books/routes';
import type { PaymentsApi } from '@server/modules/payments/routes';

// D31: with the S3_ variables set, every image goes to the bucket, over the real S3 protocol
// (an s3rver started here). The bucket is read back through a second client, so each test
// sees what another instance would.

let s3: S3Server;
let ctx: TestContext;
let bucket: Storage;
let jpeg: Buffer;
beforeAll(async () => {
  s3 = await startS3Server();
  ctx = await createTestContext(s3.env);
  bucket = openStorage(ctx.config);
  jpeg = await sharp({ create: { width: 60, height: 90, channels: 3, background: '#0f766e' } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await ctx?.close();
  await s3?.close();
});

async function keys(store: Storage, prefix: string) {
  const out: string[] = [];
  for await (const entry of store.list(prefix)) out.push(entry.key);
  return out.sort();
}

const diskUploads = () => join(ctx.config.dataDir, 'uploads');

describe('the S3 store over the protocol', () => {
  it('puts, gets, lists and deletes objects; a missing key is null', async () => {
    expect(ctx.deps.storage.kind).toBe('s3');
    const key = `covers/${randomUUID()}/card.webp`;
    await bucket.put(key, Buffer.from('webp bytes'), 'image/webp');
    expect(await bucket.get(key)).toEqual({ body: Buffer.from('webp bytes'), contentType: 'image/webp' });
    const [entry] = await collect(bucket.list(key));
    expect(entry).toMatchObject({ key, size: 10 });
    await bucket.delete(key);
    expect(await bucket.get(key)).toBeNull();
    expect(await keys(bucket, key)).toEqual([]);
    await expect(bucket.delete(key)).resolves.toBeUndefined(); // deleting twice is no error
  });

  it('refuses to start on a bucket that does not exist or keys it does not know', async () => {
    await expect(createS3Storage({ ...settings(), bucket: 'no-such-bucket' }).check()).rejects.toThrow(
      /The bucket no-such-bucket .* cannot be used \(HTTP 404\)/,
    );
    await expect(createS3Storage({ ...settings(), accessKeyId: 'NOBODY' }).check()).rejects.toThrow(
      /cannot be used \(HTTP 403\)/,
    );
    await expect(openStorage(ctx.config).check()).resolves.toBeUndefined();
  });
});

describe('images through the API go to the bucket', () => {
  it('an uploaded cover is stored in the bucket only and served with a year of cache', async () => {
    const owner = await ctx.member();
    const form = new FormData();
    for (const [k, v] of Object.entries({ title: 'Bucket Book', author: 'S. Tiga', weeklyPrice: '20000' }))
      form.append(k, v);
    form.append('cover', new File([new Uint8Array(jpeg)], 'cover.jpg', { type: 'image/jpeg' }));
    const res = await ctx.answer(
      ctx.client<BooksApi>(owner.cookie).books.$post({ ...undeclaredInput({ form: form }) }),
    );
    expect(res.status).toBe(201);
    const [row] = await ctx.db.select().from(books).where(eq(books.id, res.body.id));
    expect(await keys(bucket, `covers/${row.coverKey}/`)).toEqual([
      storageKey(row.coverKey, 'card'),
      storageKey(row.coverKey, 'detail'),
    ]);
    expect(existsSync(join(diskUploads(), 'covers', row.coverKey))).toBe(false);

    const served = await ctx.deps.storage.get(storageKey(row.coverKey, 'card'));
    const card = await ctx.runtime.app.request(`/api/covers/${row.coverKey}/card.webp`);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/webp');
    expect(card.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await card.arrayBuffer())).toEqual(served?.body);
    expect((await sharp(served?.body).metadata()).width).toBe(320);
  });

  it('a receipt goes to the bucket and is streamed to the borrower and admins only', async () => {
    const owner = await ctx.member();
    const book = await createBook(ctx.db, { ownerId: owner.user.id, weeklyPrice: '12000.00' });
    const { order, borrower } = await placeTestOrder(ctx, { books: [book], deliveryMethod: 'pickup' });
    const receipt = new File([new Uint8Array(jpeg)], 'receipt.jpg', { type: 'image/jpeg' });
    const claimed = await ctx.answer(
      ctx.client<PaymentsApi>(borrower.cookie).orders[':id']['payment-claim'].$post({
        param: { id: order.id },
        form: { receipt },
      }),
    );

    expect(claimed.status).toBe(200);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
    const stored = await bucket.get(receiptStorageKey(row.paymentReceiptKey!));
    expect(stored?.contentType).toBe('image/webp');
    expect(existsSync(join(diskUploads(), 'receipts'))).toBe(false);

    const get = (cookie?: string) =>
      ctx.runtime.app.request(`/api/orders/${order.id}/receipt`, {
        headers: cookie ? { cookie } : {},
      });
    const mine = await get(borrower.cookie);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await mine.arrayBuffer())).toEqual(stored?.body);
    expect((await get((await ctx.admin()).cookie)).status).toBe(200);
    for (const cookie of [owner.cookie, (await ctx.member()).cookie]) {
      const refused = await get(cookie);
      expect(refused.status).toBe(403);
      expect((await refused.json()).error.code).toBe('RECEIPT_FORBIDDEN');
    }
    expect((await get()).status).toBe(401);
  });
});

describe('the orphan sweep on the bucket', () => {
  it('removes covers no book or order item names, written before the start; keeps the rest', async () => {
    const owner = await ctx.member();
    const book = await createBook(ctx.db, { ownerId: owner.user.id, coverKey: randomUUID() });
    const put = async (key: string) => {
      for (const v of ['card', 'detail'] as const) await bucket.put(storageKey(key, v), jpeg, 'image/webp');
    };
    const orphan = randomUUID();
    await put(book.coverKey);
    await put(orphan);
    await bucket.put('covers/not-a-uuid/card.webp', jpeg, 'image/webp');
    await bucket.put(receiptStorageKey(randomUUID()), jpeg, 'image/webp');

    // Started before these were written: all are in flight, none goes.
    expect(
      await sweepOrphanCovers(ctx.db, ctx.deps.storage, { writtenBefore: new Date(Date.now() - 60_000) }),
    ).toEqual([]);
    // Started after: the orphan goes, with both its files; the named cover, the odd folder and receipts stay.
    const removed = await sweepOrphanCovers(ctx.db, ctx.deps.storage, {
      writtenBefore: new Date(Date.now() + 60_000),
    });
    expect(removed).toContain(orphan);
    expect(removed).not.toContain(book.coverKey);
    expect(await keys(bucket, `covers/${orphan}/`)).toEqual([]);
    expect(await keys(bucket, `covers/${book.coverKey}/`)).toHaveLength(2);
    expect(await keys(bucket, 'covers/not-a-uuid/')).toHaveLength(1);
    expect((await keys(bucket, 'receipts/')).length).toBeGreaterThan(0);
  });
});

describe('copying an install from disk to the bucket (storage:copy)', () => {
  it('copies every image once, skips what is there, and a second run copies nothing', async () => {
    const root = join(ctx.config.dataDir, 'copy-source');
    const disk = createDiskStorage(root);
    const target = createS3Storage({ ...settings(), bucket: s3.bucket });
    const cover = randomUUID();
    const files = [storageKey(cover, 'card'), storageKey(cover, 'detail'), receiptStorageKey(randomUUID())];
    for (const [i, key] of files.entries()) await disk.put(key, Buffer.alloc(100 + i, i), 'image/webp');
    // An earlier run was interrupted after the first file; a half-written second one is in the bucket.
    await target.put(files[0], Buffer.alloc(100, 0), 'image/webp');
    await target.put(files[1], Buffer.alloc(3, 1), 'image/webp');
    const before = await keys(target, '');

    const progress: number[] = [];
    const first = await copyStorage(disk, target, (p) => progress.push(p.done));
    expect(first).toMatchObject({ total: 3, copied: 2, skipped: 1, failed: [] });
    expect(progress).toEqual([1, 2, 3]);
    for (const [i, key] of files.entries())
      expect((await target.get(key))?.body).toEqual(Buffer.alloc(100 + i, i));
    expect(await keys(target, '')).toEqual([...new Set([...before, ...files])].sort());

    expect(await copyStorage(disk, target)).toMatchObject({ total: 3, copied: 0, skipped: 3, failed: [] });
  });

  it('counts a file it cannot read as failed and goes on with the rest', async () => {
    const root = join(ctx.config.dataDir, 'copy-broken');
    mkdirSync(join(root, 'covers', 'x'), { recursive: true });
    writeFileSync(join(root, 'covers', 'x', 'card.webp'), 'ok');
    const disk = createDiskStorage(root);
    const flaky: Storage = {
      ...disk,
      get: async (key) => (key.endsWith('card.webp') ? null : disk.get(key)),
    };
    await disk.put('receipts/y.webp', Buffer.from('fine'), 'image/webp');
    const summary = await copyStorage(flaky, bucket);
    expect(summary).toMatchObject({ total: 2, copied: 1, skipped: 0 });
    expect(summary.failed).toEqual([
      { key: 'covers/x/card.webp', error: 'vanished from the source while copying' },
    ]);
  });
});

function settings() {
  return {
    endpoint: s3.endpoint,
    bucket: s3.bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
}

async function collect<T>(items: AsyncIterable<T>) {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
