import { ERROR_CODES, type ErrorCode, type FieldProblem, isErrorCode } from '@domain/error-codes';
import { AppError, type ErrorBody } from '@server/lib/errors';
import { rateLimitHeaders } from '@server/lib/rate-limit-headers';
import { AUTH_RATE_LIMITS } from './auth';

// Better Auth answers its refusals in its own shape (`{ code, message }`, its limiter's
// `{ message }` with `X-Retry-After`); every route of ours answers `{ error: { code, message,
// ... } }` (docs/api.md, "Errors"). Its non-2xx JSON answers are rewritten here into our
// envelope, with a code from our closed list (domain/error-codes.ts) whose status is the
// answer's: Better Auth's own code when it is one of ours (INVALID_EMAIL_OR_PASSWORD,
// EMAIL_NOT_VERIFIED, INVALID_TOKEN, our rules' VALIDATION_FAILED with its fields), else the
// generic code of the status. A 429 gets our rate-limit fields (lib/rate-limit-headers.ts).

/** The code of a refusal Better Auth words in a code we do not have, by status. */
const CODE_OF_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'HTTP_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_FAILED',
  429: 'TOO_MANY_REQUESTS',
};

interface BetterAuthRefusal {
  code?: unknown;
  message?: unknown;
  fields?: Record<string, string>;
  fieldCodes?: Record<string, FieldProblem>;
}

function envelopeCode(status: number, own: unknown): ErrorCode {
  if (isErrorCode(own) && ERROR_CODES[own] === status) return own;
  return CODE_OF_STATUS[status] ?? (status >= 500 ? 'INTERNAL' : 'HTTP_ERROR');
}

/** Better Auth's limit on `path` (under /api/auth): the path's own, else its default. */
function authLimit(path: string) {
  const { window, max } = AUTH_RATE_LIMITS.paths[path] ?? AUTH_RATE_LIMITS.default;
  const name = AUTH_RATE_LIMITS.paths[path] ? `auth${path.replace(/\//g, '-')}` : 'auth';
  return { name, quota: max, windowSeconds: window };
}

/**
 * Better Auth's answer to a request on `path` (the part after /api/auth), its refusals in our
 * envelope; successes and redirects pass as they are.
 */
export async function inOurEnvelope(answer: Response, path: string, requestId: string): Promise<Response> {
  if (answer.status < 400) return answer;
  let refusal: BetterAuthRefusal = {};
  try {
    refusal = ((await answer.json()) as BetterAuthRefusal | null) ?? {};
  } catch {
    // not JSON: the status alone says what happened
  }
  const status = Math.min(answer.status, 500);
  const code = envelopeCode(status, refusal.code);
  // Our rules' 422 (request-rules.ts) already carries our message and fields: kept as they are.
  const error: ErrorBody['error'] =
    code === 'VALIDATION_FAILED' && refusal.fieldCodes && typeof refusal.message === 'string'
      ? { code, message: refusal.message, fields: refusal.fields, fieldCodes: refusal.fieldCodes }
      : new AppError(code).toBody().error;
  if (code === 'INTERNAL') error.requestId = requestId;
  const headers = new Headers(answer.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  headers.set('content-type', 'application/json');
  const wait = headers.get('x-retry-after');
  headers.delete('x-retry-after');
  if (status === 429) {
    for (const [name, value] of Object.entries(rateLimitHeaders(authLimit(path), Number(wait) || 1)))
      headers.set(name, value);
  }
  return new Response(JSON.stringify({ error } satisfies ErrorBody), { status, headers });
}
