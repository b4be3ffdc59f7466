import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COVER_MAX_BYTES } from '@domain/constants';
import { createBook } from '@server/seed/factories';
import { createTestContext, type Member, type TestContext, undeclaredInput } from '@tests/support/harness';
import { databaseDigest } from '@tests/support/db-digest';
import { englishField } from '@tests/support/texts';
import type { BooksApi } from '@server/modules/books/routes';

// Covers are judged by their bytes (D18). Hostile files are refused with the spec's message,
// store nothing (no row, no file), and a decompression bomb is refused from its header,
// without decoding 900 million pixels.

let ctx: TestContext;
let owner: Member;
let bookId: string;
let png: Buffer;
beforeAll(async () => {
  ctx = await createTestContext({ RATE_LIMIT_ENABLED: 'false' });
  owner = await ctx.member();
  bookId = (await createBook(ctx.db, { ownerId: owner.user.id })).id;
  png = await sharp({ create: { width: 300, height: 450, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
});
afterAll(() => ctx.close());

function form(cover: Buffer, name: string, type: string): FormData {
  const body = new FormData();
  body.set('title', 'Hostile Cover');
  body.set('author', 'Hostile Author');
  body.set('weeklyPrice', '20000');
  body.set('cover', new Blob([new Uint8Array(cover)], { type }), name);
  return body;
}

/** A real PNG whose header claims width x height: a few hundred bytes that would decode to gigabytes. */
function pngClaiming(width: number, height: number, source: Buffer): Buffer {
  const out = Buffer.from(source);
  // IHDR data starts at byte 16 (8 signature + 4 length + 4 type); its CRC covers type + data.
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)) >>> 0, 29);
  return out;
}

const uploadsDir = () => join(ctx.config.dataDir, 'uploads', 'covers');
const storedCovers = () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir()) : []);

describe('hostile cover files, on upload and on edit', () => {
  const cases: [string, () => Buffer, string, string, string][] = [
    [
      'an SVG with a script',
      () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>',
        ),
      'cover.png',
      'image/png',
      englishField('coverType'),
    ],
    [
      'HTML renamed .png',
      () => Buffer.from('<!doctype html><html><body><script>fetch("/api/me")</script></body></html>'),
      'cover.png',
      'image/png',
      englishField('coverType'),
    ],
    [
      'a truncated PNG',
      () => png.subarray(0, Math.floor(png.length / 2)),
      'cover.png',
      'image/png',
      englishField('coverType'),
    ],
    [
      'a PNG signature and nothing else',
      () => png.subarray(0, 8),
      'cover.png',
      'image/png',
      englishField('coverType'),
    ],
    [
      `2 MB + 1 byte (${COVER_MAX_BYTES + 1} bytes)`,
      () => Buffer.concat([png, Buffer.alloc(COVER_MAX_BYTES + 1 - png.length)]),
      'cover.png',
      'image/png',
      englishField('coverTooLarge'),
    ],
  ];

  for (const [label, bytes, name, type, message] of cases) {
    it(`refuses ${label} with '${message}' and stores nothing`, async () => {
      const before = await databaseDigest(ctx.db);
      const created = await ctx.rawRequest('POST', '/api/books', {
        cookie: owner.cookie,
        body: form(bytes(), name, type),
      });
      expect(created.status).toBeGreaterThanOrEqual(400);
      expect(created.status).toBeLessThan(500);
      expect(created.body.error.message).toBe(message);
      const edited = await ctx.rawRequest('PATCH', `/api/books/${bookId}`, {
        cookie: owner.cookie,
        body: form(bytes(), name, type),
      });
      expect(edited.status).toBeGreaterThanOrEqual(400);
      expect(edited.status).toBeLessThan(500);
      expect(edited.body.error.message).toBe(message);
      expect(await databaseDigest(ctx.db)).toEqual(before);
      expect(storedCovers()).toEqual([]);
    });
  }

  it('refuses a 30,000 x 30,000 PNG (decompression bomb) from its header, without exhausting memory', async () => {
    const bomb = pngClaiming(30_000, 30_000, png);
    expect(bomb.length).toBeLessThan(10_000);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(30_000);
    const before = await databaseDigest(ctx.db);
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const res = await ctx.rawRequest('POST', '/api/books', {
      cookie: owner.cookie,
      body: form(bomb, 'bomb.png', 'image/png'),
    });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe(englishField('coverTooManyPixels'));
    // Decoding would need 30,000 x 30,000 x 3 bytes = 2.7 GB and many seconds.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(await databaseDigest(ctx.db)).toEqual(before);
    expect(storedCovers()).toEqual([]);
  });

  it('accepts the same PNG with honest dimensions, so the refusals above are about the content', async () => {
    const res = await ctx.rawRequest('POST', '/api/books', {
      cookie: owner.cookie,
      body: form(png, 'cover.png', 'image/png'),
    });
    expect(res.status).toBe(201);
    expect(storedCovers()).toHaveLength(1);
  });
});

describe('hostile text fields of the book form (multipart)', () => {
  const fieldValues = fc.oneof(
    fc.constantFrom(
      '\u0000',
      'a\u0000b',
      '\uD800',
      'x'.repeat(100_000),
      '-1',
      '0',
      '1.005',
      '1e9',
      'NaN',
      '',
      ' ',
    ),
    fc.string({ maxLength: 30 }),
  );
  const fields = [
    'title',
    'author',
    'language',
    'condition',
    'category',
    'summary',
    'weeklyPrice',
    'monthlyPrice',
  ];

  it('refuse a NUL character in a text field with a structured 4xx, storing nothing', async () => {
    for (const name of ['title', 'author', 'summary']) {
      const body = form(png, 'cover.png', 'image/png');
      body.set(name, 'Kupu\u0000Kupu');
      const before = await databaseDigest(ctx.db);
      const res = await ctx.answer(
        ctx.client<BooksApi>(owner.cookie).books.$post({ ...undeclaredInput({ form: body }) }),
      );
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, name).toBeLessThan(500);
      expect(await databaseDigest(ctx.db)).toEqual(before);
    }
  });

  it('answer 201 or a structured 4xx, never a 500, and a refusal stores nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom(...fields), fieldValues, { minKeys: 1 }),
        async (values) => {
          const body = form(png, 'cover.png', 'image/png');
          for (const [name, value] of Object.entries(values)) body.set(name, value);
          const before = await databaseDigest(ctx.db);
          const covers = storedCovers().length;
          const res = await ctx.answer(
            ctx.client<BooksApi>(owner.cookie).books.$post({ ...undeclaredInput({ form: body }) }),
          );
          const label = `${JSON.stringify(values).slice(0, 200)}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
          expect(res.status, label).toBeLessThan(500);
          if (res.status !== 201) {
            expect(typeof res.body.error.message, label).toBe('string');
            expect(await databaseDigest(ctx.db), label).toEqual(before);
            expect(storedCovers().length, label).toBe(covers);
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
