import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

// Every answer carries the security headers (Hono's secureHeaders, with the policy app.ts gives
// it) and the request's id. Set one by one on a finished answer, they turn its header record into
// a Headers object that the Node adapter then copies back out, sorted: a tenth of a cached
// catalog answer's CPU time (docs/performance.md, "Catalog"). So the JSON answers
// (json-response.ts) are built with all of their headers in one plain record, which the adapter
// writes as it is, and this middleware only completes the answers built otherwise.

type SecureHeadersOptions = Parameters<typeof secureHeaders>[0];

interface AnswerHeaders {
  /** The security headers, as secureHeaders sets them (read once from the middleware itself). */
  security: Record<string, string>;
  /** Whether the request set a header of its own (`c.header`) that only Hono's answers merge in. */
  prepared: boolean;
}

/** Answers built with every header already (`completeAnswer`). */
const complete = new WeakSet<Response>();
const ofRequest = new WeakMap<Context, AnswerHeaders>();

/** What secureHeaders(options) sets, read off an answer of a throwaway app that uses it. */
async function securityRecord(options: SecureHeadersOptions): Promise<Record<string, string>> {
  const probe = new Hono().use(secureHeaders(options)).get('/', (c) => c.body(null, 204));
  const answer = await probe.request('/');
  return Object.fromEntries(answer.headers);
}

/**
 * Outermost: gives every answer the security headers and `x-request-id`. The answers
 * `completeAnswer` built carry them already and pass untouched.
 */
export function answerHeaders(options: SecureHeadersOptions): MiddlewareHandler {
  let security: Record<string, string> | null = null;
  const read = securityRecord(options).then((record) => {
    security = record;
    return record;
  });
  return async (c, next) => {
    const state: AnswerHeaders = { security: security ?? (await read), prepared: false };
    ofRequest.set(c, state);
    const header = c.header;
    c.header = ((...args: Parameters<typeof header>) => {
      state.prepared = true;
      return header(...args);
    }) as typeof header;
    await next();
    if (complete.has(c.res)) return;
    // On the answer's own headers: c.header() would rebuild a finished answer as a stream.
    const headers = c.res.headers;
    for (const [name, value] of Object.entries(state.security)) headers.set(name, value);
    headers.delete('x-powered-by');
    headers.set('x-request-id', c.get('requestId'));
  };
}

/**
 * `body` with `status` and `headers`, plus the security headers and the request id, in one
 * plain record. Built by Hono instead (and completed by the middleware) when the request set a
 * header of its own, which only Hono's answers merge in, or runs without the middleware.
 */
export function completeAnswer(
  c: Context,
  body: string | Uint8Array | null,
  status: number,
  headers: Record<string, string>,
): Response {
  const state = ofRequest.get(c);
  if (!state || state.prepared) return c.body(body as string, status as 200, headers);
  const answer = new Response(body as BodyInit | null, {
    status,
    headers: { ...state.security, ...headers, 'x-request-id': c.get('requestId') },
  });
  complete.add(answer);
  return answer;
}
