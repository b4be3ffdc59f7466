import { createRoute, type Hook, OpenAPIHono, type RouteConfig, z } from '@hono/zod-openapi';
import { apiErrorBodySchema } from '@domain/api-types';
import { ERROR_CODES, type ErrorCode, isErrorCode, type MessageParams } from '@domain/error-codes';
import { isMemberId } from '@domain/ids';
import type { AppEnv } from '@server/app-env';
import { requireAdmin, requireUser } from '@server/auth/middleware';
import { AppError } from './errors';
import { codeText } from './i18n';
import { validationError } from './validate';
import { uuidField } from '@domain/ids';

// The HTTP contract: every /api route is declared with its parameters, body and
// answers as zod schemas (docs/decisions/0003-declared-routes-openapi-and-typed-client.md). From these declarations come
// the request validation, the handlers' types, the web client's types (Hono's `hc`), the
// OpenAPI 3.1 document at /api/openapi.json and the answer checks of the API test harness.

/** Every error answer: `{ error: { code, message, fields?, requestId? } }` (app.ts onError). */
export const errorBodySchema = apiErrorBodySchema.openapi('Error');

/** An error answer in the one error shape. */
export const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorBodySchema } },
});

/** A code for the document, with the parameters its text names (e.g. a limit). */
type Described = ErrorCode | [ErrorCode, MessageParams];

/** Codes described for the document: each code's English text (the catalogue's) and the code. */
export const describeCodes = (...codes: Described[]) =>
  codes
    .map((item) => {
      const [code, params] = typeof item === 'string' ? [item] : item;
      return `${codeText('en', code, params)} (${code})`;
    })
    .join('; ');

/** An error answer naming the codes it may carry, in their catalogue English. */
export const codeAnswer = (...codes: Described[]) => errorAnswer(describeCodes(...codes));

/** A JSON answer with its schema. */
export const jsonAnswer = <S extends z.ZodType>(schema: S, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** A required JSON request body. */
export const jsonBody = <S extends z.ZodType>(schema: S) => ({
  required: true,
  content: { 'application/json': { schema } },
});

/**
 * The one way to read an id from a path: a malformed id is simply not found, with the same
 * 404 code as a well-formed id nobody has (the hook reads the code back from the issue).
 */
export const uuidParam = (notFoundCode: NotFoundCode) => uuidField(notFoundCode);

/** A member's id in a path (domain/ids.ts isMemberId): a malformed one answers `notFoundCode`. */
export const memberIdParam = (notFoundCode: NotFoundCode) =>
  z.string().refine(isMemberId, { error: notFoundCode });

type NotFoundCode = { [C in ErrorCode]: (typeof ERROR_CODES)[C] extends 404 ? C : never }[ErrorCode];

// What app.ts's middleware can answer on any route, before the handler runs.
const ANY_ROUTE = {
  400: errorAnswer(
    'Malformed request: a body that is not JSON, a NUL character (FORBIDDEN_CHARACTER), or a malformed Idempotency-Key (IDEMPOTENCY_KEY_INVALID)',
  ),
  413: errorAnswer('The body is larger than the route accepts'),
  500: errorAnswer('Unexpected error; nothing internal is shown, only a request id'),
  503: errorAnswer(
    'Something the answer needs is unavailable for a moment (DATABASE_UNAVAILABLE, STORAGE_UNAVAILABLE, BALANCES_RECOUNTING); `Retry-After` says when to try again',
  ),
} as const;
const STATE_CHANGING = {
  403: errorAnswer('Cross-site request (CROSS_SITE_REQUEST), or not allowed for this member'),
} as const;
const WITH_INPUT = {
  415: errorAnswer('A body sent with a content type the route does not take'),
  422: errorAnswer(
    'Invalid input: `message` is the first rule broken, `fields` its English text and `fieldCodes` its message key per field',
  ),
} as const;
/** A POST sent with an Idempotency-Key header (security/idempotency.ts). */
const IDEMPOTENT = {
  409: errorAnswer(
    'A request with this Idempotency-Key is still being answered (IDEMPOTENCY_KEY_IN_FLIGHT); `Retry-After` says when to try again',
  ),
  422: errorAnswer('This Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED)'),
} as const;
const SIGNED_IN = { 401: errorAnswer('Not signed in (UNAUTHORIZED)') } as const;
const ADMIN = { 403: errorAnswer('Not an admin (ADMIN_ONLY), or a cross-site request') } as const;

type Declared = Omit<RouteConfig, 'middleware'>;

/** The session cookie Better Auth sets at sign-in, as the document's security scheme names it. */
export const SESSION_SCHEME = 'sessionCookie';
const SESSION_REQUIRED = [{ [SESSION_SCHEME]: [] }];

/**
 * A stable operationId from method and path, for generated clients and tools:
 * `get /api/books/{id}` is `getBooksById`, `post /api/cart/items` is `postCartItems`.
 */
export function operationIdFor(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((part) => {
      const param = /^\{(.+)\}$/.exec(part);
      return param ? ['by', ...(param[1] ?? '').split(/[-_]/)] : part.split(/[-_]/);
    });
  return [method.toLowerCase(), ...words.map((w) => w.charAt(0).toUpperCase() + w.slice(1))].join('');
}
type Errors = typeof ANY_ROUTE &
  Partial<typeof STATE_CHANGING & typeof IDEMPOTENT & typeof WITH_INPUT & typeof SIGNED_IN & typeof ADMIN>;

function withErrors<R extends Declared>(
  config: R,
  extra: Record<string, unknown>,
  security: Record<string, string[]>[],
) {
  const changes = config.method !== 'get' && config.method !== 'head';
  const post = config.method === 'post';
  const errors = {
    ...ANY_ROUTE,
    ...(changes ? STATE_CHANGING : {}),
    ...(post ? IDEMPOTENT : {}),
    ...(config.request ? WITH_INPUT : {}),
    ...(post && config.request
      ? { 422: errorAnswer(`${WITH_INPUT[422].description}; or ${IDEMPOTENT[422].description}`) }
      : {}),
    ...extra,
  } as Errors;
  // The route's own answers win over the shared descriptions of the same status.
  return {
    ...config,
    operationId: config.operationId ?? operationIdFor(config.method, config.path),
    security,
    responses: { ...errors, ...config.responses } as R['responses'] & Errors,
  };
}

const MEMBER: [typeof requireUser] = [requireUser];
const ADMIN_ONLY: [typeof requireAdmin] = [requireAdmin];

/** A route anyone may call. */
export const publicRoute = <const R extends Declared>(config: R) =>
  createRoute({ ...withErrors(config, {}, []), middleware: [] as [] });

/** A signed-in member's route: guests get 401; the handler's `c.get('user')` is never null. */
export const memberRoute = <const R extends Declared>(config: R) =>
  createRoute({ ...withErrors(config, SIGNED_IN, SESSION_REQUIRED), middleware: MEMBER });

/** An admin's route (D12): guests 401, members 403 ADMIN_ONLY; `c.get('user')` is the admin. */
export const adminRoute = <const R extends Declared>(config: R) =>
  createRoute({
    ...withErrors(config, { ...SIGNED_IN, ...ADMIN }, SESSION_REQUIRED),
    middleware: ADMIN_ONLY,
  });

/** Invalid input answers as it always has: 422 with the spec's message, or 404 for a bad id. */
const defaultHook: Hook<unknown, AppEnv, string, unknown> = (result) => {
  if (result.success) return;
  if (result.target === 'param') {
    const code = result.error.issues[0]?.message;
    throw new AppError(isErrorCode(code) && ERROR_CODES[code] === 404 ? code : 'NOT_FOUND');
  }
  throw validationError(result.error);
};

/** A route module's router: declared routes with `.openapi(route, handler)`. */
export const router = () => new OpenAPIHono<AppEnv>({ defaultHook });

export { z };
