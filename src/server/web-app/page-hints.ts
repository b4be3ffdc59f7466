import { isUuid } from '@domain/ids';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bookQueryFields, parseCatalogParams, toBookQuery } from '@domain/catalog-params';
import { HOME_LATEST_LIMIT } from '@domain/constants';

// A page's first needs, named in the HTML that opens it. Without them a phone on a slow network
// asks for the page's own code and its first data only once the main script has arrived and
// run (router.tsx's lazy routes and loaders): one more round trip, about 600 ms on slow 4G.
// With them the browser fetches all of it alongside the main script. Only the pages people
// arrive on from outside are listed (home, the catalog, a shared book link); a wrong or missing
// hint costs one wasted request, never a wrong page, since the app still asks for what it needs.

/** Vite's build manifest (build.manifest in vite.config.ts): source module → its chunk and static imports. */
type Manifest = Record<string, { file: string; imports?: string[] }>;

interface LandingPage {
  path: RegExp;
  /** Whether a matched path is this page (a book's page: its id segment is an id). */
  accepts?: (match: RegExpMatchArray) => boolean;
  /** The page module router.tsx loads lazily for this path, relative to src/web. */
  page: string;
  /** The URL of the first API request the page's route loader makes, exactly as the web app builds it. */
  data: (match: RegExpMatchArray, search: URLSearchParams) => string;
}

/** An API URL as the typed client (hono/client) writes it: the query's fields in order, URL-encoded. */
function apiUrl(path: string, query: Record<string, string | number | undefined> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

const LANDING_PAGES: LandingPage[] = [
  {
    path: /^\/$/,
    page: 'features/home/pages/home-page.tsx',
    data: () => apiUrl('/api/books', { sort: 'newest', pageSize: HOME_LATEST_LIMIT }),
  },
  {
    path: /^\/books\/?$/,
    page: 'features/catalog/pages/all-books-page.tsx',
    data: (_match, search) => apiUrl('/api/books', bookQueryFields(toBookQuery(parseCatalogParams(search)))),
  },
  {
    path: /^\/books\/([^/]+)\/?$/,
    page: 'features/catalog/pages/book-detail-page.tsx',
    accepts: (match) => isUuid(match[1]),
    data: (match) => apiUrl(`/api/books/${match[1]}`),
  },
];

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * Reads the build's manifest once and answers, for a page URL, the `<link>` tags to put in its
 * HTML's head: a modulepreload for each chunk of the page that index.html doesn't already name,
 * and a fetch preload of its first data request (`crossorigin` gives it the mode and
 * credentials of the app's own fetch, so the browser hands that fetch the preloaded answer).
 */
export function createPageHints(distDir: string) {
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  const manifest: Manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};

  const chunkFiles = (key: string, into = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) chunkFiles(imported, into);
    return into;
  };
  const inIndexHtml = chunkFiles('index.html');
  const pageChunks = new Map(
    LANDING_PAGES.map((landing) => [
      landing.page,
      [...chunkFiles(landing.page)].filter((file) => !inIndexHtml.has(file)),
    ]),
  );

  return (pathname: string, search: URLSearchParams): string => {
    for (const landing of LANDING_PAGES) {
      const match = pathname.match(landing.path);
      if (!match || (landing.accepts && !landing.accepts(match))) continue;
      const links = (pageChunks.get(landing.page) ?? []).map(
        (file) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`,
      );
      links.push(
        `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(landing.data(match, search))}">`,
      );
      return links.join('');
    }
    return '';
  };
}
