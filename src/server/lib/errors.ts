import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody } from '@domain/api-types';
import {
  ERROR_CODES,
  type ErrorCode,
  type FieldMessageKey,
  type FieldProblem,
  type MessageParams,
  readFieldMessage,
} from '@domain/error-codes';
import type { RateLimitPolicy } from './rate-limit-headers';
import { codeText, fieldText } from './i18n';

/**
 * The one error type services throw; app.ts turns it into `{ error: { code, message, params?,
 * fields?, fieldCodes? } }`. The code (from the closed list in domain/error-codes.ts) decides the
 * status; the message is its English text, or the first field's when fields are named, so an API
 * client reads a sentence and the web translates the code (D29).
 */
export class AppError extends Error {
  readonly status: ContentfulStatusCode;
  readonly params?: MessageParams;
  /** The English text per field, for API clients. */
  readonly fields?: Record<string, string>;
  /** The message key and parameters per field, for the web to translate. */
  readonly fieldCodes?: Record<string, FieldProblem>;
  /** Sent as `Retry-After` (a limit's window, a store that will be back): when to try again. */
  readonly retryAfterSeconds?: number;
  /** A 429's limit, sent as `RateLimit-Policy` and `RateLimit` with the Retry-After. */
  readonly rateLimit?: RateLimitPolicy;

  constructor(
    readonly code: ErrorCode,
    options: {
      params?: MessageParams;
      fields?: Record<string, FieldProblem | ZodProblem>;
      retryAfterSeconds?: number;
      rateLimit?: RateLimitPolicy;
      /** What failed underneath (a store's or the database's own error), for the log. */
      cause?: unknown;
    } = {},
  ) {
    const problems = options.fields && Object.keys(options.fields).length > 0 ? options.fields : undefined;
    const english = problems
      ? Object.fromEntries(
          Object.entries(problems).map(([k, p]) => [k, 'zodText' in p ? p.zodText : fieldText('en', p)]),
        )
      : undefined;
    super(
      english ? Object.values(english)[0] : codeText('en', code, options.params),
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = 'AppError';
    this.status = ERROR_CODES[code];
    if (options.params) this.params = options.params;
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
    if (options.rateLimit) this.rateLimit = options.rateLimit;
    if (problems) {
      this.fields = english;
      this.fieldCodes = Object.fromEntries(
        Object.entries(problems).map(([k, p]) => [
          k,
          p.params ? { code: p.code, params: p.params } : { code: p.code },
        ]),
      );
    }
  }

  /** The answer's body. */
  toBody(): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.params ? { params: this.params } : {}),
        ...(this.fields ? { fields: this.fields, fieldCodes: this.fieldCodes } : {}),
      },
    };
  }
}

/**
 * A rule zod words itself (an enum's options, a wrong type): the web reads it as `invalidValue`,
 * an API client gets zod's English, which names what was expected.
 */
export interface ZodProblem extends FieldProblem {
  code: 'invalidValue';
  zodText: string;
}

/** A zod issue's message as a field problem: our message key, or zod's own words kept for API clients. */
export function problemOf(message: string | undefined): FieldProblem | ZodProblem {
  const problem = readFieldMessage(message);
  return problem.code === 'invalidValue' && message && message !== 'invalidValue'
    ? { code: 'invalidValue', zodText: message }
    : problem;
}

/** One field's problem, e.g. `fieldProblem('coverType')` or `fieldProblem('titleNoLongerAvailable', { title })`. */
export const fieldProblem = (code: FieldMessageKey, params?: MessageParams): FieldProblem =>
  params ? { code, params } : { code };

/** The body every error answer has (its schema: apiErrorBodySchema, the document's `Error`). */
export type ErrorBody = ApiErrorBody;
