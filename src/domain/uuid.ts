/**
 * The one id check: ids are UUIDs (PostgreSQL's gen_random_uuid, node's randomUUID), in the shape
 * zod's `z.uuid()` accepts, written here without zod so the web's first chunk and its service
 * worker can ask it too. `ids.ts` builds the schemas on it, and its test holds the two equal.
 */
export const UUID_PATTERN =
  '(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)';

const WHOLE_UUID = new RegExp(`^${UUID_PATTERN}$`);

/** A service asks this before a value reaches a uuid column, where a malformed one would be an error. */
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && WHOLE_UUID.test(value);
