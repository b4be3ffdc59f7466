import { createHash } from 'node:crypto';
import { constants, gzipSync, type ZlibOptions } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { completeAnswer } from './answer-headers';

// JSON answers of the API: serialized once, gzipped synchronously and only for a
// client that accepts it, and never turned into a streamed web Response on the way out. A
// cached answer (a catalog page) keeps its serialized and gzipped bytes, so a hit costs neither
// a JSON.stringify nor a compression.

/** Smaller answers go out as they are: a gzip header would eat most of the saving. */
const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * For an answer kept and sent many times (a cached catalog page): zlib's default level. On a
 * catalog page (11 KB of JSON) the best level saves about 30 bytes (1%) for two thirds more
 * time, paid again whenever a change drops the page (docs/performance.md, "Load").
 */
const KEPT: ZlibOptions = { level: constants.Z_DEFAULT_COMPRESSION };
/**
 * For an answer made for one request: fast, with a smaller window and hash (most answers are a
 * few KB), which halves zlib's set-up cost for about the same size.
 */
const ONE_OFF: ZlibOptions = { level: 4, windowBits: 13, memLevel: 7 };

/** A serialized answer; its gzip is made the first time a client accepts it, then kept. */
export class JsonBytes {
  #gzip: Buffer | null = null;
  #digest: string | null = null;
  constructor(readonly text: string) {}
  /** The text's SHA-256 (base64url), made once: what a kept answer's ETag starts from (etag.ts). */
  digest(): string {
    this.#digest ??= createHash('sha256').update(this.text).digest('base64url');
    return this.#digest;
  }
  gzip(options: ZlibOptions = KEPT): Buffer {
    this.#gzip ??= gzipSync(this.text, options);
    return this.#gzip;
  }
}

function acceptsGzip(c: Context): boolean {
  const accept = c.req.header('accept-encoding');
  if (!accept) return false;
  for (const part of accept.split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (name.trim().toLowerCase() !== 'gzip' && name.trim() !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}

/**
 * The response for `json`, with `extra` headers: gzipped when the client accepts it and it is
 * worth it. Built with every header at once (answer-headers.ts).
 */
export function sendJson(
  c: Context,
  json: JsonBytes,
  status = 200,
  options?: ZlibOptions,
  extra: Record<string, string> = {},
): Response {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...extra };
  if (json.text.length < COMPRESS_THRESHOLD_BYTES) return completeAnswer(c, json.text, status, headers);
  // A tagged answer (etag.ts) names Cookie and the encoding already: keep what it says.
  headers.vary = headers.vary ?? 'Accept-Encoding';
  if (!acceptsGzip(c)) return completeAnswer(c, json.text, status, headers);
  headers['content-encoding'] = 'gzip';
  return completeAnswer(c, json.gzip(options), status, headers);
}

/**
 * Every `c.json(...)` under this middleware goes through sendJson (fast gzip for answers made
 * once). Replaces hono/compress, which streams every answer through CompressionStream.
 */
export const jsonResponses: MiddlewareHandler = async (c, next) => {
  c.json = ((object: unknown, arg?: number | ResponseInit, headers?: Record<string, string>) => {
    const json = new JsonBytes(JSON.stringify(object));
    if (arg === undefined && headers === undefined) return sendJson(c, json, 200, ONE_OFF);
    if (typeof arg === 'number' && headers === undefined) return sendJson(c, json, arg, ONE_OFF);
    // Rare forms (a ResponseInit, extra headers): uncompressed, as Hono would send them.
    const init = typeof arg === 'number' ? { status: arg } : (arg ?? {});
    const merged = {
      ...(init.headers as Record<string, string>),
      ...headers,
      'content-type': 'application/json',
    };
    return c.body(json.text, init.status as 200, merged);
  }) as typeof c.json;
  await next();
};
