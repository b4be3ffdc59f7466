import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { RequireAuth } from '@web/app/guards';
import { applyLanguage, languageReady } from '@web/lib/i18n';

// Component tests (happy-dom) render our real components, i18n catalogues and API client; only
// the network is stood in for, by a fetch that answers the API's documented shapes.

/** What the stand-in answers one request with: a status (200 unless told) and a JSON body. */
export interface StandInAnswer {
  status?: number;
  body?: unknown;
}

export interface StandInRequest {
  method: string;
  path: string;
  url: URL;
  /** The parsed JSON body, the FormData of a multipart one, or undefined. */
  body: unknown;
}

type Handler = (request: StandInRequest) => StandInAnswer | Promise<StandInAnswer>;

/**
 * Replaces `fetch` with one that answers `METHOD /path` (the path as a RegExp or exact text)
 * from `routes`, and a 404 in the API's error shape for anything else. Returns the requests seen.
 */
export function standInApi(routes: Array<[method: string, path: string | RegExp, handler: Handler]>) {
  const seen: StandInRequest[] = [];
  const fetchStandIn = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const raw = init?.body;
    const body = typeof raw === 'string' ? JSON.parse(raw) : (raw ?? undefined);
    const request: StandInRequest = { method, path: url.pathname, url, body };
    seen.push(request);
    const route = routes.find(
      ([m, p]) => m === method && (typeof p === 'string' ? p === url.pathname : p.test(url.pathname)),
    );
    const answer = route
      ? await route[2](request)
      : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  vi.stubGlobal('fetch', vi.fn(fetchStandIn));
  return seen;
}

/** An error answer as the API sends it ({ error: { code, message, ... } }). */
export function apiError(status: number, code: string, message: string, extra: object = {}): StandInAnswer {
  return { status, body: { error: { code, message, ...extra } } };
}

/**
 * Renders `ui` with a fresh query cache (no retries, so an error shows at once) inside a router
 * at `path`; `route` is the pattern the page is mounted at when it reads parameters, and `others`
 * the pages it may lead to (pattern to element). A member's page needs `signedIn`.
 */
export function renderWithApp(
  ui: ReactNode,
  {
    path = '/',
    route = '*',
    others = {},
    signedIn = false,
  }: {
    path?: string;
    route?: string;
    others?: Record<string, ReactNode>;
    /** Behind the app's signed-in guard, which waits for GET /api/me as the app does. */
    signedIn?: boolean;
  } = {},
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return {
    client,
    ...render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route element={signedIn ? <RequireAuth /> : <Outlet />}>
              <Route path={route} element={ui} />
              {Object.entries(others).map(([pattern, element]) => (
                <Route key={pattern} path={pattern} element={element} />
              ))}
            </Route>
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  };
}

/**
 * The set-up every component test file shares: the catalogues loaded before the first test,
 * each test's screen removed after it, and the stand-ins and English restored after the file.
 */
export function componentTestLifecycle() {
  beforeAll(async () => {
    await languageReady;
  });
  afterEach(cleanup);
  afterAll(async () => {
    vi.unstubAllGlobals();
    await applyLanguage('en');
  });
}

/** Runs `body` with the page in Indonesian, then back in English whatever happens. */
export async function inIndonesian(body: () => Promise<void>) {
  await applyLanguage('id');
  try {
    await body();
  } finally {
    await applyLanguage('en');
  }
}
