import { randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COVER_MAX_BYTES } from '@domain/constants';
import { books, cartItems } from '@server/db/schema';
import { createBook, createUser } from '@server/seed/factories';
import {
  createTestContext,
  type Member,
  type TestContext,
  uncheckedInput,
  undeclaredInput,
} from '@tests/support/harness';
import { advanceTestOrder, placeTestOrder } from '@tests/support/order-factories';
import { addToCart } from '@server/modules/cart/service';
import { storageKey } from '@server/modules/covers/service';
import { UPLOADS_PER_HOUR } from './upload-rate-limit';
import type { BooksApi } from './routes';
import type { CheckoutApi } from '@server/modules/checkout/routes';

let ctx: TestContext;
let jpeg: Buffer;
beforeAll(async () => {
  ctx = await createTestContext();
  jpeg = await image('jpeg');
});
afterAll(() => ctx.close());

function image(format: 'jpeg' | 'png' | 'webp', exif?: Record<string, string>) {
  let pipeline = sharp({ create: { width: 60, height: 90, channels: 3, background: '#0f766e' } })[format]();
  if (exif) pipeline = pipeline.withExif({ IFD0: exif });
  return pipeline.toBuffer();
}

/** A PNG whose header claims 20000 x 20000 pixels: tiny on the wire, 400 MP once decoded. */
function pngBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(60_001))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const VALID = { title: 'Laskar Pelangi', author: 'Andrea Hirata', weeklyPrice: '25000' };

function form(fields: Record<string, string>, cover?: { bytes: Buffer; name?: string; type?: string }) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  if (cover) {
    const file = new File([new Uint8Array(cover.bytes)], cover.name ?? 'cover.jpg', {
      type: cover.type ?? 'image/jpeg',
    });
    data.append('cover', file);
  }
  return data;
}

const upload = (member: Member, fields: Record<string, string>, cover: Buffer | null = jpeg) =>
  ctx.answer(
    ctx
      .client<BooksApi>(member.cookie)
      .books.$post({ ...undeclaredInput({ form: form(fields, cover ? { bytes: cover } : undefined) }) }),
  );

describe('POST /api/books (upload)', () => {
  it('creates an Available book owned by the uploader, with the spec defaults', async () => {
    const owner = await ctx.member();
    const res = await upload(owner, VALID);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ownerId: owner.user.id,
      title: 'Laskar Pelangi',
      author: 'Andrea Hirata',
      language: 'English',
      condition: 'Good',
      category: 'Adult',
      status: 'Available',
      availability: 'available',
      summary: null,
      weeklyPrice: '25000.00',
      monthlyPrice: null,
      owner: { id: owner.user.id },
    });
    const [row] = await ctx.db.select().from(books).where(eq(books.id, res.body.id));
    expect(row.ownerId).toBe(owner.user.id);
  });

  it('stores every field that is sent', async () => {
    const owner = await ctx.member();
    const res = await upload(owner, {
      title: '  Bumi Manusia ',
      author: 'Pramoedya Ananta Toer',
      language: 'Indonesian',
      condition: 'Brand New',
      category: 'Teen',
      summary: 'A story of Minke.',
      weeklyPrice: '22.000',
      monthlyPrice: '80,000',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Bumi Manusia',
      language: 'Indonesian',
      condition: 'Brand New',
      category: 'Teen',
      summary: 'A story of Minke.',
      weeklyPrice: '22000.00',
      monthlyPrice: '80000.00',
    });
  });

  it('accepts PNG and WEBP covers', async () => {
    const owner = await ctx.member();
    for (const format of ['png', 'webp'] as const) {
      const res = await upload(owner, VALID, await image(format));
      expect(res.status, format).toBe(201);
    }
  });

  const RULES: Array<[string, Record<string, string>, string, string]> = [
    ['title missing', { title: '' }, 'title', 'Title is required'],
    ['title blank', { title: '   ' }, 'title', 'Title is required'],
    ['title too long', { title: 'x'.repeat(101) }, 'title', 'Title must be 100 characters or less'],
    ['author missing', { author: '' }, 'author', 'Author is required'],
    ['author too long', { author: 'y'.repeat(101) }, 'author', 'Author name must be 100 characters or less'],
    ['weekly price missing', { weeklyPrice: '' }, 'weeklyPrice', 'Weekly price must be at least Rp 1.000'],
    ['weekly price zero', { weeklyPrice: '0' }, 'weeklyPrice', 'Weekly price must be at least Rp 1.000'],
    ['weekly price negative', { weeklyPrice: '-1' }, 'weeklyPrice', 'Weekly price must be at least Rp 1.000'],
    [
      'weekly price not a number',
      { weeklyPrice: 'ten' },
      'weeklyPrice',
      'Weekly price must be at least Rp 1.000',
    ],
    // D32: whole rupiah, at least Rp 1.000; '2 decimal places' is gone.
    [
      'weekly price with a fraction',
      { weeklyPrice: '12.5' },
      'weeklyPrice',
      'Price must be a whole number of rupiah',
    ],
    [
      'weekly price below Rp 1.000',
      { weeklyPrice: '999' },
      'weeklyPrice',
      'Weekly price must be at least Rp 1.000',
    ],
    [
      'weekly price too large',
      { weeklyPrice: '100.000.001' },
      'weeklyPrice',
      'Price must be Rp 100.000.000 or less',
    ],
    ['monthly price zero', { monthlyPrice: '0' }, 'monthlyPrice', 'Monthly price must be greater than 0'],
    [
      'monthly price with a fraction',
      { monthlyPrice: '9999,50' },
      'monthlyPrice',
      'Price must be a whole number of rupiah',
    ],
    [
      'monthly price not below 4 x weekly',
      { monthlyPrice: '100.000' },
      'monthlyPrice',
      'Monthly price must be below 4 x the weekly price',
    ],
    ['summary over 500', { summary: 's'.repeat(501) }, 'summary', 'Summary must be 500 characters or less'],
    [
      'unknown language',
      { language: 'French' },
      'language',
      'Invalid option: expected one of "English"|"Indonesian"',
    ],
    [
      'unknown condition',
      { condition: 'Mint' },
      'condition',
      'Invalid option: expected one of "Brand New"|"Good"|"Fair"',
    ],
    [
      'unknown category',
      { category: 'Poetry' },
      'category',
      'Invalid option: expected one of "Children"|"Teen"|"Adult"',
    ],
  ];
  for (const [name, change, field, message] of RULES) {
    it(`refuses ${name} with 422 '${message}' and stores nothing`, async () => {
      const owner = await ctx.member();
      const res = await upload(owner, { ...VALID, ...change });
      expect(res.status).toBe(422);
      expect(res.body.error.message).toBe(message);
      expect(res.body.error.fields).toEqual({ [field]: message });
      expect(await ctx.db.select().from(books).where(eq(books.ownerId, owner.user.id))).toEqual([]);
    });
  }

  it('accepts the limits themselves: 100-character title and author, 500-character summary, Rp 1.000, monthly just below 4 x weekly', async () => {
    const owner = await ctx.member();
    const res = await upload(owner, {
      title: 't'.repeat(100),
      author: 'a'.repeat(100),
      summary: 's'.repeat(500),
      weeklyPrice: '1.000',
      monthlyPrice: '3.999',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ weeklyPrice: '1000.00', monthlyPrice: '3999.00' });
  });

  it("refuses a missing cover with 'Book cover is required'", async () => {
    const owner = await ctx.member();
    const res = await upload(owner, VALID, null);
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe('Book cover is required');
  });

  it('reports every broken rule in fields, the first in form order as the message', async () => {
    const owner = await ctx.member();
    const res = await upload(owner, { title: '', author: '', weeklyPrice: '0' }, null);
    expect(res.status).toBe(422);
    expect(res.body.error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Book cover is required',
      fields: {
        cover: 'Book cover is required',
        title: 'Title is required',
        author: 'Author is required',
        weeklyPrice: 'Weekly price must be at least Rp 1.000',
      },
      fieldCodes: {
        cover: { code: 'coverRequired' },
        title: { code: 'titleRequired' },
        author: { code: 'authorRequired' },
        weeklyPrice: { code: 'weeklyPricePositive' },
      },
    });
  });

  it('judges the cover by its content: a text file named cover.jpg is refused', async () => {
    const owner = await ctx.member();
    const res = await ctx.answer(
      ctx.client<BooksApi>(owner.cookie).books.$post({
        ...undeclaredInput({
          form: form(VALID, { bytes: Buffer.from('just some text, not a picture\n'.repeat(20)) }),
        }),
      }),
    );
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe('File must be JPG, PNG, or WEBP');
  });

  it('refuses a real image of another type (GIF) even when it claims to be a JPEG', async () => {
    const owner = await ctx.member();
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const res = await ctx.answer(
      ctx.client<BooksApi>(owner.cookie).books.$post({
        ...undeclaredInput({ form: form(VALID, { bytes: gif, name: 'cover.jpg', type: 'image/jpeg' }) }),
      }),
    );
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe('File must be JPG, PNG, or WEBP');
  });

  it("refuses a cover of 2 MB + 1 byte with 'File size must be 2MB or less'", async () => {
    const owner = await ctx.member();
    const big = Buffer.concat([jpeg, Buffer.alloc(COVER_MAX_BYTES + 1 - jpeg.length)]);
    expect(big.length).toBe(2 * 1024 * 1024 + 1);
    const res = await upload(owner, VALID, big);
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe('File size must be 2MB or less');
  });

  it('accepts a cover of exactly 2 MB', async () => {
    const owner = await ctx.member();
    const exact = Buffer.concat([jpeg, Buffer.alloc(COVER_MAX_BYTES - jpeg.length)]);
    const res = await upload(owner, VALID, exact);
    expect(res.status).toBe(201);
  });

  it('refuses a body far over the limit before reading it, with 413 and the same message', async () => {
    const owner = await ctx.member();
    // Beyond four photos of 2 MB (D18), the most a form may carry.
    const huge = Buffer.concat([jpeg, Buffer.alloc(9 * 1024 * 1024)]);
    const res = await upload(owner, VALID, huge);
    expect(res.status).toBe(413);
    expect(res.body.error.message).toBe('File size must be 2MB or less');
  });

  it('refuses a decompression bomb (a tiny file that decodes to 400 megapixels)', async () => {
    const owner = await ctx.member();
    const res = await upload(owner, VALID, pngBomb());
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe('Image dimensions are too large: at most 40 megapixels');
    expect(await ctx.db.select().from(books).where(eq(books.ownerId, owner.user.id))).toEqual([]);
  });

  it('re-encodes the cover to WebP card and detail sizes with the EXIF metadata stripped (D18)', async () => {
    const owner = await ctx.member();
    const withExif = await image('jpeg', { Artist: 'Secret Photographer', Copyright: 'GPS home' });
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const res = await upload(owner, VALID, withExif);
    expect(res.status).toBe(201);
    const [row] = await ctx.db.select().from(books).where(eq(books.id, res.body.id));
    for (const [variant, width] of [
      ['card', 320],
      ['detail', 720],
    ] as const) {
      const stored = await ctx.deps.storage.get(storageKey(row.coverKey, variant));
      expect(stored).not.toBeNull();
      const meta = await sharp(stored!.body).metadata();
      expect(meta).toMatchObject({ format: 'webp', width });
      expect(meta.exif).toBeUndefined();
      expect(stored!.body.includes('Secret Photographer')).toBe(false);
    }
    const served = await ctx.runtime.app.request(res.body.cover.card);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
  });

  it('needs a signed-in member', async () => {
    const res = await ctx.answer(
      ctx.client<BooksApi>().books.$post({ ...undeclaredInput({ form: form(VALID, { bytes: jpeg }) }) }),
    );
    expect(res.status).toBe(401);
  });

  it(`allows ${UPLOADS_PER_HOUR} upload attempts per member per hour, then answers 429`, async () => {
    const owner = await ctx.member();
    for (let i = 0; i < UPLOADS_PER_HOUR; i++) {
      expect((await upload(owner, { ...VALID, title: '' }, null)).status).toBe(422);
    }
    const res = await upload(owner, VALID);
    expect(res.status).toBe(429);
    expect(res.body.error.message).toBe('Too many book uploads. Please try again in an hour.');
    // Another member is not affected.
    expect((await upload(await ctx.member(), VALID)).status).toBe(201);
  });
});

describe('PATCH /api/books/:id (edit)', () => {
  it('lets the owner change every field and keeps the cover when none is sent', async () => {
    const owner = await ctx.member();
    const created = (await upload(owner, VALID)).body;
    const res = await ctx.answer(
      ctx.client<BooksApi>(owner.cookie).books[':id'].$patch({
        param: { id: created.id },
        ...undeclaredInput({
          form: form({ ...VALID, weeklyPrice: '30000', monthlyPrice: '100000', condition: 'Fair' }),
        }),
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ weeklyPrice: '30000.00', monthlyPrice: '100000.00', condition: 'Fair' });
    expect(res.body.cover).toEqual(created.cover);
  });

  it('replaces the cover when a new one is sent and drops the old files', async () => {
    const owner = await ctx.member();
    const created = (await upload(owner, VALID)).body;
    const [before] = await ctx.db.select().from(books).where(eq(books.id, created.id));
    const res = await ctx.answer(
      ctx.client<BooksApi>(owner.cookie).books[':id'].$patch({
        param: { id: created.id },
        ...undeclaredInput({
          form: form(VALID, { bytes: await image('png'), name: 'new.png', type: 'image/png' }),
        }),
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.cover).not.toEqual(created.cover);
    expect(await ctx.deps.storage.get(storageKey(before.coverKey, 'card'))).toBeNull();
  });

  it('applies the upload rules with their exact messages', async () => {
    const owner = await ctx.member();
    const created = (await upload(owner, VALID)).body;
    const res = await ctx.answer(
      ctx.client<BooksApi>(owner.cookie).books[':id'].$patch({
        param: { id: created.id },
        ...undeclaredInput({ form: form({ ...VALID, weeklyPrice: '12.5' }) }),
      }),
    );
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe('Price must be a whole number of rupiah');
    const [row] = await ctx.db.select().from(books).where(eq(books.id, created.id));
    expect(row.weeklyPrice).toBe('25000.00');
  });

  it('answers 403 to another member and changes nothing', async () => {
    const owner = await ctx.member();
    const created = (await upload(owner, VALID)).body;
    const other = await ctx.member();
    const res = await ctx.answer(
      ctx.client<BooksApi>(other.cookie).books[':id'].$patch({
        param: { id: created.id },
        ...undeclaredInput({ form: form({ ...VALID, weeklyPrice: '1' }) }),
      }),
    );
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('You can only change your own books');
    const [row] = await ctx.db.select().from(books).where(eq(books.id, created.id));
    expect(row.weeklyPrice).toBe('25000.00');
  });

  it("answers 404 'Book not found' for unknown and deleted books", async () => {
    const owner = await ctx.member();
    const gone = await createBook(ctx.db, { ownerId: owner.user.id, deletedAt: new Date() });
    for (const id of [randomUUID(), gone.id, 'bad-id']) {
      const res = await ctx.answer(
        ctx
          .client<BooksApi>(owner.cookie)
          .books[':id'].$patch({ param: { id: id }, ...undeclaredInput({ form: form(VALID) }) }),
      );
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('Book not found');
    }
  });
});

describe('PATCH /api/books/:id/status', () => {
  it('lets the owner make a free book Unavailable and Available again', async () => {
    const owner = await ctx.member();
    const book = await createBook(ctx.db, { ownerId: owner.user.id });
    const off = await ctx.answer(
      ctx
        .client<BooksApi>(owner.cookie)
        .books[':id'].status.$patch({ param: { id: book.id }, json: { status: 'Unavailable' } }),
    );
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ status: 'Unavailable', availability: 'unavailable' });
    const on = await ctx.answer(
      ctx
        .client<BooksApi>(owner.cookie)
        .books[':id'].status.$patch({ param: { id: book.id }, json: { status: 'Available' } }),
    );
    expect(on.body).toMatchObject({ status: 'Available', availability: 'available' });
  });

  it('refuses Borrowed (it follows orders) and anything else with 422', async () => {
    const owner = await ctx.member();
    const book = await createBook(ctx.db, { ownerId: owner.user.id });
    for (const status of ['Borrowed', 'Lost', '']) {
      const res = await ctx.answer(
        ctx
          .client<BooksApi>(owner.cookie)
          .books[':id'].status.$patch({ param: { id: book.id }, json: { status: uncheckedInput(status) } }),
      );
      expect(res.status).toBe(422);
    }
  });

  it('answers 403 to another member', async () => {
    const owner = await createUser(ctx.db);
    const book = await createBook(ctx.db, { ownerId: owner.id });
    const res = await ctx.answer(
      ctx
        .client<BooksApi>((await ctx.member()).cookie)
        .books[':id'].status.$patch({ param: { id: book.id }, json: { status: 'Unavailable' } }),
    );
    expect(res.status).toBe(403);
    const [row] = await ctx.db.select().from(books).where(eq(books.id, book.id));
    expect(row.status).toBe('Available');
  });
});

describe('DELETE /api/books/:id', () => {
  it('soft-deletes (D7): gone from listings, detail and carts, the row kept', async () => {
    const owner = await ctx.member();
    const book = await createBook(ctx.db, { ownerId: owner.user.id, title: 'Soon Deleted Tome' });
    const borrower = await ctx.member();
    await addToCart(ctx.db, { actorId: borrower.user.id, bookId: book.id });

    const res = await ctx.answer(
      ctx.client<BooksApi>(owner.cookie).books[':id'].$delete({ param: { id: book.id } }),
    );
    expect(res.status).toBe(204);
    const [row] = await ctx.db.select().from(books).where(eq(books.id, book.id));
    expect(row.deletedAt).not.toBeNull();
    expect(await ctx.db.select().from(cartItems).where(eq(cartItems.bookId, book.id))).toEqual([]);
    expect(
      (await ctx.answer(ctx.client<BooksApi>().books[':id'].$get({ param: { id: book.id } }))).status,
    ).toBe(404);
    expect(
      (await ctx.answer(ctx.client<BooksApi>().books.$get({ query: { q: 'Soon Deleted Tome' } }))).body.total,
    ).toBe(0);
    expect(
      (await ctx.answer(ctx.client<BooksApi>(owner.cookie).books[':id'].$delete({ param: { id: book.id } })))
        .status,
    ).toBe(404);
  });

  it('answers 403 to another member and keeps the book', async () => {
    const owner = await createUser(ctx.db);
    const book = await createBook(ctx.db, { ownerId: owner.id });
    const res = await ctx.answer(
      ctx.client<BooksApi>((await ctx.member()).cookie).books[':id'].$delete({ param: { id: book.id } }),
    );
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('You can only change your own books');
    const [row] = await ctx.db.select().from(books).where(eq(books.id, book.id));
    expect(row.deletedAt).toBeNull();
  });

  it('needs a signed-in member', async () => {
    const book = await createBook(ctx.db, { ownerId: (await createUser(ctx.db)).id });
    expect(
      (await ctx.answer(ctx.client<BooksApi>().books[':id'].$delete({ param: { id: book.id } }))).status,
    ).toBe(401);
  });

  it('is refused with 409 while the book is in an open order, and allowed once the order is cancelled', async () => {
    const owner = await ctx.member();
    const book = await createBook(ctx.db, { ownerId: owner.user.id });
    const { order } = await placeTestOrder(ctx, { books: [book] });

    const res = await ctx.answer(
      ctx.client<BooksApi>(owner.cookie).books[':id'].$delete({ param: { id: book.id } }),
    );
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: 'BOOK_IN_OPEN_ORDER',
      message:
        'This book is part of an open order and cannot be deleted until that order is completed or cancelled',
    });
    const status = await ctx.answer(
      ctx
        .client<BooksApi>(owner.cookie)
        .books[':id'].status.$patch({ param: { id: book.id }, json: { status: 'Unavailable' } }),
    );
    expect(status.status).toBe(409);
    const managed = await ctx.answer(ctx.client<BooksApi>(owner.cookie).my.books.$get({ query: {} }));
    expect(managed.body.items.find((b) => b.id === book.id)?.inOpenOrder).toBe(true);

    await advanceTestOrder(ctx, { orderId: order.id, admin: await ctx.admin(), to: 'Cancelled' });
    expect(
      (await ctx.answer(ctx.client<BooksApi>(owner.cookie).books[':id'].$delete({ param: { id: book.id } })))
        .status,
    ).toBe(204);
  });
});

describe('delete and checkout of the same book at the same moment', () => {
  it('lets exactly one of them win, every time (the book row lock orders them, D6)', async () => {
    for (let round = 0; round < 6; round++) {
      const owner = await ctx.member();
      const book = await createBook(ctx.db, { ownerId: owner.user.id });
      const borrower = await ctx.member();
      await addToCart(ctx.db, { actorId: borrower.user.id, bookId: book.id });
      // Odd rounds give the checkout a head start, so both orders of arrival are tried.
      const headStart = round % 2 === 1 ? 40 * round : 0;
      const [deleted, checkout] = await Promise.all([
        new Promise((resolve) => setTimeout(resolve, headStart)).then(() =>
          ctx.answer(ctx.client<BooksApi>(owner.cookie).books[':id'].$delete({ param: { id: book.id } })),
        ),
        ctx.answer(
          ctx.client<CheckoutApi>(borrower.cookie).checkout.$post({
            json: {
              idempotencyKey: randomUUID(),
              deliveryMethod: 'delivery',
              deliveryAddress: {
                fullName: 'Dewi',
                phone: '+6281234567',
                address: 'Jl. Raya Ubud No. 1, Bali',
              },
            },
          }),
        ),
      ]);
      const [row] = await ctx.db.select().from(books).where(eq(books.id, book.id));
      if (deleted.status === 204) {
        expect(checkout.status, `round ${round}`).toBeGreaterThanOrEqual(400);
        expect(row.reservedByOrderId).toBeNull();
      } else {
        expect(deleted.status, `round ${round}`).toBe(409);
        expect(checkout.status).toBe(201);
        expect(row.deletedAt).toBeNull();
        expect(row.reservedByOrderId).toBe(checkout.body.orders[0].id);
      }
    }
  });
});

describe('GET /api/my/books', () => {
  it("lists the member's own books that are not deleted, newest first", async () => {
    const owner = await ctx.member();
    const older = await createBook(ctx.db, { ownerId: owner.user.id, createdAt: new Date('2026-01-01') });
    const newer = await createBook(ctx.db, { ownerId: owner.user.id, status: 'Unavailable' });
    await createBook(ctx.db, { ownerId: owner.user.id, deletedAt: new Date() });
    await createBook(ctx.db, { ownerId: (await createUser(ctx.db)).id });
    const res = await ctx.answer(ctx.client<BooksApi>(owner.cookie).my.books.$get({ query: {} }));
    expect(res.status).toBe(200);
    expect(res.body.items.map((b) => [b.id, b.status, b.inOpenOrder])).toEqual([
      [newer.id, 'Unavailable', false],
      [older.id, 'Available', false],
    ]);
  });

  it('needs a signed-in member', async () => {
    expect((await ctx.answer(ctx.client<BooksApi>().my.books.$get({ query: {} }))).status).toBe(401);
  });
});

describe('counts stay exact after every write (cached per catalog version)', () => {
  it('moves the catalog total and the search count with each upload, status change and delete', async () => {
    const owner = await ctx.member();
    const token = `zq${randomUUID().slice(0, 8)}`;
    const count = async (q = '') =>
      (await ctx.answer(ctx.client<BooksApi>().books.$get({ query: q ? { q } : {} }))).body.total;

    const before = await count();
    expect(await count(token)).toBe(0);

    const created = (await upload(owner, { ...VALID, title: `Counted ${token}` })).body;
    expect(await count(token)).toBe(1);
    expect(await count()).toBe(before + 1);

    await ctx.answer(
      ctx
        .client<BooksApi>(owner.cookie)
        .books[':id'].status.$patch({ param: { id: created.id }, json: { status: 'Unavailable' } }),
    );
    expect(await count(token)).toBe(0);
    expect(await count()).toBe(before);

    await ctx.answer(
      ctx
        .client<BooksApi>(owner.cookie)
        .books[':id'].status.$patch({ param: { id: created.id }, json: { status: 'Available' } }),
    );
    expect(await count(token)).toBe(1);

    // A write that bypasses our services (another instance, an admin tool) counts too.
    await ctx.db.update(books).set({ weeklyPrice: '99999999.00' }).where(eq(books.id, created.id));
    expect(
      (await ctx.answer(ctx.client<BooksApi>().books.$get({ query: { q: token } }))).body.maxWeeklyPrice,
    ).toBe('99999999.00');

    await ctx.answer(ctx.client<BooksApi>(owner.cookie).books[':id'].$delete({ param: { id: created.id } }));
    expect(await count(token)).toBe(0);
    expect(await count()).toBe(before);
  });
});
