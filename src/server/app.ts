import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, relative } from 'node:path';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, Hono, Next } from 'hono';
import { HTTPException } from 'hono/http-exception';
import {
  chooseLanguage,
  DEFAULT_UI_LANGUAGE,
  isUiLanguage,
  languageFromCookie,
  type UiLanguage,
} from '@domain/ui-language';
import type { AppDeps, AppEnv, SessionUser } from './app-env';
import { mountApiModules } from './api-modules';
import { mountApiDocs } from './api-docs/routes';
import { CLIENT_IP_HEADER, SESSION_COOKIE_NAMES } from './auth/auth';
import { createSessionCache, sessionCookieValue } from './auth/session-cache';
import { currentVersions, type Versions } from './db/versions';
import { AppError, type ErrorBody } from './lib/errors';
import { translate } from './lib/i18n';
import { answerHeaders } from './lib/answer-headers';
import { jsonResponses } from './lib/json-response';
import { refuseForbiddenText } from './security/forbidden-text';
import { limitJsonBody } from './security/json-body-limit';
import { isServedAuthEndpoint } from './auth/served-endpoints';
import { inOurEnvelope } from './auth/answer-envelope';
import { idempotentPosts } from './security/idempotency';
import { limitSignInGuesses } from './security/password-guesses';
import { rateLimitHeaders } from './lib/rate-limit-headers';
import { createPageHints } from './web-app/page-hints';
import { mountSeo } from './web-app/seo';
import { isBookShown } from '@server/modules/books/read-service';
import { findPage, NOT_FOUND_META } from '@domain/pages';
import { isDatabaseUnavailable } from './db/unavailable';

/** How long a client waits before trying again when the database connection was lost. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function createApp(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('user', null);
    c.set('sessionId', null);
    c.set('requestId', c.req.header('x-request-id')?.slice(0, 64) || randomUUID());
    c.set('clientIp', clientAddress(c, deps.config.trustedProxies));
    // The request's one read of the catalog and session versions, shared by its middleware
    // and handler (and, through db/versions.ts, with the requests around it).
    let versions: Promise<Versions> | undefined;
    c.set('versions', () => {
      versions ??= currentVersions(deps.db);
      return versions;
    });
    const started = performance.now();
    await next();
    if (c.req.path.startsWith('/api/')) {
      deps.log.debug(
        {
          reqId: c.get('requestId'),
          ip: c.get('clientIp'),
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          ms: Math.round(performance.now() - started),
        },
        'request',
      );
    }
  });

  // The security headers and the request id, on every answer (lib/answer-headers.ts).
  app.use(
    '*',
    answerHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        // WebAssembly only (no JS eval): the ISBN scanner's decoder, served from /assets (D30).
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      strictTransportSecurity: deps.config.appUrl.startsWith('https://')
        ? 'max-age=31536000; includeSubDomains'
        : false,
      referrerPolicy: 'strict-origin-when-cross-origin',
      xFrameOptions: 'DENY',
      crossOriginResourcePolicy: 'same-origin',
    }),
  );
  app.use('/api/*', jsonResponses);

  // Cross-site requests never change anything: a state-changing call that carries our
  // cookie must come from our own origin (SameSite=Lax cookies are the second layer). One
  // without a cookie but from a foreign page is refused too, so no page can sign a visitor
  // in to an account of its choosing (login CSRF); clients without an Origin (curl) pass.
  app.use('/api/*', async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin') ?? refererOrigin(c.req.header('referer'));
      const mustMatch = Boolean(c.req.header('cookie')) || origin !== undefined;
      if (mustMatch && origin !== new URL(deps.config.appUrl).origin) {
        throw new AppError('CROSS_SITE_REQUEST');
      }
    }
    await next();
  });

  app.use('/api/*', limitJsonBody);
  app.use('/api/*', refuseForbiddenText);

  // Better Auth reads the client address from this header only; we set it (any client value is
  // replaced). Only its own endpoints see the request, so only those pay for the copy.
  app.use('/api/auth/*', async (c, next) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, c.get('clientIp'));
    c.req.raw = new Request(c.req.raw, { headers });
    await next();
  });
  // Password guesses per account, across addresses and routes (security/password-guesses.ts).
  app.use('/api/auth/sign-in/email', limitSignInGuesses);

  const sessions = createSessionCache();
  /** Sets `user` and `sessionId` from the session cookie, through the session cache. */
  const loadSession = async (c: Context<AppEnv>) => {
    const token = c.req.path.startsWith('/api/auth/')
      ? null
      : sessionCookieValue(c.req.header('cookie'), SESSION_COOKIE_NAMES);
    if (token) {
      const { sessions: version } = await c.get('versions')();
      const found = await sessions.get(token, version, async () => {
        const result = await deps.auth.api.getSession({ headers: c.req.raw.headers });
        if (!result) return null;
        const u = result.user as typeof result.user & { role?: string | null };
        const user: SessionUser = {
          id: u.id,
          name: u.name,
          email: u.email,
          role: u.role === 'admin' ? 'admin' : 'user',
          emailVerified: u.emailVerified,
          language: isUiLanguage(u.language) ? u.language : DEFAULT_UI_LANGUAGE,
        };
        return { user, sessionId: result.session.id, expiresAt: new Date(result.session.expiresAt) };
      });
      if (found) {
        c.set('user', found.user);
        c.set('sessionId', found.sessionId);
      }
    }
  };
  app.use('/api/*', async (c, next) => {
    await loadSession(c);
    await next();
  });
  // A POST sent again with its Idempotency-Key gets its first answer (security/idempotency.ts).
  app.use('/api/*', idempotentPosts);

  mountApiModules(app);
  mountApiDocs(app);
  // Only the endpoints the product uses (auth/served-endpoints.ts); the rest of Better Auth's is
  // reachable from the server alone.
  // Its refusals answer in our error envelope, its 429s with our rate-limit fields
  // (auth/answer-envelope.ts).
  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    const path = c.req.path.slice('/api/auth'.length);
    if (!isServedAuthEndpoint(c.req.method, path)) {
      throw new AppError('NOT_FOUND');
    }
    return inOurEnvelope(await deps.auth.handler(c.req.raw), path, c.get('requestId'));
  });

  app.all('/api/*', () => {
    throw new AppError('NOT_FOUND');
  });

  mountSeo(app, deps);
  serveWebApp(app, deps, loadSession);

  app.onError((thrown, c) => {
    // A lost database connection passes by itself: 503 with Retry-After (db/unavailable.ts).
    const err = isDatabaseUnavailable(thrown)
      ? new AppError('DATABASE_UNAVAILABLE', {
          retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
          cause: thrown,
        })
      : thrown;
    if (err instanceof AppError) {
      // What failed underneath a 5xx of ours (a store, the database) is the operator's to see.
      if (err.status >= 500) {
        deps.log.warn({ err, cause: err.cause, reqId: c.get('requestId'), path: c.req.path }, err.code);
      }
      // A 413 is answered before the body is read; the unread rest is still on the socket, and
      // the Node adapter drops the socket if it cannot drain it within half a second. Saying so
      // lets the client open a new connection instead of losing its next request on this one.
      if (err.status === 413) c.header('Connection', 'close');
      if (err.retryAfterSeconds !== undefined) c.header('Retry-After', String(err.retryAfterSeconds));
      if (err.rateLimit && err.retryAfterSeconds !== undefined)
        for (const [name, value] of Object.entries(rateLimitHeaders(err.rateLimit, err.retryAfterSeconds)))
          c.header(name, value);
      return c.json(err.toBody(), err.status);
    }
    if (err instanceof HTTPException && err.status < 500) {
      return c.json({ error: httpExceptionError(err) } satisfies ErrorBody, err.status);
    }
    deps.log.error(
      { err, reqId: c.get('requestId'), ip: c.get('clientIp'), path: c.req.path },
      'unhandled error',
    );
    return c.json(
      {
        error: { ...new AppError('INTERNAL').toBody().error, requestId: c.get('requestId') },
      } satisfies ErrorBody,
      500,
    );
  });

  return app;
}

export type App = ReturnType<typeof createApp>;

/** The declared-route validators' refusals (hono/validator), in our codes and words. */
function httpExceptionError(err: HTTPException): ErrorBody['error'] {
  if (err.status === 400 && err.message.startsWith('Malformed JSON'))
    return new AppError('INVALID_JSON').toBody().error;
  if (err.status === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE').toBody().error;
  return new AppError('HTTP_ERROR').toBody().error;
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

/**
 * The address rate limits and logs use (D31). Without trusted proxies it is the socket's, and
 * X-Forwarded-For is ignored: any client can write it. With N proxies in front, each appends the
 * address it received the request from, so the Nth entry from the right is the one the
 * outermost proxy saw; entries further left are the client's own words. A request that arrives
 * with fewer entries did not pass every proxy, and the leftmost entry is the best there is. An
 * entry that is not an IP address is refused for the socket's (Better Auth keys on IPs only).
 */
function clientAddress(c: Parameters<typeof getConnInfo>[0], trustedProxies: number): string {
  if (trustedProxies > 0) {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((hop) => hop.trim())
      .filter(Boolean);
    const hop = hops[Math.max(0, hops.length - trustedProxies)];
    if (hop && isIP(hop) !== 0) return hop;
  }
  try {
    return getConnInfo(c).remote.address ?? '127.0.0.1';
  } catch {
    return '127.0.0.1'; // in-process requests (tests) have no socket
  }
}

const ASSET_TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
  html: 'text/html; charset=utf-8',
  wasm: 'application/wasm',
};

/**
 * Hashed text assets with the brotli or gzip copy the build made (vite.config.ts), whichever the
 * browser accepts, held in memory after the first request (they never change under one name).
 * Anything else falls through to serveStatic.
 */
const ENCODING_TOKEN = { br: /\bbr\b/, gzip: /\bgzip\b/ };

function serveAssets(dir: string) {
  type Variant = { body: Buffer; encoding: 'br' | 'gzip' | null };
  const files = new Map<string, { type: string; variants: Variant[] } | null>();
  const load = (name: string) => {
    const type = ASSET_TYPES[name.slice(name.lastIndexOf('.') + 1)];
    const file = join(dir, name);
    if (!type || !/^[\w.-]+$/.test(name) || !existsSync(file)) return null;
    const variants: Variant[] = [];
    if (existsSync(`${file}.br`)) variants.push({ body: readFileSync(`${file}.br`), encoding: 'br' });
    if (existsSync(`${file}.gz`)) variants.push({ body: readFileSync(`${file}.gz`), encoding: 'gzip' });
    variants.push({ body: readFileSync(file), encoding: null });
    return { type, variants };
  };
  return async (c: Context<AppEnv>, next: Next) => {
    const name = c.req.path.slice('/assets/'.length);
    if (!files.has(name)) {
      if (files.size > 5000) files.clear();
      files.set(name, load(name));
    }
    const asset = files.get(name);
    if (!asset || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next();
    const accepted = c.req.header('accept-encoding') ?? '';
    const variant =
      asset.variants.find((v) => v.encoding !== null && ENCODING_TOKEN[v.encoding].test(accepted)) ??
      asset.variants[asset.variants.length - 1];
    const headers: Record<string, string> = {
      'content-type': asset.type,
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'Accept-Encoding',
    };
    if (variant.encoding) headers['content-encoding'] = variant.encoding;
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    return c.body(variant.body as unknown as ArrayBuffer, 200, headers);
  };
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The built React app: hashed assets cached for a year, index.html for every other page path. */
function serveWebApp(app: Hono<AppEnv>, deps: AppDeps, loadSession: (c: Context<AppEnv>) => Promise<void>) {
  const dist = deps.config.webDistDir;
  const indexFile = join(dist, 'index.html');
  if (existsSync(dist)) {
    const root = relative(process.cwd(), dist) || '.';
    app.use('/assets/*', serveAssets(join(dist, 'assets')));
    app.use(
      '/assets/*',
      async (c, next) => {
        await next();
        if (c.res.status === 200) c.header('cache-control', 'public, max-age=31536000, immutable');
      },
      serveStatic({ root }),
    );
    // Public files (favicon, robots.txt, the web app manifest, the icons...). Not the HTML (the page
    // route below answers every page with its hints, never an hour-old copy) nor the build's own
    // files under /.vite; offline.html is the service worker's, fetched once per version. The
    // service worker itself is never kept: a browser must see a new one at its next check. The
    // header goes on the answer itself (serveStatic's onFound runs after the answer is made).
    const publicFile = serveStatic<AppEnv>({ root });
    app.use('*', async (c, next) => {
      if (/(\/|\.html)$|^\/\./.test(c.req.path) && c.req.path !== '/offline.html') return next();
      const res = await publicFile(c, next);
      if (res instanceof Response && res.status === 200)
        res.headers.set('cache-control', c.req.path === '/sw.js' ? 'no-cache' : 'public, max-age=3600');
      return res;
    });
  }
  let indexHtml: string | null = null;
  let pageHints = createPageHints(dist);
  app.get('*', async (c) => {
    if (indexHtml === null || deps.config.env === 'development') {
      indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
      pageHints = createPageHints(dist);
    }
    if (indexHtml === null) return c.text('The web app is not built yet: run `npm run build`.', 503);
    c.header('cache-control', 'no-cache');
    const url = new URL(c.req.url);
    const hints = pageHints(url.pathname, url.searchParams);
    // An unknown path is the app's designed not-found page, with the status that says so; each
    // known page names itself in its own meta description, in the page's language.
    const found = findPage(url.pathname);
    // A book's page for a book that is not on the shelf (never was, or deleted) is not found.
    const page =
      found?.meta === 'book' && !(await isBookShown(deps.db, url.pathname.split('/')[2] ?? ''))
        ? null
        : found;
    const lang = await pageLanguage(c, loadSession);
    const description = escapeAttribute(translate(lang, `common:meta.${page?.meta ?? NOT_FOUND_META}`));
    const html = indexHtml.replace(
      /<meta name="description" content="[^"]*"/,
      `<meta name="description" content="${description}"`,
    );
    c.header('vary', 'Cookie, Accept-Language');
    return c.html(
      inLanguage(hints ? html.replace('</head>', `${hints}</head>`) : html, lang, deps.config.timeZone),
      page ? 200 : 404,
    );
  });
}

/**
 * The language a page starts in (D29): the visitor's cookie (set whenever someone chooses, and
 * kept equal to a member's saved choice by the app), else the signed-in member's saved choice,
 * else the browser's Accept-Language, else English.
 */
async function pageLanguage(
  c: Context<AppEnv>,
  loadSession: (c: Context<AppEnv>) => Promise<void>,
): Promise<UiLanguage> {
  const cookie = c.req.header('cookie');
  const chosen = languageFromCookie(cookie);
  if (chosen) return chosen;
  if (sessionCookieValue(cookie, SESSION_COOKIE_NAMES)) await loadSession(c);
  return chooseLanguage({ saved: c.get('user')?.language, acceptLanguage: c.req.header('accept-language') });
}

/**
 * The app's HTML in `lang`: <html lang>, the title and the description, so nothing shows in
 * English first; <html data-time-zone> carries the operator's zone, the one every date the web
 * shows is read in (D21), wherever the browser is.
 */
function inLanguage(html: string, lang: UiLanguage, timeZone: string): string {
  const escapeText = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return html
    .replace(/<html[^>]*>/, `<html lang="${lang}" data-time-zone="${escapeAttribute(timeZone)}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(translate(lang, 'common:homeTitle'))}</title>`);
}
