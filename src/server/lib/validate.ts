import type { z } from 'zod';
import { AppError, problemOf } from './errors';

/**
 * Turns a zod failure into a 422 VALIDATION_FAILED naming each invalid field's first broken rule
 * (the schemas' messages are message keys, domain/error-codes.ts): its key and parameters for
 * the web, its English text for API clients; the message is the first rule broken (the spec's
 * exact text). Declared routes get it through lib/openapi.ts's hook; Better Auth's sign-up rules
 * (auth/request-rules.ts) use it directly.
 */
export function validationError(error: z.ZodError): AppError {
  const fields: Record<string, ReturnType<typeof problemOf>> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= problemOf(issue.message);
  }
  return new AppError('VALIDATION_FAILED', { fields });
}
