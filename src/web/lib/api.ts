import type { Hono } from 'hono';
import { type ClientResponse, hc } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import { ERROR_CODES, type FieldProblem, type MessageParams } from '@domain/error-codes';
import { codeText, problemText } from './error-text';
import i18n from './i18n';
import { KEEP_HEADER, keepsOffline, noteAnswer } from './offline-cache';

// The API client: Hono's `hc` typed by each server route module (`apiClient<BooksApi>()`), so
// request and answer types come from the route declarations and a changed answer fails `tsc`
// here. Same-origin fetch with the session cookie, and one error type whose message is what the
// red banner shows. Better Auth's endpoints (/api/auth/*) are not Hono routes: `authApi` calls them.

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly fields?: Record<string, string>,
    /** The message key and parameters per field, to show in the chosen language. */
    readonly fieldCodes?: Record<string, FieldProblem>,
    /** The values in the code's text. */
    readonly params?: MessageParams,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

// Told about every 401 from our own API (not Better Auth's sign-in answers): the session
// module decides whether a signed-in member's session has just died (lib/session.ts).
let onUnauthorized: (() => void) | null = null;

export function setUnauthorizedHandler(handler: (() => void) | null) {
  onUnauthorized = handler;
}

/** The typed client of one server route module, rooted at /api (hc's own bound on T). */
export const apiClient = <T extends Hono<any, any, any>>() => hc<T>('/api', { fetch: sameOriginFetch });

/** The body of a route's success answer (2xx), as its declaration says. */
export type Answer<R> =
  R extends ClientResponse<infer T, infer S, infer _F> ? (S extends SuccessStatusCode ? T : never) : never;

async function sameOriginFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const headers = new Headers(init?.headers);
  headers.set('accept', 'application/json');
  // The service worker keeps a member's own reads for offline only when asked (lib/offline-cache.ts).
  if ((init?.method ?? 'GET') === 'GET' && keepsOffline(new URL(String(input), location.href).pathname))
    headers.set(KEEP_HEADER, '1');
  try {
    return await fetch(input, { ...init, headers, credentials: 'same-origin' });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(NETWORK_ERROR, 0, 'NETWORK');
  }
}

/** Awaits a typed call: its success body, or an ApiError with the server's message. */
export async function call<R extends ClientResponse<unknown, number, string>>(
  request: Promise<R>,
): Promise<Answer<R>> {
  const res = (await request) as unknown as Response;
  noteAnswer(res);
  return (await readAnswer(res, res.url)) as Answer<R>;
}

const NETWORK_ERROR = 'Network error: check your connection and try again.';

/** A call to Better Auth's endpoints under /api/auth (not declared as Hono routes). */
export async function authApi<T = unknown>(path: string, options: ApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  let res: Response;
  try {
    res = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(NETWORK_ERROR, 0, 'NETWORK');
  }
  return (await readAnswer(res, path)) as T;
}

async function readAnswer(res: Response, path: string): Promise<unknown> {
  const text = await res.text();
  let data: any = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (res.status === 401 && !new URL(path, 'http://x').pathname.startsWith('/api/auth/')) onUnauthorized?.();
  if (!res.ok) {
    // Every refusal is { error: { code, message, ... } }, Better Auth's under /api/auth too (the
    // server puts its answers in the envelope, auth/answer-envelope.ts).
    const err = data?.error ?? {};
    throw new ApiError(
      err.message || res.statusText || 'Request failed',
      res.status,
      err.code ?? 'HTTP_ERROR',
      err.fields,
      err.fieldCodes,
      err.params,
    );
  }
  return data;
}

/**
 * The message to show for a failed call, in the chosen language: the refusal's first field
 * problem or its code's text (a 503's too), or the screen's fallback from the spec (never the server's
 * sentence).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0) return i18n.t('errors:network');
  // A 503 or 507 of ours names what failed (the database or the image store out of reach, the
  // store full, the balances being recounted) and its text says what to do; a 500, or a 5xx
  // from something in front of us, is the screen's own fallback.
  const ours = (ERROR_CODES as Record<string, number>)[error.code] === error.status;
  if (error.status >= 500 && (error.status === 500 || !ours)) return fallback;
  const firstField = error.fieldCodes ? Object.values(error.fieldCodes)[0] : undefined;
  if (firstField) return problemText(firstField);
  return codeText(error.code, error.params) ?? fallback;
}
