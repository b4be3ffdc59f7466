import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books } from '@server/db/schema';
import { createBook } from '@server/seed/factories';
import { createTestContext, type Member, type TestContext, undeclaredInput } from '@tests/support/harness';
import { sweepOrphanCovers } from '@server/modules/covers/orphan-sweep-service';
import { storeCover } from '@server/modules/covers/service';
import { englishField } from '@tests/support/texts';
import type { BooksApi } from './routes';
import type { AccountApi } from '@server/modules/account/routes';

// D30 (ISBN: checked, prefill, search) and D18's photos (up to 4, the first the cover, checked
// and re-encoded, ordered on edit, swept with their book).

let ctx: TestContext;
let photo: Buffer;
beforeAll(async () => {
  ctx = await createTestContext();
  photo = await image('#0f766e');
});
afterAll(() => ctx.close());

const image = (background: string) =>
  sharp({ create: { width: 60, height: 90, channels: 3, background } })
    .jpeg()
    .toBuffer();

const VALID = { title: 'Laskar Pelangi', author: 'Andrea Hirata', weeklyPrice: '25000' };
const uploads = () => join(ctx.config.dataDir, 'uploads');
/** Every stored photo file (a removed photo may leave its empty folder). */
const coverDirs = () =>
  existsSync(join(uploads(), 'covers'))
    ? readdirSync(join(uploads(), 'covers'), { recursive: true }).filter((f) => String(f).endsWith('.webp'))
    : [];
const folderOf = (key: string) => join(uploads(), 'covers', key, 'card.webp');

function form(fields: Record<string, string>, photos: Buffer[]) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  for (const [i, bytes] of photos.entries()) {
    data.append('cover', new File([new Uint8Array(bytes)], `photo-${i}.jpg`, { type: 'image/jpeg' }));
  }
  return data;
}

const upload = (member: Member, fields: Record<string, string>, photos: Buffer[] = [photo]) =>
  ctx.answer(
    ctx.client<BooksApi>(member.cookie).books.$post({ ...undeclaredInput({ form: form(fields, photos) }) }),
  );

const edit = (member: Member, id: string, fields: Record<string, string>, photos: Buffer[] = []) =>
  ctx.answer(
    ctx.client<BooksApi>(member.cookie).books[':id'].$patch({
      param: { id: id },
      ...undeclaredInput({ form: form({ ...VALID, ...fields }, photos) }),
    }),
  );

const search = (q: string) => ctx.answer(ctx.client<BooksApi>().books.$get({ query: { q: q } }));

describe('the first listing asks where the books are (D38)', () => {
  it('refuses an owner without a location with 409 and stores nothing; with one, the book shows it as its area', async () => {
    const owner = await ctx.member({ location: null });
    const before = coverDirs().length;
    const refused = await upload(owner, VALID);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'PROFILE_LOCATION_REQUIRED',
      message: 'Add your location to your profile first: borrowers see it as the area of your books.',
    });
    expect(coverDirs()).toHaveLength(before);
    expect(await ctx.db.select().from(books).where(eq(books.ownerId, owner.user.id))).toEqual([]);

    const saved = await ctx.answer(
      ctx
        .client<AccountApi>(owner.cookie)
        .profile.$patch({ json: { name: owner.user.name, location: 'Sidemen' } }),
    );
    expect(saved.status).toBe(200);
    const listed = await upload(owner, VALID);
    expect(listed.status).toBe(201);
    expect(listed.body.area).toBe('Sidemen');
  });
});

describe('ISBN on upload and edit (D30)', () => {
  it('stores an ISBN-10 with hyphens as its ISBN-13, and an edit changes or clears it', async () => {
    const owner = await ctx.member();
    const res = await upload(owner, { ...VALID, isbn: '602-03-3295-0' });
    expect(res.status).toBe(201);
    expect(res.body.isbn).toBe('9786020332956');
    const changed = await edit(owner, res.body.id, { isbn: '978 0 306 40615 7' });
    expect(changed.body.isbn).toBe('9780306406157');
    const cleared = await edit(owner, res.body.id, { isbn: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.isbn).toBeNull();
  });

  it('refuses a bad ISBN with its message and stores nothing', async () => {
    const owner = await ctx.member();
    const before = coverDirs().length;
    const res = await upload(owner, { ...VALID, isbn: '978-0-306-40615-8' });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe(englishField('isbnInvalid'));
    expect(res.body.error.fields).toEqual({ isbn: englishField('isbnInvalid') });
    expect(await ctx.db.select().from(books).where(eq(books.ownerId, owner.user.id))).toEqual([]);
    expect(coverDirs()).toHaveLength(before);

    const listed = await upload(owner, { ...VALID, isbn: '0306406152' });
    const refused = await edit(owner, listed.body.id, { isbn: '12345' });
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields?.isbn).toBe(englishField('isbnInvalid'));
    const [row] = await ctx.db.select().from(books).where(eq(books.id, listed.body.id));
    expect(row.isbn).toBe('9780306406157');
  });
});

describe('GET /api/books/isbn/:isbn (the form’s prefill)', () => {
  it("answers a listed book's public fields only, typed as ISBN-10 or ISBN-13", async () => {
    const owner = await ctx.member();
    await upload(owner, {
      ...VALID,
      title: 'Cantik Itu Luka',
      author: 'Eka Kurniawan',
      language: 'Indonesian',
      category: 'Teen',
      summary: 'Private notes of the owner',
      isbn: '979-10-90636-07-1',
    });
    const asker = await ctx.member();
    for (const typed of ['979-10-90636-07-1', '9791090636071']) {
      const res = await ctx.answer(
        ctx.client<BooksApi>(asker.cookie).books.isbn[':isbn'].$get({ param: { isbn: typed } }),
      );
      expect(res.status).toBe(200);
      // Exactly these keys: no owner, price, summary, photos or id.
      expect(res.body).toEqual({
        isbn: '9791090636071',
        title: 'Cantik Itu Luka',
        author: 'Eka Kurniawan',
        language: 'Indonesian',
        category: 'Teen',
      });
    }
  });

  it('does not answer from a book that is unavailable, deleted or reserved; a bad ISBN is 422', async () => {
    const owner = await ctx.member();
    const isbn = '9786020332956';
    const unavailable = await createBook(ctx.db, { ownerId: owner.user.id, isbn, status: 'Unavailable' });
    const deleted = await createBook(ctx.db, { ownerId: owner.user.id, isbn, deletedAt: new Date() });
    expect([unavailable.listed, deleted.listed]).toEqual([false, false]);
    const asker = await ctx.member();
    const none = await ctx.answer(
      ctx.client<BooksApi>(asker.cookie).books.isbn[':isbn'].$get({ param: { isbn: '9786020332956' } }),
    );
    expect(none.status).toBe(404);
    expect(none.body.error.code).toBe('ISBN_NOT_LISTED');
    const bad = await ctx.answer(
      ctx.client<BooksApi>(asker.cookie).books.isbn[':isbn'].$get({ param: { isbn: '9786020332957' } }),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.error.message).toBe(englishField('isbnInvalid'));
  });
});

describe('catalog search by ISBN (D30)', () => {
  it('finds the book by its ISBN with or without hyphens or spaces, as ISBN-10 or -13, cached or not', async () => {
    const owner = await ctx.member();
    const book = await upload(owner, { ...VALID, title: 'Ronggeng Dukuh Paruk', isbn: '0-8044-2957-X' });
    for (const q of [
      '9780804429573',
      '978-0-8044-2957-3',
      '978 0804 42957 3',
      '0-8044-2957-X',
      '080442957x',
    ]) {
      const res = await search(q);
      expect(
        res.body.items.map((b) => b.id),
        q,
      ).toEqual([book.body.id]);
      expect(res.body.total).toBe(1);
    }
    // The cached answers move with a change (catalog-delta.ts agrees with the SQL): another
    // book given the same ISBN joins them, and the first losing it leaves them.
    const second = await upload(owner, { ...VALID, title: 'Second copy' });
    await edit(owner, second.body.id, { title: 'Second copy', isbn: '9780804429573' });
    await edit(owner, book.body.id, { title: 'Ronggeng Dukuh Paruk', isbn: '' });
    for (const q of ['9780804429573', '978-0-8044-2957-3', '080442957x']) {
      const res = await search(q);
      expect(
        res.body.items.map((b) => b.id),
        q,
      ).toEqual([second.body.id]);
      expect(res.body.total).toBe(1);
    }
  });
});

describe('photos (D18: up to 4, the first is the cover)', () => {
  it('stores up to four in order; the cards use the first one’s small variant', async () => {
    const owner = await ctx.member();
    const photos = await Promise.all(['#111111', '#222222', '#333333', '#444444'].map(image));
    const res = await upload(owner, { ...VALID, title: 'Four photos' }, photos);
    expect(res.status).toBe(201);
    expect(res.body.photos).toHaveLength(4);
    expect(res.body.cover).toEqual({ card: res.body.photos[0].card, detail: res.body.photos[0].detail });
    const listing = await search('Four photos');
    expect(listing.body.items[0].cover.card).toBe(res.body.photos[0].card);
    const card = await ctx.rawRequest('GET', res.body.photos[3].card);
    expect(card.status).toBe(200);
    // Re-encoded like a cover: WebP at the card size.
    const stored = await ctx.deps.storage.get(`covers/${res.body.photos[3].key}/card.webp`);
    expect(await sharp(stored!.body).metadata()).toMatchObject({ format: 'webp', width: 320, height: 480 });
  });

  it('refuses a fifth photo, on upload and on edit, and stores nothing', async () => {
    const owner = await ctx.member();
    const before = coverDirs().length;
    const five = await upload(owner, VALID, [photo, photo, photo, photo, photo]);
    expect(five.status).toBe(422);
    expect(five.body.error.fields).toEqual({ cover: englishField('tooManyPhotos', { max: 4 }) });
    expect(coverDirs()).toHaveLength(before);

    const book = await upload(owner, VALID, [photo, photo, photo, photo]);
    const keys = book.body.photos.map((p) => p.key);
    const dirs = coverDirs().length;
    const fifth = await edit(owner, book.body.id, { photoOrder: [...keys, 'new'].join(',') }, [photo]);
    expect(fifth.status).toBe(422);
    expect(fifth.body.error.message).toBe(englishField('tooManyPhotos', { max: 4 }));
    expect(coverDirs()).toHaveLength(dirs);
    const [row] = await ctx.db.select().from(books).where(eq(books.id, book.body.id));
    expect([row.coverKey, ...row.extraPhotoKeys]).toEqual(keys);
  });

  it('a photo failing the content check stores nothing, not even the good ones beside it', async () => {
    const owner = await ctx.member();
    const before = coverDirs().length;
    const text = Buffer.from('<html><script>alert(1)</script></html>');
    const res = await upload(owner, VALID, [photo, text]);
    expect(res.status).toBe(422);
    expect(res.body.error.fields).toEqual({ cover: englishField('coverType') });
    // Right magic bytes, body cut short: found only when decoding, after the first was stored.
    const truncated = (
      await sharp({ create: { width: 400, height: 600, channels: 3, background: '#abc' } })
        .png()
        .toBuffer()
    ).subarray(0, 120);
    const late = await upload(owner, VALID, [photo, truncated]);
    expect(late.status).toBe(422);
    expect(coverDirs()).toHaveLength(before);
    expect(await ctx.db.select().from(books).where(eq(books.ownerId, owner.user.id))).toEqual([]);
  });

  it('an edit adds, reorders and removes photos; a removed one’s files go', async () => {
    const owner = await ctx.member();
    const book = await upload(owner, VALID, [photo, photo, photo]);
    const [a, b, c] = book.body.photos.map((p) => p.key);
    const res = await edit(owner, book.body.id, { photoOrder: `${c},new,${a}` }, [await image('#999999')]);
    expect(res.status).toBe(200);
    const keys = res.body.photos.map((p) => p.key);
    expect(keys).toHaveLength(3);
    expect([keys[0], keys[2]]).toEqual([c, a]);
    expect(res.body.cover.card).toBe(`/api/covers/${c}/card.webp`);
    expect(existsSync(folderOf(keys[1]))).toBe(true);
    expect(existsSync(folderOf(b))).toBe(false);

    // An order naming a photo of another book is refused, and changes nothing.
    const other = await upload(owner, VALID);
    const foreign = await edit(owner, book.body.id, { photoOrder: `${other.body.photos[0].key}` });
    expect(foreign.status).toBe(422);
    expect(foreign.body.error.message).toBe(englishField('photoOrderInvalid'));
    // At least one photo stays.
    const none = await edit(owner, book.body.id, { photoOrder: '' });
    expect(none.body.error.message).toBe(englishField('coverRequired'));
    const after = await ctx.answer(ctx.client<BooksApi>().books[':id'].$get({ param: { id: book.body.id } }));
    expect(after.body.photos.map((p) => p.key)).toEqual(keys);
  });

  it("an owner's photo replaces a cover the demo drew", async () => {
    const owner = await ctx.member();
    const drawn = await storeCover(ctx.deps.storage, photo);
    const book = await createBook(ctx.db, { ownerId: owner.user.id, coverKey: drawn, coverDrawn: true });
    const res = await edit(owner, book.id, { photoOrder: `${drawn},new` }, [await image('#555555')]);
    expect(res.status).toBe(200);
    expect(res.body.photos).toHaveLength(1);
    expect(res.body.photos[0].key).not.toBe(drawn);
    const [row] = await ctx.db.select().from(books).where(eq(books.id, book.id));
    expect(row.coverDrawn).toBe(false);
    expect(existsSync(folderOf(drawn))).toBe(false);
  });

  it('the orphan sweep removes the photos of a deleted book and keeps every photo of a live one', async () => {
    const owner = await ctx.member();
    const live = await upload(owner, VALID, [photo, photo]);
    const gone = await upload(owner, VALID, [photo, photo, photo]);
    const del = await ctx.answer(
      ctx.client<BooksApi>(owner.cookie).books[':id'].$delete({ param: { id: gone.body.id } }),
    );
    expect(del.status).toBe(204);
    const removed = await sweepOrphanCovers(ctx.db, ctx.deps.storage, {
      writtenBefore: new Date(Date.now() + 60_000),
    });
    for (const p of gone.body.photos) {
      expect(removed).toContain(p.key);
      expect(existsSync(folderOf(p.key))).toBe(false);
    }
    for (const p of live.body.photos) expect(existsSync(folderOf(p.key))).toBe(true);
  });
});
