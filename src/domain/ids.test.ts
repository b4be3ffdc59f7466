import { describe, expect, it } from 'vitest';
import { isUuid, UUID_PATTERN } from './ids';

// Ids as PostgreSQL's gen_random_uuid and node's randomUUID make them (version 4).
const ID = '3f2b8c1e-9d4a-4e6b-8a7c-1b2d3e4f5a6b';
const NOT_IDS = ['manage', 'new', '', `${ID}x`, ID.slice(1), '3f2b8c1e-9d4a-9e6b-8a7c-1b2d3e4f5a6b'];

describe('the id check', () => {
  it('takes the ids the database and node make, and nothing else', () => {
    expect(isUuid(ID)).toBe(true);
    expect(isUuid(ID.toUpperCase())).toBe(true);
    for (const other of [...NOT_IDS, 42, null]) {
      expect(isUuid(other)).toBe(false);
    }
  });

  it('reads the same as a pattern in a page path', () => {
    const page = new RegExp(`^/books/${UUID_PATTERN}$`, 'i');
    expect(page.test(`/books/${ID}`)).toBe(true);
    for (const other of NOT_IDS) expect(page.test(`/books/${other}`)).toBe(false);
  });
});
