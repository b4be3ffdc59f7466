import { z } from 'zod';

/**
 * The one id check: ids are UUIDs (PostgreSQL's gen_random_uuid, node's randomUUID). Route
 * parameters use the same zod check (lib/openapi.ts uuidParam); a service asks isUuid before a
 * value reaches a uuid column, where a malformed one would be a database error, not "not found".
 */
/**
 * The check as a zod schema, for a field or a parameter: `error` is what a malformed id answers
 * (a field's message key, or a route's not-found code).
 */
export const uuidField = (error?: string) => z.uuid(error === undefined ? undefined : { error });

const uuidSchema = uuidField();

/** The same check as a pattern without anchors (a non-capturing group), to compose page paths. */
export const UUID_PATTERN = `(?:${z.regexes.uuid().source.slice(2, -2)})`;

export const isUuid = (value: unknown): value is string => uuidSchema.safeParse(value).success;

/**
 * A member's id is Better Auth's: 32 letters and digits as it generates them, or a UUID for
 * members made by the seed and the factories. Anything else names no member, so a route reads it
 * as not found before it looks at a body (lib/openapi.ts memberIdParam).
 */
const memberIdSchema = z.union([uuidSchema, z.string().regex(/^[A-Za-z0-9]{32}$/)]);

export const isMemberId = (value: unknown): value is string => memberIdSchema.safeParse(value).success;
