import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBook } from '@server/seed/factories';
import { createTestContext, type TestContext } from '@tests/support/harness';

// A landing page's HTML names its own chunks and its first data request (page-hints.ts), so a
// phone fetches them alongside the main script. The browser side (the app really uses the
// preloaded answer) is checked in tests/e2e/foundation.spec.ts.

// As an English visitor gets it (page-language.test.ts: the page sets lang, the operator's zone and the title).
const INDEX_HTML =
  '<!doctype html><html lang="en" data-time-zone="Asia/Makassar"><head><title>Rakbuku · Community book lending in Bali</title>' +
  '<script type="module" crossorigin src="/assets/index-e1.js"></script></head><body></body></html>';

/** A manifest as Vite writes it: the home page imports a shared chunk and the entry's chunk. */
const MANIFEST = {
  'index.html': { file: 'assets/index-e1.js', isEntry: true, imports: ['_web-w1.js'] },
  '_web-w1.js': { file: 'assets/web-w1.js' },
  '_book-card-b1.js': { file: 'assets/book-card-b1.js', imports: ['_web-w1.js'] },
  'features/home/pages/home-page.tsx': {
    file: 'assets/home-page-h1.js',
    isDynamicEntry: true,
    imports: ['_book-card-b1.js', '_web-w1.js'],
  },
  'features/catalog/pages/all-books-page.tsx': {
    file: 'assets/all-books-page-a1.js',
    isDynamicEntry: true,
    imports: ['_book-card-b1.js'],
  },
  'features/catalog/pages/book-detail-page.tsx': {
    file: 'assets/book-detail-page-d1.js',
    isDynamicEntry: true,
  },
};

let ctx: TestContext;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'rakbuku-dist-'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  ctx = await createTestContext({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

async function page(path: string) {
  const res = await ctx.runtime.app.request(path);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/html');
  expect(res.headers.get('cache-control')).toBe('no-cache');
  return res.text();
}

const modulePreloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
/** The data preloads' URLs, as the browser reads the attribute (&amp; is &). */
const dataPreloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map((m) =>
    m[1].replaceAll('&amp;', '&'),
  );

describe('page hints', () => {
  it("name the home page's chunks that index.html doesn't, and its latest-books request, in the head", async () => {
    const html = await page('/');
    expect(modulePreloads(html)).toEqual(['/assets/home-page-h1.js', '/assets/book-card-b1.js']);
    expect(dataPreloads(html)).toEqual(['/api/books?sort=newest&pageSize=10']);
    expect(html.indexOf('rel="preload"')).toBeLessThan(html.indexOf('</head>'));
  });

  it("turn the catalog's URL into the request the web app makes: known keys in order, defaults and junk left out", async () => {
    const html = await page(
      '/books?page=2&sort=title-az&junk=1&condition=Good&maxPrice=abc&q=%20the%20sea%20',
    );
    expect(modulePreloads(html)).toEqual(['/assets/all-books-page-a1.js', '/assets/book-card-b1.js']);
    expect(dataPreloads(html)).toEqual(['/api/books?q=the+sea&condition=Good&sort=title-az&page=2']);
    expect(dataPreloads(await page('/books'))).toEqual(['/api/books?sort=newest&page=1']);
    expect(dataPreloads(await page('/books?sort=nonsense&page=-3&language=Indonesian'))).toEqual([
      '/api/books?language=Indonesian&sort=newest&page=1',
    ]);
  });

  it("preload a shared book link's book", async () => {
    // A listed book: an unknown one's page is the not-found page.
    const owner = await ctx.member({ name: 'Hints Owner' });
    const { id } = await createBook(ctx.db, { ownerId: owner.user.id });
    const html = await page(`/books/${id}`);
    expect(modulePreloads(html)).toEqual(['/assets/book-detail-page-d1.js']);
    expect(dataPreloads(html)).toEqual([`/api/books/${id}`]);
  });

  it('keep what a visitor typed inside the attribute', async () => {
    const html = await page('/books?q=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E%26');
    expect(html).not.toContain('<script>alert');
    expect(dataPreloads(html)).toEqual([
      '/api/books?q=%22%3E%3Cscript%3Ealert%281%29%3C%2Fscript%3E%26&sort=newest&page=1',
    ]);
  });

  it('leave every other page, and a book path that is not an id, as built', async () => {
    for (const path of ['/cart', '/books/manage', '/books/category/Teen']) {
      expect(await page(path)).toBe(INDEX_HTML);
    }
  });

  it('answer / and /index.html with the page route, never a cached copy of the file, and keep the manifest in', async () => {
    expect(dataPreloads(await (await ctx.runtime.app.request('/index.html')).text())).toEqual([]);
    expect(dataPreloads(await page('/'))).toHaveLength(1);
    // The build's own files are not served: the path is the app's not-found page.
    expect((await ctx.runtime.app.request('/.vite/manifest.json')).status).toBe(404);
  });
});
