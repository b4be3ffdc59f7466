import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '@server/db/schema';
import { createTestContext, type TestContext, uncheckedInput } from '@tests/support/harness';
import type { AccountApi } from '@server/modules/account/routes';

// D29: the HTML a page starts with is already in the visitor's language (no flash of English):
// the language cookie, else the signed-in member's saved choice, else Accept-Language, else
// English, in <html lang>, the title and the description.

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta name="description" content="Rakbuku: borrow books." />' +
  '<title>Rakbuku · Community book lending in Bali</title></head><body><div id="root"></div></body></html>';

let ctx: TestContext;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'rakbuku-dist-'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  ctx = await createTestContext({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await ctx.runtime.app.request(path, { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get('vary')).toContain('Accept-Language');
  return res.text();
}

const langOf = (html: string) => html.match(/<html lang="([^"]+)"/)?.[1];
const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];
const descriptionOf = (html: string) => html.match(/<meta name="description" content="([^"]*)"/)?.[1];

const BOOKS_ID =
  'Semua buku di Rakbuku: cari judul atau penulis, lalu saring menurut kondisi, bahasa, dan harga.';
const BOOKS_EN =
  'All books on Rakbuku: search by title or author and filter by condition, language and price.';
const TITLE_ID = 'Rakbuku · Komunitas pinjam-meminjam buku di Bali';

describe('the language a page starts in', () => {
  it('follows Accept-Language: id gets lang="id", the Indonesian title and description', async () => {
    const html = await page('/books', { 'accept-language': 'id-ID,id;q=0.9,en;q=0.8' });
    expect(langOf(html)).toBe('id');
    expect(titleOf(html)).toBe(TITLE_ID);
    expect(descriptionOf(html)).toBe(BOOKS_ID);
    expect(descriptionOf(await page('/books', { 'accept-language': 'en' }))).toBe(BOOKS_EN);
  });

  it('the rakbuku_lang=id cookie alone gives the Indonesian title and description', async () => {
    const html = await page('/books', { cookie: 'rakbuku_lang=id' });
    expect(langOf(html)).toBe('id');
    expect(titleOf(html)).toBe(TITLE_ID);
    expect(descriptionOf(html)).toBe(BOOKS_ID);
    const missing = await ctx.runtime.app.request('/no-such-page', {
      headers: { cookie: 'rakbuku_lang=id' },
    });
    expect(missing.status).toBe(404);
    expect(descriptionOf(await missing.text())).toBe('Halaman ini tidak ada di Rakbuku.');
  });

  it('is English when the browser asks for neither language, or for English', async () => {
    expect(langOf(await page('/', { 'accept-language': 'fr-FR' }))).toBe('en');
    const html = await page('/', { 'accept-language': 'en-GB' });
    expect(langOf(html)).toBe('en');
    expect(titleOf(html)).toBe('Rakbuku · Community book lending in Bali');
  });

  it("the language cookie beats the browser's wish", async () => {
    expect(langOf(await page('/cart', { 'accept-language': 'en', cookie: 'rakbuku_lang=id' }))).toBe('id');
    expect(langOf(await page('/cart', { 'accept-language': 'id', cookie: 'rakbuku_lang=en' }))).toBe('en');
  });

  it("a signed-in member without the cookie gets their saved language, whatever the browser's", async () => {
    const member = await ctx.member();
    await ctx.db.update(user).set({ language: 'id' }).where(eq(user.id, member.user.id));
    const html = await page('/my-orders', { 'accept-language': 'en', cookie: member.cookie });
    expect(langOf(html)).toBe('id');
  });

  it('saving the language sets the cookie and the profile, and the next page starts in it', async () => {
    const member = await ctx.member();
    const saved = await ctx.answer(
      ctx.client<AccountApi>(member.cookie).profile.language.$put({ json: { language: 'id' } }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ language: 'id' });
    expect(saved.headers.get('set-cookie')).toMatch(
      /^rakbuku_lang=id; Path=\/; Max-Age=31536000; SameSite=Lax$/,
    );
    const [row] = await ctx.db
      .select({ language: user.language })
      .from(user)
      .where(eq(user.id, member.user.id));
    expect(row.language).toBe('id');
    const me = await ctx.answer(ctx.client<AccountApi>(member.cookie).me.$get());
    expect(me.body.user.language).toBe('id');

    const refused = await ctx.answer(
      ctx
        .client<AccountApi>(member.cookie)
        .profile.language.$put({ json: { language: uncheckedInput('fr') } }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('VALIDATION_FAILED');
    const [still] = await ctx.db
      .select({ language: user.language })
      .from(user)
      .where(eq(user.id, member.user.id));
    expect(still.language).toBe('id');
  });

  it('a guest cannot save a language on any profile', async () => {
    const res = await ctx.answer(
      ctx.client<AccountApi>().profile.language.$put({ json: { language: 'id' } }),
    );
    expect(res.status).toBe(401);
  });
});

// D21: the web reads every date in the operator's zone, which the page carries from the config.
describe("the operator's time zone a page carries", () => {
  const zoneOf = (html: string) => html.match(/<html [^>]*data-time-zone="([^"]+)"/)?.[1];

  it('is Asia/Makassar by default, on every page and in either language', async () => {
    expect(zoneOf(await page('/my-orders', { 'accept-language': 'en' }))).toBe('Asia/Makassar');
    expect(zoneOf(await page('/books', { cookie: 'rakbuku_lang=id' }))).toBe('Asia/Makassar');
  });

  it('is the configured OPERATOR_TIME_ZONE', async () => {
    const jakarta = await createTestContext({ WEB_DIST_DIR: dist, OPERATOR_TIME_ZONE: 'Asia/Jakarta' });
    try {
      const res = await jakarta.runtime.app.request('/my-orders');
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(zoneOf(html)).toBe('Asia/Jakarta');
      expect(langOf(html)).toBe('en');
    } finally {
      await jakarta.close();
    }
  });
});
