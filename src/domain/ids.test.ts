import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isMemberId, isUuid, UUID_PATTERN, uuidField } from './ids';

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

  it('is the shape zod checks in schemas and route parameters', () => {
    expect(UUID_PATTERN).toBe(`(?:${z.regexes.uuid().source.slice(2, -2)})`);
    for (const value of [ID, ...NOT_IDS]) expect(uuidField().safeParse(value).success).toBe(isUuid(value));
  });
});

describe('the member id check', () => {
  it('takes Better Auth’s ids and UUIDs, and nothing else', () => {
    expect(isMemberId('aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dF')).toBe(true);
    expect(isMemberId(ID)).toBe(true);
    for (const other of [
      'not-an-id',
      '1',
      'aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1d',
      'aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1d!',
      42,
      null,
    ])
      expect(isMemberId(other)).toBe(false);
  });
});
