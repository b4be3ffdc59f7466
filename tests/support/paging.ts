import { expect } from 'vitest';
import type { CursorPage } from '@domain/cursor-page';

// Walking a keyset list in the API tests (docs/architecture.md, "Lists at scale").

/**
 * Every page of a list by its `next` cursors from the first, or by `prev` from `start` (the last
 * page), each no longer than its page size; fails a list that never ends.
 */
export async function walkPages<T>(
  read: (cursor: string | undefined) => Promise<CursorPage<T>>,
  direction: 'next' | 'prev' = 'next',
  start?: string,
): Promise<T[][]> {
  const pages: T[][] = [];
  let cursor = start;
  for (let guard = 0; guard < 50; guard++) {
    const page = await read(cursor);
    expect(page.items.length).toBeLessThanOrEqual(page.pageSize);
    pages.push(page.items);
    const to = page[direction];
    if (to === null) return pages;
    cursor = to;
  }
  throw new Error('the list never ended');
}
