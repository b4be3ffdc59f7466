import { describe, expect, it } from 'vitest';
import { isUuid } from './ids';

// Ids as PostgreSQL's gen_random_uuid and node's randomUUID make them (version 4).
const ID = '3f2b8c1e-9d4a-4e6b-8a7c-1b2d3e4f5a6b';

describe('the id check', () => {
  it('takes the ids the database and node make, and nothing else', () => {
    expect(isUuid(ID)).toBe(true);
    expect(isUuid(ID.toUpperCase())).toBe(true);
    for (const other of ['manage', 'new', '', `${ID}x`, ID.slice(1), 42, null]) {
      expect(isUuid(other)).toBe(false);
    }
  });
});
