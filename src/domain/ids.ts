import { z } from 'zod';

/**
 * The one id check: ids are UUIDs (PostgreSQL's gen_random_uuid, node's randomUUID). Route
 * parameters use the same zod check (lib/openapi.ts uuidParam); a service asks isUuid before a
 * value reaches a uuid column, where a malformed one would be a database error, not "not found".
 */
const uuidSchema = z.uuid();

export const isUuid = (value: unknown): value is string => uuidSchema.safeParse(value).success;
