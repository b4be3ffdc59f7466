// Zod compiles object parsers with `new Function` when eval is allowed, and probes for it the
// first time a schema is built. Our CSP refuses eval (docs/security.md), so the probe only fails
// and Chrome reports a CSP violation on every page with a form. Zod reads its settings from this
// global, shared by every copy of it: set before any schema module runs (main.tsx imports this
// first), it skips the probe and parses without compiling. Kept out of the zod import so the
// first page's bundle does not grow.
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
