import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

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

// The web app lives in src/web; the API (src/server) serves the build from WEB_DIST_DIR.
export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss(), precompress()],
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
