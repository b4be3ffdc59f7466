// Import boundaries of Rakbuku (docs/architecture.md, "Boundaries"). `npm run lint` runs
// `depcruise src`: any rule below that matches fails the lint.
//
// Public surfaces (what another part may import):
//   - a server module `src/server/modules/<name>/` exposes its service files only:
//     `service.ts` and `<something>-service.ts` directly in the module folder. Everything
//     else in the folder (routes.ts, helpers, prepared queries, caches, tests) is internal.
//     Code that two modules share and that belongs to neither lives in `src/server/lib/`
//     (or db/, outbox/, auth/ for infrastructure).
//   - a web feature `src/web/features/<name>/` exposes `api.ts` and `<something>-api.ts`
//     directly in the feature folder. Its components/ and pages/ are internal, except that
//     the router (`src/web/app/`) imports pages. Pieces several features show live in
//     `src/web/components/` (components) and `src/web/lib/` (formatters, route paths).
//   - the web imports from the server only types, and only the route declarations of a
//     module (`import type { XApi } from '@server/modules/x/routes'`) for the typed client.
//
// Tests (`*.test.ts`) sit beside the code and are held to the same boundaries, except that a
// test may import test support (tests/**) and devDependencies.

const TEST_FILE = '\\.test\\.tsx?$';
const MODULE_SERVICE = '^src/server/modules/[^/]+/(service|[^/]+-service)\\.ts$';
const FEATURE_API = '^src/web/features/[^/]+/(api|[^/]+-api)\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'web-imports-server-code',
      comment:
        'The web may import from src/server only the route declaration types of a module ' +
        "(import type { XApi } from '@server/modules/x/routes'); server code never reaches the browser bundle.",
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/server/', pathNot: '^src/server/modules/[^/]+/routes\\.ts$' },
    },
    {
      name: 'web-imports-routes-as-values',
      comment: "A module's routes.ts is imported by the web with `import type` only.",
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/server/modules/[^/]+/routes\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-module-internals',
      comment:
        "A server module uses another module only through that module's service files " +
        '(service.ts, *-service.ts). Move what both need to src/server/lib or expose it from the service.',
      severity: 'error',
      from: { path: '^src/server/modules/([^/]+)/', pathNot: TEST_FILE },
      to: {
        path: '^src/server/modules/[^/]+/',
        pathNot: ['^src/server/modules/$1/', MODULE_SERVICE],
      },
    },
    {
      name: 'server-module-test-internals',
      comment:
        "A module's tests use another module through its service files, and call its routes through " +
        "the typed client, as the web does: `import type { XApi }` from that module's routes.ts.",
      severity: 'error',
      from: { path: `^src/server/modules/([^/]+)/.*${TEST_FILE}` },
      to: {
        path: '^src/server/modules/[^/]+/',
        pathNot: ['^src/server/modules/$1/', MODULE_SERVICE, '^src/server/modules/[^/]+/routes\\.ts$'],
      },
    },
    {
      name: 'test-imports-routes-as-values',
      comment: "A test imports another module's routes.ts with `import type` only (its XApi).",
      severity: 'error',
      from: { path: `^src/server/modules/([^/]+)/.*${TEST_FILE}` },
      to: {
        path: '^src/server/modules/[^/]+/routes\\.ts$',
        pathNot: '^src/server/modules/$1/',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'server-imports-module-internals',
      comment:
        'Server code outside the modules (app, runtime, seed, security, api-docs...) uses a module through ' +
        'its service files, and mounts it through its routes.ts.',
      severity: 'error',
      from: { path: '^src/server/', pathNot: ['^src/server/modules/', TEST_FILE] },
      to: {
        path: '^src/server/modules/[^/]+/',
        pathNot: [MODULE_SERVICE, '^src/server/modules/[^/]+/routes\\.ts$'],
      },
    },
    {
      name: 'web-feature-internals',
      comment:
        "A web feature uses another feature only through its api.ts (or *-api.ts). Shared pieces live in " +
        'src/web/components (components) and src/web/lib (formatters, route paths).',
      severity: 'error',
      from: { path: '^src/web/features/([^/]+)/' },
      to: {
        path: '^src/web/features/[^/]+/',
        pathNot: ['^src/web/features/$1/', FEATURE_API],
      },
    },
    {
      name: 'web-app-feature-internals',
      comment: 'The app shell (src/web/app) imports features\u2019 pages (for the router) and api files only.',
      severity: 'error',
      from: { path: '^src/web/app/' },
      to: {
        path: '^src/web/features/[^/]+/',
        pathNot: [FEATURE_API, '^src/web/features/[^/]+/pages/'],
      },
    },
    {
      name: 'web-shared-imports-features',
      comment:
        'Shared web code (components/, lib/) never imports the app shell or a feature\u2019s internals; a shared ' +
        'component may use a feature\u2019s public api (the book card\u2019s add button uses the cart\u2019s mutations).',
      severity: 'error',
      from: { path: '^src/web/(components|lib)/' },
      to: { path: '^src/web/(features|app)/', pathNot: FEATURE_API },
    },
    {
      name: 'domain-imports-outside-domain',
      comment:
        'src/domain is pure rules shared by server and web: it imports only src/domain and npm packages ' +
        '(no Node built-ins, no server or web code).',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { pathNot: '^(src/domain/|node_modules/)' },
    },
    {
      name: 'production-imports-test-support',
      comment: 'Production code never imports tests/** (test support, fixtures, e2e).',
      severity: 'error',
      from: { path: '^src/', pathNot: TEST_FILE },
      to: { path: '^tests/' },
    },
    {
      name: 'not-to-dev-dep',
      comment:
        'Production code must not depend on devDependencies: they are not installed in production. ' +
        'Type-only imports are erased and allowed.',
      severity: 'error',
      from: { path: '^src/', pathNot: TEST_FILE },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-barrel-index',
      comment: 'No barrel index.ts files: import the file that defines the thing.',
      severity: 'error',
      from: { path: '(^|/)index\\.tsx?$' },
      to: {},
    },
    {
      name: 'no-circular',
      comment: 'No circular dependencies.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'Every import resolves (a typo in an alias would otherwise hide a dependency from the rules).',
      severity: 'error',
      from: {},
      // Vite's asset imports (`x.wasm?url`) resolve at build time to the file without the query.
      to: { couldNotResolve: true, pathNot: '\\?url$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/server/db/migrations/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
    // Re-cruises only what changed since the last run (by file content): ~3 s instead of ~7 s.
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
