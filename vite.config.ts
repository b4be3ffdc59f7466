import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Brotli and gzip copies of every text asset (and the scanner's WebAssembly), made once at build time at the highest levels
 * (the server picks the one the browser accepts, app.ts serveAssets).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'rakbuku-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const assets = join(outDir, 'assets');
      for (const name of readdirSync(assets)) {
        if (!/\.(js|css|svg|json|txt|html|wasm)$/.test(name)) continue;
        const file = join(assets, name);
        if (statSync(file).size < 1024) continue;
        const raw = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
      }
    },
  };
}

type OfflineWords = { title: string; body: string; kept: string; retry: string };
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * offline.html: what the service worker answers a page it cannot fetch and has nothing to show
 * for (signed out, or nothing kept yet). Written from the `pwa` catalogues; it runs no script (the
 * CSP allows none inline, and offline there is no app to load), so it says its words in both
 * languages, each marked with its own lang.
 */
function offlinePage(root: string): Plugin {
  const words = (lang: 'en' | 'id'): OfflineWords =>
    JSON.parse(readFileSync(join(root, `src/web/locales/${lang}/pwa.json`), 'utf8')).offlinePage;
  const section = (lang: 'en' | 'id') => {
    const w = words(lang);
    return `<section lang="${lang}"><h1>${escapeHtml(w.title)}</h1><p>${escapeHtml(w.body)}</p><p>${escapeHtml(w.kept)}</p><p><a href="">${escapeHtml(w.retry)}</a></p></section>`;
  };
  return {
    name: 'rakbuku-offline-page',
    apply: 'build',
    generateBundle() {
      const source = `<!doctype html>
<html lang="en">
<head>
<meta charset="UTF-8" />
<meta name="viewport" content="width=device-width, initial-scale=1.0" />
<meta name="theme-color" content="#0f766e" />
<link rel="icon" href="/favicon.svg" type="image/svg+xml" />
<title>Rakbuku · ${escapeHtml(words('en').title)} / ${escapeHtml(words('id').title)}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1c1917;background:#fafaf9}
main{max-width:36rem;margin:0 auto;padding:2.5rem 1.25rem}
header{display:flex;align-items:center;gap:.75rem;margin-bottom:2rem;font-weight:700;font-size:1.25rem;color:#0f766e}
header img{width:2.5rem;height:2.5rem}
section{background:#fff;border:1px solid #e7e5e4;border-radius:1rem;padding:1.25rem 1.5rem;margin-bottom:1rem}
h1{font-size:1.25rem;margin:0 0 .75rem}
p{line-height:1.5;margin:.5rem 0;color:#44403c}
a{display:inline-block;margin-top:.5rem;padding:.6rem 1rem;border-radius:.75rem;background:#0f766e;color:#fff;font-weight:600;text-decoration:none}
</style>
</head>
<body>
<main>
<header><img src="/favicon.svg" alt="" />Rakbuku</header>
${section('en')}
${section('id')}
</main>
</body>
</html>
`;
      this.emitFile({ type: 'asset', fileName: 'offline.html', source });
    },
  };
}

/**
 * The modules whose chunks the service worker precaches (with everything they import): the app's
 * entry, the Indonesian catalogue, the registration, the offline banner and the pages a member
 * reads offline (home, My orders, an order). Every other chunk is cached when first loaded.
 */
const OFFLINE_MODULES = [
  'index.html',
  'locales/id.ts',
  'lib/service-worker.ts',
  'components/offline-banner.tsx',
  'features/home/pages/home-page.tsx',
  'features/orders/pages/my-orders-page.tsx',
  'features/orders/pages/order-detail-page.tsx',
  'features/info/pages/not-found-page.tsx',
];

type ViteManifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

/** The files of OFFLINE_MODULES and their static imports, from the build's .vite/manifest.json. */
function offlineFiles(outDir: string): Set<string> {
  const manifest: ViteManifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'));
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of OFFLINE_MODULES) {
    if (!manifest[key]) throw new Error(`vite.config.ts OFFLINE_MODULES: no chunk for ${key}`);
    visit(key);
  }
  return files;
}

/**
 * The installable app: the web app manifest and the service worker (src/web/sw.ts, Workbox,
 * injectManifest so the file is ours to extend). The app registers it itself, lazily and only in
 * a production build (src/web/main.tsx); the precache is the shell's scripts and styles, the
 * offline page and the icons, not every image.
 */
let builtTo = '';
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: '.',
  filename: 'sw.ts',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  includeManifestIcons: false,
  manifest: {
    id: '/',
    name: 'Rakbuku',
    short_name: 'Rakbuku',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: '#0f766e',
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    // Hashed names already say when a file changed: no revision needed for them.
    dontCacheBustURLsMatching: /^assets\//,
    globPatterns: ['assets/*.{js,css}', 'offline.html', 'favicon.svg', 'icons/*.png'],
    manifestTransforms: [
      async (entries) => {
        const offline = offlineFiles(builtTo);
        return {
          manifest: entries.filter((e) => !e.url.startsWith('assets/') || offline.has(e.url)),
          warnings: [],
        };
      },
    ],
  },
  // `npm run dev` serves the manifest and a development build of the worker (not registered there).
  devOptions: { enabled: true, type: 'module' },
});

// The web app lives in src/web; the API (src/server) serves the build from WEB_DIST_DIR.
export default defineConfig({
  root: 'src/web',
  plugins: [
    react(),
    tailwindcss(),
    offlinePage(import.meta.dirname),
    {
      name: 'rakbuku-built-to',
      configResolved(config) {
        builtTo = resolve(config.root, config.build.outDir);
      },
    },
    pwa,
    precompress(),
  ],
  // Import aliases (@domain, @web, ...) come from tsconfig.json's paths, the one list of them.
  resolve: { tsconfigPaths: true },
  build: {
    outDir: process.env.WEB_DIST_DIR ? process.env.WEB_DIST_DIR : '../../dist/web',
    emptyOutDir: true,
    // Page chunks and their imports, read by the server to preload a landing page's chunks from
    // its HTML (src/server/web-app/page-hints.ts).
    manifest: true,
    // Few requests per page: a phone on slow 4G pays a round trip (about 600 ms) per wave of six
    // requests, so one chunk holds everything the first page loads, and a common chunk smaller
    // than 16 KB is copied into the pages that use it instead of being fetched on its own.
    // The size that counts is the gzipped one, held to a budget by scripts/page-sizes.mjs.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          groups: [{ name: 'initial', tags: ['$initial'] }],
          experimentalInlineCommonChunks: { maxSize: 16 * 1024 },
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3000}` },
  },
});
