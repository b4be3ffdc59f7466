import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPage, NOT_FOUND_META, PAGES } from '@domain/pages';
import { translate } from '@server/lib/i18n';
import { createBook } from '@server/seed/factories';
import { createTestContext, type TestContext } from '@tests/support/harness';

// The web's edges: an unknown path answers 404 with the app (its designed not-found page), each
// page its own meta description, robots.txt and a sitemap of the shop.

let ctx: TestContext;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'rakbuku-pages-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><head><meta name="description" content="Rakbuku" /><title>Rakbuku</title></head><div id="root"></div>',
  );
  ctx = await createTestContext({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (path: string) => ctx.runtime.app.request(path);
const description = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1];

describe('pages', () => {
  it('every route of the web app is a known page (router.tsx and pages.ts agree)', () => {
    const router = readFileSync(join(process.cwd(), 'src/web/app/router.tsx'), 'utf8');
    const paths = [...router.matchAll(/path: '([^'*]+)'/g)].map((m) => `/${m[1]}`);
    expect(paths.length).toBeGreaterThan(20);
    const sample = (path: string) =>
      path
        .replace(':category', 'Teen')
        .replace(/:(bookId|orderId|threadId)/, '0b6b1f2e-3c4d-4e5f-8a9b-0c1d2e3f4a5b')
        .replace(':ownerId', 'someone');
    for (const path of ['/', ...paths]) expect(findPage(sample(path)), path).not.toBeNull();
  });

  it('an unknown path answers 404 with the app; a known one 200, each with its own description', async () => {
    const missing = await get('/no-such-page');
    expect(missing.status).toBe(404);
    const html = await missing.text();
    expect(html).toContain('<div id="root">');
    expect(description(html)).toBe('This page does not exist on Rakbuku.');
    expect((await get('/books/not-a-uuid')).status).toBe(404);
    expect((await get('/books/category/teen')).status).toBe(200);
    expect((await get('/books/0b6b1f2e-3c4d-4e5f-8a9b-0c1d2e3f4a5b/nothing')).status).toBe(404);
    // A book page for no book on the shelf is the not-found page too, like any unknown page.
    const unknownBook = await get('/books/0b6b1f2e-3c4d-4e5f-8a9b-0c1d2e3f4a5b');
    expect(unknownBook.status).toBe(404);
    expect(description(await unknownBook.text())).toBe('This page does not exist on Rakbuku.');
    const owner = await ctx.member();
    const book = await createBook(ctx.db, { ownerId: owner.user.id });

    const descriptions = new Set<string>();
    for (const path of ['/', '/books', '/signin', '/how-it-works', `/books/${book.id}`]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      descriptions.add(description(await res.text()) ?? '');
    }
    expect(descriptions.size).toBe(5);
    // Each page its own description, worded in both catalogues (D29).
    const keys = [...PAGES.map((p) => p.meta), NOT_FOUND_META];
    expect(new Set(keys).size).toBe(keys.length);
    for (const lang of ['en', 'id'] as const) {
      const texts = keys.map((key) => translate(lang, `common:meta.${key}`));
      expect(
        texts.filter((text) => text.startsWith('meta.')),
        lang,
      ).toEqual([]);
      expect(new Set(texts).size, lang).toBe(keys.length);
    }
  });

  it('robots.txt keeps crawlers out of members pages and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('Disallow: /api/');
    expect(text).toContain('Disallow: /my-orders');
    expect(text).toContain(`Sitemap: ${ctx.config.appUrl}/sitemap.xml`);
  });

  it('sitemap.xml lists the shop: public pages, categories and borrowable books only', async () => {
    const owner = await ctx.member();
    const book = await createBook(ctx.db, { ownerId: owner.user.id, title: 'Sitemap Book' });
    const hidden = await createBook(ctx.db, {
      ownerId: owner.user.id,
      title: 'Off Shelf',
      status: 'Unavailable',
    });
    const res = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    const xml = await res.text();
    expect(xml).toContain(`<loc>${ctx.config.appUrl}/books</loc>`);
    expect(xml).toContain(`<loc>${ctx.config.appUrl}/books/category/Teen</loc>`);
    expect(xml).toContain(`<loc>${ctx.config.appUrl}/books/${book.id}</loc>`);
    expect(xml).not.toContain(hidden.id);
    expect(xml).not.toContain('/my-orders');
  });
});
