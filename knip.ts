import type { KnipConfig } from 'knip';

// `npx knip`: files, exports and dependencies nothing uses. Knip's own plugins find the rest of
// the entry points: the package scripts (src/server/cli.ts, bench/run.ts), src/web/index.html
// (src/web/main.tsx), and the vite, vitest and playwright configs with the tests they name.
const config: KnipConfig = {
  entry: [
    'scripts/*.{mjs,ts}',
    // Started as child processes (`node --import tsx <file>`), not imported.
    'src/server/main.ts',
    'bench/server.ts',
    // Run on its own against a scratch database (`npx tsx bench/catalog-depth.ts`).
    'bench/catalog-depth.ts',
    // The lists at a million (`npx tsx bench/lists-explain.ts`, docs/performance.md).
    'bench/lists-explain.ts',
    // The heaviest members' reads before and after (`npx tsx bench/heavy-members.ts`, docs/performance.md).
    'bench/heavy-members.ts',
    // The service worker, built on its own by vite-plugin-pwa (injectManifest, vite.config.ts).
    'src/web/sw.ts',
    // Run by the e2e global setup as a child process before the server starts.
    'tests/e2e/seed-order-history.ts',
  ],
  project: ['src/**/*.{ts,tsx,css}', 'tests/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{mjs,ts}', '*.ts'],
  // The stylesheet's `@import "tailwindcss"` is a dependency too.
  compilers: {
    css: (text: string) => [...text.matchAll(/(?<=@)import[^;]+/g)].join('\n'),
  },
  // util-linux, run by the data-folder lock's test to put each server in its own PID namespace.
  ignoreBinaries: ['unshare'],
  ignoreDependencies: [
    // Loaded by file path (createRequire().resolve): the API reference page's standalone
    // script (src/server/api-docs/routes.ts) and the OpenAPI linter (scripts/openapi-lint.ts).
    '@scalar/api-reference',
    '@redocly/cli',
  ],
};

export default config;
