// The one API client: same-origin fetch with the session cookie, JSON in and out, and one
// error type whose message is what the red banner shows.

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly fields?: Record<string, string>,
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

export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
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
    throw new ApiError('Network error: check your connection and try again.', 0, 'NETWORK');
  }
  const text = await res.text();
  let data: any = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (res.status === 401 && !path.startsWith('/api/auth/')) onUnauthorized?.();
  if (!res.ok) {
    // Our API answers { error: { code, message } }; Better Auth answers { code, message }.
    const err = data?.error ?? data ?? {};
    throw new ApiError(
      err.message || res.statusText || 'Request failed',
      res.status,
      err.code ?? 'HTTP_ERROR',
      err.fields,
    );
  }
  return data as T;
}

/** The message to show for a failed call: the server's, or the screen's fallback from the spec. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message && error.status !== 0 && error.status < 500)
    return error.message;
  if (error instanceof ApiError && error.status === 0) return error.message;
  return fallback;
}

/** Builds a query string from defined, non-empty values. */
export function toQueryString(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}
