import { mkdtempSync, rmSync } from 'node:fs';
import type { Hono } from 'hono';
import type { ClientResponse } from 'hono/client';
import { testClient } from 'hono/testing';
import { tmpdir } from 'node:os';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { join } from 'node:path';
import type { AppDeps } from '@server/app-env';
import { type Config, loadConfig } from '@server/config';
import type { Db } from '@server/db/client';
import { createUser, type UserOverrides } from '@server/seed/factories';
import { resetClock } from '@server/lib/clock';
import { createLogger } from '@server/lib/logger';
import type { Storage } from '@server/lib/storage';
import { createRuntime, type Runtime } from '@server/runtime';
import { answerContract } from './answer-contract';
import { openTestDatabase } from './database';
import { documentContract } from './document-contract';
import { type Mailbox, startSmtpServer } from './smtp';

// The API test harness: a fresh database, a real SMTP server and the real app per test file.
// Requests go through app.request (the same Hono app the server runs).

export const TEST_APP_URL = 'http://localhost:3000';

interface RequestOptions {
  body?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
}

interface TestResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * What a route can answer, read as one object: every field that any of its declared answers has
 * (the 200's fields and the error's `error` side by side), null and undefined taken out, arrays
 * and nested objects read the same way. Tests check `status` and then read the field they
 * expect, as they did with the untyped answers; a field no declared answer has (a renamed or
 * removed one) fails tsc. The precise answer per status is `await res.json()` after
 * `res.status === 200` on the client's own response, for a test that wants the narrowing.
 */
type AnswerBody<T> = [NonNullable<T>] extends [never]
  ? T
  : [Exclude<NonNullable<T>, Primitive>] extends [never]
    ? NonNullable<T>
    : [Extract<NonNullable<T>, Primitive>] extends [never]
      ? ObjectAnswer<NonNullable<T>>
      : // A text answer (a calendar, a CSV) with JSON errors beside it: the text, the errors' fields on it.
        Extract<NonNullable<T>, Primitive> & ObjectAnswer<Exclude<NonNullable<T>, Primitive>>;
type Primitive = string | number | boolean | bigint | symbol;
type ObjectAnswer<T> = [T] extends [readonly (infer E)[]]
  ? AnswerBody<E>[]
  : { [K in KeysOfAny<T>]: AnswerBody<FieldOfAny<T, K>> };
type KeysOfAny<U> = U extends unknown ? keyof U : never;
type FieldOfAny<U, K extends PropertyKey> = U extends unknown ? (K extends keyof U ? U[K] : never) : never;
/** The body a client response carries: its JSON type, or text for an answer that is not JSON. */
type BodyOf<R> =
  R extends ClientResponse<infer T, number, infer F>
    ? [F] extends ['text']
      ? string
      : T extends Response
        ? string
        : unknown extends T
          ? never
          : T
    : never;
type StatusOf<R> = R extends ClientResponse<unknown, infer S, string> ? S : never;

interface TypedAnswer<R> {
  /** One of the statuses the route declares. */
  status: StatusOf<R>;
  body: AnswerBody<BodyOf<R>>;
  headers: Headers;
}

export interface Member {
  user: Awaited<ReturnType<typeof createUser>>;
  cookie: string;
}

export interface TestContext {
  runtime: Runtime;
  deps: AppDeps;
  db: Db;
  config: Config;
  mailbox: Mailbox;
  /**
   * An untyped request, only for what the typed client cannot express: hostile input (malformed
   * JSON, wrong content types, unknown paths), Better Auth's /api/auth/* endpoints (no Hono
   * route module), and walks over every registered route (the permission matrix). Everything
   * else calls `answer(client<XApi>(cookie)...)`; tests/support/raw-requests.test.ts holds the
   * list of files allowed to use this.
   */
  rawRequest<T = any>(method: string, path: string, options?: RequestOptions): Promise<TestResponse<T>>;
  /**
   * Hono's testClient for one route module, typed by it (`ctx.client<CartApi>(cookie)`): its
   * answers are the module's declared types, so a renamed answer field fails tsc in the tests
   * that read it. It sends through the whole app under /api (middleware, session, the same
   * answer checks as `request`).
   */
  client<T extends Hono<any, any, any>>(cookie?: string): ReturnType<typeof testClient<T>>;
  /**
   * A typed client call read as the answer tests check:
   * `const res = await ctx.answer(ctx.client<CartApi>(cookie).cart.items.$post({ json: { bookId } }))`
   * gives `{ status, body, headers }`, body typed from the route's declared answers (AnswerBody).
   * Extra headers (Idempotency-Key, If-None-Match) go in the call's second argument: `{ headers }`.
   */
  answer<R extends ClientResponse<unknown, number, string>>(call: Promise<R>): Promise<TypedAnswer<R>>;
  /** Signs in through Better Auth (server side, not rate limited) and returns the cookie header. */
  signIn(email: string, password: string): Promise<string>;
  /** Creates a confirmed member and signs them in. */
  member(overrides?: UserOverrides): Promise<Member>;
  admin(overrides?: UserOverrides): Promise<Member>;
  close(): Promise<void>;
}

export async function createTestContext(
  env: Record<string, string> = {},
  /** A PostgreSQL server to make the database on, or null for PGlite; TEST_DATABASE_URL's choice when left out. */
  options: {
    databaseServer?: string | null;
    /** The image store in the data folder, for a test that makes its disk fail (disk full). */
    storage?: (dataDir: string) => Storage;
  } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rakbuku-test-'));
  const mailbox = await startSmtpServer();
  const database = await openTestDatabase(options.databaseServer);
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_URL: TEST_APP_URL,
    DATA_DIR: dataDir,
    SMTP_URL: mailbox.url,
    LOG_LEVEL: 'silent',
    EMAIL_WORKER: 'false',
    ...env,
  });
  const runtime = await createRuntime(config, {
    database,
    log: createLogger('silent'),
    storage: options.storage?.(dataDir),
  });
  // A fresh database's first start counts the (empty) balances at the configured fee in the
  // background; tests begin once that is done, as a server's first minute would.
  await runtime.balanceRecount?.done;
  const checkDeclared = answerContract(runtime.app);
  const served = await runtime.app.request('/api/openapi.json');
  const checkPublished = documentContract(await served.json());

  async function request<T>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { origin: TEST_APP_URL, ...options.headers };
    if (options.cookie) headers.cookie = options.cookie;
    let body: BodyInit | undefined;
    if (options.body instanceof FormData || typeof options.body === 'string') body = options.body as BodyInit;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await runtime.app.request(path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    // Every answer must be one its route declares, in the declared shape, and match the schema
    // the served document publishes for it.
    const isJson = res.headers.get('content-type')?.startsWith('application/json');
    checkDeclared(method, path, res.status, isJson ? parsed : undefined);
    checkPublished(method, path, res.status, isJson ? parsed : undefined);
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  function client<T extends Hono<any, any, any>>(cookie?: string) {
    // testClient calls `request` with http://localhost/<module path>; the module lives under /api.
    const underApi = {
      request: async (input: string | Request | URL, init?: RequestInit) => {
        const original = new Request(input, init);
        const url = new URL(original.url);
        url.pathname = `/api${url.pathname}`;
        const headers = new Headers(original.headers);
        // A call's own Origin (a cross-site test's) stays; every other call is same-site.
        if (!headers.has('origin')) headers.set('origin', TEST_APP_URL);

        if (cookie) headers.set('cookie', cookie);
        const res = await runtime.app.request(
          new Request(url, {
            method: original.method,
            headers,
            body: original.body,
            duplex: 'half',
          } as RequestInit),
        );
        const isJson = res.headers.get('content-type')?.startsWith('application/json');
        const body = isJson ? await res.clone().json() : undefined;
        checkDeclared(original.method, url.pathname, res.status, body);
        checkPublished(original.method, url.pathname, res.status, body);
        return res;
      },
    } as unknown as T;
    return testClient<T>(underApi);
  }

  async function answer<R extends ClientResponse<unknown, number, string>>(
    call: Promise<R>,
  ): Promise<TypedAnswer<R>> {
    const res = await call;
    const text = await res.text();
    let body: unknown = text;
    if (res.headers.get('content-type')?.startsWith('application/json'))
      body = text ? JSON.parse(text) : null;
    else if (!text) body = null;
    return { status: res.status as StatusOf<R>, body: body as AnswerBody<BodyOf<R>>, headers: res.headers };
  }

  async function signIn(email: string, password: string): Promise<string> {
    const { headers } = await runtime.deps.auth.api.signInEmail({
      body: { email, password, rememberMe: true },
      returnHeaders: true,
    });
    return cookieHeader(headers);
  }

  async function member(overrides: UserOverrides = {}): Promise<Member> {
    const user = await createUser(runtime.deps.db, overrides);
    return { user, cookie: await signIn(user.email, user.password) };
  }

  return {
    runtime,
    deps: runtime.deps,
    db: runtime.deps.db,
    config,
    mailbox,
    rawRequest: request,
    client,
    answer,
    signIn,
    member,
    admin: (overrides = {}) => member({ ...overrides, role: 'admin' }),
    async close() {
      await runtime.close();
      await mailbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** "a=1; Path=/, b=2; HttpOnly" (Set-Cookie lines) -> "a=1; b=2" (a Cookie header). */
function cookieHeader(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * The usual life of an API test file's context: made with an admin (`adminName`) before the first
 * test and closed after the last, the clock reset after each test (tests set it, D21-D24).
 * `ready` receives the two once they exist.
 */
export function setUpTestContext(
  ready: (ctx: TestContext, admin: Member) => void,
  admin: UserOverrides = { name: 'Ops Admin' },
): void {
  let made: TestContext | undefined;
  beforeAll(async () => {
    made = await createTestContext();
    ready(made, await made.admin(admin));
  });
  afterEach(() => resetClock());
  afterAll(async () => {
    resetClock();
    await made?.close();
  });
}

/**
 * Input the route's types refuse, sent on purpose: a test of the answer to invalid input (a 422, a
 * 404 for a malformed id), or a test helper that sends valid and invalid bodies alike. Typed as
 * whatever the typed call expects there, so the call keeps its typed path and answer:
 * `json: uncheckedInput({ borrowDuration: 3 })`. Input the client cannot send at all (malformed
 * JSON, another content type) is `rawRequest`'s.
 */
export const uncheckedInput = <T>(value: unknown): T => value as T;

type FormValue = string | Blob;
/**
 * Parts of a request that a route declares outside zod, so its client type does not know them: the
 * book form and the payment claim (multipart, declared by an OpenAPI schema for the uploads), a
 * payment provider's notice (raw JSON, read by the route itself). The client sends them as usual:
 * `$patch({ param: { id }, ...undeclaredInput({ form }) })`. A FormData's repeated fields become
 * arrays, which the client appends one by one.
 */
export function undeclaredInput(parts: {
  form?: FormData | Record<string, FormValue | FormValue[]>;
  json?: unknown;
}): object {
  if (!(parts.form instanceof FormData)) return parts;
  const form: Record<string, FormValue[]> = {};
  for (const [key, value] of parts.form) form[key] = [...(form[key] ?? []), value];

  return { ...parts, form };
}
