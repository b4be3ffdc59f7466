import { z } from 'zod';
import { isUuid } from './uuid';

export { isUuid, UUID_PATTERN } from './uuid';

/**
 * The id check of uuid.ts as a zod schema, for a field or a parameter (lib/openapi.ts uuidParam):
 * `error` is what a malformed id answers (a field's message key, or a route's not-found code).
 */
export const uuidField = (error?: string) => z.uuid(error === undefined ? undefined : { error });

/**
 * A member's id is Better Auth's: 32 letters and digits as it generates them, or a UUID for
 * members made by the seed and the factories. Anything else names no member, so a route reads it
 * as not found before it looks at a body (lib/openapi.ts memberIdParam).
 */
const BETTER_AUTH_ID = /^[A-Za-z0-9]{32}$/;

export const isMemberId = (value: unknown): value is string =>
  isUuid(value) || (typeof value === 'string' && BETTER_AUTH_ID.test(value));
