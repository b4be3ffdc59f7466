#!/usr/bin/env node
// The production bundle, page by page: for every route of src/web/app/router.tsx, the
// JavaScript a browser downloads to show it (the entry chunk, the page's lazy chunk and every
// chunk they import statically), gzipped. Fails when a first page (isFirstPage) is over budget
// or a page is not split into its own chunk.
//
//   node scripts/page-sizes.mjs                 build into a temp dir, then report
//   node scripts/page-sizes.mjs --dist DIR      report on an existing build
//   node scripts/page-sizes.mjs --markdown      print the table as Markdown (for README)

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

// 180 KB for every page a visitor first lands on: the home page, the catalog, a category, an
// owner's shelf, a book's page (the links people share) and the information pages. The shared
// entry carries React, the router, the query client, i18next and the English words of the
// namespaces those pages show (locales/en.ts, errors included). Indonesian is its own chunk; the
// admin's, the owner's, checkout's, payments', the account pages' and the notifications' words
// come with their pages (locales/resources.ts, lib/words); the signed-in member's menu, the toast
// library (lib/toast.ts) and the catalog's price slider are chunks loaded after the first render.
export const FIRST_PAGE_BUDGET_BYTES = 180 * 1024;
const LANDING_PAGES = ['/', '/books', '/books/category/:category', '/owner/:ownerId', '/books/:bookId'];
/** A page a visitor may first land on: a landing page above, or an information page. */
export const isFirstPage = (page) => LANDING_PAGES.includes(page.path) || (page.info && page.path !== '/*');

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** [route path, page module file name] for every lazily loaded page of the router. */
export function routesOfRouter(source = readFileSync(join(root, 'src/web/app/router.tsx'), 'utf8')) {
  const routes = [];
  const pattern = /\{\s*(?:index: true|path: '([^']+)'),\s*lazy: page\(\(\) => import\('([^']+)'\)\)/g;
  for (const m of source.matchAll(pattern))
    routes.push({ path: `/${m[1] ?? ''}`, module: basename(m[2]), info: m[2].includes('/features/info/') });
  return routes;
}

/** Static imports of a built chunk (`import{..}from"./x.js"`, `import"./x.js"`), not dynamic ones. */
function staticImports(code) {
  const out = new Set();
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g)) out.add(m[1]);
  return out;
}

export function analyze(distDir) {
  const assetsDir = join(distDir, 'assets');
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const files = readdirSync(assetsDir).filter((f) => f.endsWith('.js'));
  const code = new Map(files.map((f) => [f, readFileSync(join(assetsDir, f), 'utf8')]));
  const gz = new Map(files.map((f) => [f, gzipSync(code.get(f), { level: 9 }).length]));

  const entry = html.match(/<script[^>]*type="module"[^>]*src="\/assets\/([\w.-]+\.js)"/)?.[1];
  if (!entry) throw new Error('No module entry script in index.html');
  // CSP forbids inline scripts (script-src 'self'): the page must not rely on one.
  const inlineScripts = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].filter(
    (m) => m[1].trim() !== '',
  );

  const closure = (start) => {
    const seen = new Set();
    const visit = (f) => {
      if (seen.has(f) || !code.has(f)) return;
      seen.add(f);
      for (const dep of staticImports(code.get(f))) visit(dep);
    };
    visit(start);
    return seen;
  };
  const entryFiles = closure(entry);
  const sum = (set) => [...set].reduce((n, f) => n + gz.get(f), 0);

  const pages = routesOfRouter().map(({ path, module, info }) => {
    // Vite names a lazy chunk after its module: home-page-<hash>.js.
    const chunk = files.find((f) => f.startsWith(`${module}-`) && /^[\w-]+-[\w-]{8}\.js$/.test(f));
    const own = chunk ? closure(chunk) : new Set();
    const all = new Set([...entryFiles, ...own]);
    return {
      path,
      module,
      info,
      chunk: chunk ?? null,
      split: Boolean(chunk) && !entryFiles.has(chunk),
      pageBytes: sum(new Set([...own].filter((f) => !entryFiles.has(f)))),
      totalBytes: sum(all),
    };
  });
  return { entry, entryBytes: sum(entryFiles), pages, inlineScripts: inlineScripts.length };
}

export function problemsOf(report) {
  const problems = [];
  if (!report.pages.some((p) => p.path === '/')) problems.push('The router has no index route (/)');
  for (const path of LANDING_PAGES)
    if (!report.pages.some((p) => p.path === path)) problems.push(`The router has no ${path} page`);
  for (const page of report.pages.filter(isFirstPage)) {
    if (page.totalBytes > FIRST_PAGE_BUDGET_BYTES) {
      problems.push(
        `${page.path} needs ${kb(page.totalBytes)} of JavaScript gzipped (budget ${kb(FIRST_PAGE_BUDGET_BYTES)})`,
      );
    }
  }
  for (const p of report.pages)
    if (!p.split) problems.push(`${p.path} (${p.module}) is not in a chunk of its own`);
  if (report.inlineScripts > 0) problems.push('index.html has an inline script, which the CSP blocks');
  return problems;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

export function formatTable(report) {
  const lines = [
    '| page | page chunk (gzip) | total JS to show it (gzip) |',
    '|---|---:|---:|',
    ...report.pages.map((p) => `| \`${p.path}\` | ${kb(p.pageBytes)} | ${kb(p.totalBytes)} |`),
  ];
  return `Shared entry (router, layout, React, query client): ${kb(report.entryBytes)} gzipped.\n\n${lines.join('\n')}`;
}

export function buildWeb(outDir) {
  const res = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--logLevel',
      'warn',
      '--outDir',
      outDir,
      '--emptyOutDir',
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (res.status !== 0) throw new Error('The web build failed');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const distArg = args.includes('--dist') ? args[args.indexOf('--dist') + 1] : null;
  const dist = distArg ?? mkdtempSync(join(tmpdir(), 'rakbuku-page-sizes-'));
  try {
    if (!distArg) buildWeb(dist);
    if (!existsSync(join(dist, 'index.html'))) throw new Error(`No build in ${dist}`);
    const report = analyze(dist);
    if (args.includes('--markdown')) console.log(formatTable(report));
    else {
      console.log(`entry ${report.entry}: ${kb(report.entryBytes)} gzipped`);
      for (const p of report.pages) {
        console.log(
          `${p.path.padEnd(28)} page ${kb(p.pageBytes).padStart(9)}   total ${kb(p.totalBytes).padStart(9)}`,
        );
      }
    }
    const problems = problemsOf(report);
    for (const p of problems) console.error(`FAIL: ${p}`);
    process.exitCode = problems.length > 0 ? 1 : 0;
  } finally {
    if (!distArg) rmSync(dist, { recursive: true, force: true });
  }
}
