import { asc } from 'drizzle-orm';
import type { Hono } from 'hono';
import { CATEGORIES } from '@domain/constants';
import { PAGES } from '@domain/pages';
import type { AppDeps, AppEnv } from '@server/app-env';
import { books } from '@server/db/schema';
import { listed } from '@server/modules/books/availability-service';

// What search engines read: robots.txt keeps them out of members' pages and the API and names
// the sitemap; sitemap.xml lists the shop: its public pages, the categories and every book that
// can be borrowed now (D6's listed books, at most SITEMAP_BOOKS: a sitemap file holds 50,000).

const SITEMAP_BOOKS = 45_000;
/** Pages of members and operators: nothing for a search engine there. */
const PRIVATE_PATHS = [
  '/api/',
  '/admin',
  '/cart',
  '/checkout',
  '/order-confirmation',
  '/my-orders',
  '/my-waitlist',
  '/messages',
  '/orders/',
  '/earnings',
  '/profile/',
  '/books/new',
  '/books/manage',
  '/books/import',
  '/confirm-email',
  '/reset-password',
];

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function mountSeo(app: Hono<AppEnv>, deps: AppDeps) {
  const base = deps.config.appUrl.replace(/\/+$/, '');
  app.get('/robots.txt', (c) => {
    c.header('cache-control', 'public, max-age=3600');
    const lines = ['User-agent: *', 'Allow: /', ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`), ''];
    return c.text([...lines, `Sitemap: ${base}/sitemap.xml`, ''].join('\n'));
  });
  app.get('/sitemap.xml', async (c) => {
    const rows = await deps.db
      .select({ id: books.id, updatedAt: books.updatedAt })
      .from(books)
      .where(listed())
      .orderBy(asc(books.createdAt))
      .limit(SITEMAP_BOOKS);
    const urls = [
      ...PAGES.flatMap((page) => (page.sitemap ? [{ loc: page.sitemap }] : [])),
      ...CATEGORIES.map((category) => ({ loc: `/books/category/${category}` })),
      ...rows.map((row) => ({ loc: `/books/${row.id}`, lastmod: row.updatedAt.toISOString().slice(0, 10) })),
    ];
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls.map(
        (u) =>
          `<url><loc>${escapeXml(base + u.loc)}</loc>${'lastmod' in u && u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`,
      ),
      '</urlset>',
      '',
    ].join('\n');
    c.header('cache-control', 'public, max-age=3600');
    return c.body(body, 200, { 'content-type': 'application/xml; charset=utf-8' });
  });
}
