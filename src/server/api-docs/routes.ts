import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '@server/app-env';
import { SESSION_COOKIE_NAMES } from '@server/auth/auth';
import { SESSION_SCHEME } from '@server/lib/openapi';
import { IDEMPOTENCY_HEADER } from '@server/security/idempotency';
import { describeAuthEndpoints } from './auth-endpoints';
import { withOperationWords } from './operation-words';

// GET /api/openapi.json: the OpenAPI 3.1 document made from the route declarations.
// GET /api/docs: a readable reference of it (Scalar's API reference, served from our own origin
// so it runs under the app's Content-Security-Policy: no inline script, no third-party host).

const INTRODUCTION = `Rakbuku's HTTP API, as the web app uses it. Every answer is JSON.

- **Authentication**: a session cookie set by \`POST /api/auth/sign-in/email\` (httpOnly, SameSite=Lax). Send it with every call; routes marked 401 need it, admin routes also need the admin role (403 \`ADMIN_ONLY\`).
- **Origin rule**: a state-changing call (POST, PUT, PATCH, DELETE) that carries the cookie, or any Origin header, must come from the app's own origin; otherwise 403 \`CROSS_SITE_REQUEST\`.
- **Errors**: \`{ "error": { "code", "message", "fields"? } }\` on every route, Better Auth's under \`/api/auth/*\` too; \`code\` is from one closed list, \`message\` is ready to show, \`fields\` holds one message per invalid field (422). A malformed id is the route's 404. A 500 carries a \`requestId\` and nothing internal.
- **Rate limits**: every 429 carries \`Retry-After\`, \`RateLimit-Policy\` and \`RateLimit\` (IETF ratelimit-headers draft).
- **Caching**: the catalog and a book's page answer a weak, per-viewer \`ETag\`; sent back in \`If-None-Match\`, it gets 304 while it holds.
- **Paging**: every list that pages answers \`{ items, nextCursor, prevCursor }\` (null where there is no such page), with a capped \`total\` and \`totalCapped\` where it counts; send \`nextCursor\` or \`prevCursor\` back, unchanged, as the \`cursor\` query parameter (it carries its direction). \`pageSize\` sets the page's length. The catalog also numbers its first 50 pages (\`page\`). A list answered whole (\`{ items }\`) is bounded and has no cursors.
- **Retrying safely**: every POST but Better Auth's (\`/api/auth/*\`) takes an optional \`Idempotency-Key\` header; the same key and body within a day get the first answer again (\`Idempotent-Replayed: true\`), never a second order, message or payout.
- **Money** is whole rupiah written as a decimal string ("25000.00"); times are ISO 8601.`;

const standalone = createRequire(import.meta.url).resolve('@scalar/api-reference/browser/standalone.js');

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Rakbuku API reference</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head>
<body>
<div id="reference"></div>
<script src="/api/docs/reference.js"></script>
<script src="/api/docs/start.js"></script>
</body>
</html>`;

// Everything the reference needs comes from this origin: the document, no fonts from elsewhere,
// no request proxy, no "try it" client that could send to other hosts. The mount point is not
// called "api-reference": the standalone script mounts a second reference, with its defaults
// (fonts and an AI agent from Scalar's hosts, which the CSP refuses), on an element of that id.
const START = `Scalar.createApiReference('#reference', {
  url: '/api/openapi.json',
  withDefaultFonts: false,
  hideClientButton: true,
  showDeveloperTools: 'never',
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
});`;

/** The reference script (3.6 MB) gzipped once, off the event loop, on its first request. */
let gzippedScript: Promise<Buffer> | null = null;
const referenceScript = () => {
  gzippedScript ??= readFile(standalone).then((plain) => promisify(gzip)(plain, { level: 9 }));
  return gzippedScript;
};

export function mountApiDocs(app: OpenAPIHono<AppEnv>) {
  describeAuthEndpoints(app.openAPIRegistry);
  app.openAPIRegistry.registerComponent('securitySchemes', SESSION_SCHEME, {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE_NAMES[0],
    description: `The httpOnly session cookie \`POST /api/auth/sign-in/email\` sets (\`${SESSION_COOKIE_NAMES[1]}\` on https)`,
  });
  app.get('/api/openapi.json', (c) =>
    c.json(
      withOperationWords(
        withIdempotencyKey(
          app.getOpenAPI31Document({
            openapi: '3.1.0',
            info: {
              title: 'Rakbuku API',
              version: '1',
              description: INTRODUCTION,
              contact: { name: 'Rakbuku admin team' },
            },
            servers: [{ url: '/' }],
          }),
        ),
      ),
    ),
  );
  app.get('/api/docs', (c) => c.html(PAGE));
  app.get('/api/docs/start.js', (c) =>
    c.body(START, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' }),
  );
  // Every browser that runs the reference accepts gzip; the plain file is never sent.
  app.get('/api/docs/reference.js', async (c) =>
    c.body(new Uint8Array(await referenceScript()), 200, {
      'content-type': 'text/javascript; charset=utf-8',
      'content-encoding': 'gzip',
      vary: 'accept-encoding',
      'cache-control': 'public, max-age=3600',
    }),
  );
}

type Document = ReturnType<OpenAPIHono<AppEnv>['getOpenAPI31Document']>;

/**
 * Every POST of ours takes the optional Idempotency-Key header (security/idempotency.ts), which
 * the middleware reads before the route: the document says so on each POST, as one shared
 * parameter. Better Auth's endpoints answer with their own cookies and do not take it.
 */
function withIdempotencyKey(document: Document): Document {
  const parameter = { $ref: '#/components/parameters/IdempotencyKey' };
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (!item?.post || path.startsWith('/api/auth/')) continue;
    item.post.parameters = [...(item.post.parameters ?? []), parameter];
  }
  document.components = {
    ...document.components,
    parameters: {
      ...document.components?.parameters,
      IdempotencyKey: {
        name: IDEMPOTENCY_HEADER,
        in: 'header',
        required: false,
        schema: { type: 'string', minLength: 8, maxLength: 255 },
        description:
          'Any 8 to 255 visible characters, new for each request: sent again with the same body, the first answer comes back (with `Idempotent-Replayed: true`) for a day instead of a second effect; with another body, 422 `IDEMPOTENCY_KEY_REUSED`; while the first is still answered, 409 `IDEMPOTENCY_KEY_IN_FLIGHT`.',
      },
    },
  };
  return document;
}
