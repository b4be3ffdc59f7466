import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody } from '@domain/api-types';
import { MSG } from '@domain/messages';

/** The one error type services throw; app.ts turns it into `{ error: { code, message, fields? } }`. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: ContentfulStatusCode = 400,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message: string = MSG.notFound, code = 'NOT_FOUND') =>
  new AppError(code, message, 404);
export const forbidden = (message: string, code = 'FORBIDDEN') => new AppError(code, message, 403);
export const unauthorized = (message: string = MSG.signInRequired) =>
  new AppError('UNAUTHORIZED', message, 401);
export const conflict = (code: string, message: string) => new AppError(code, message, 409);
export const unprocessable = (code: string, message: string, fields?: Record<string, string>) =>
  new AppError(code, message, 422, fields);

/** The body every error answer has (its schema: apiErrorBodySchema, the document's `Error`). */
export type ErrorBody = ApiErrorBody;
