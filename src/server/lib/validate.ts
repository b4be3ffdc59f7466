import type { z } from 'zod';
import { MSG } from '@domain/messages';
import { AppError } from './errors';

/**
 * Turns a zod failure into a 422 whose message is the first rule broken (the spec's exact text),
 * with the first message per field. Declared routes get it through lib/openapi.ts's hook; Better
 * Auth's sign-up rules (auth/request-rules.ts) use it directly.
 */
export function validationError(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return new AppError('VALIDATION_FAILED', error.issues[0]?.message ?? MSG.invalidRequest, 422, fields);
}
