import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isUuid } from './ids';

describe('the id check', () => {
  it('takes the ids the database and node make, and nothing else', () => {
    expect(isUuid(randomUUID())).toBe(true);
    expect(isUuid(randomUUID().toUpperCase())).toBe(true);
    for (const other of ['manage', 'new', '', `${randomUUID()}x`, randomUUID().slice(1), 42, null]) {
      expect(isUuid(other)).toBe(false);
    }
  });
});
