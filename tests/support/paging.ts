import { expect } from 'vitest';
import type { Page } from '@domain/cursor-page';

// Walking a paged list in the API tests (docs/api.md, "Paging"; docs/architecture.md, "Lists at scale").

/**
 * Every page of a list by its `nextCursor`s from the first, or by `prevCursor` from `start`
 * (the last page), each no longer than the `pageSize` asked; fails a list that never ends.
 */
export async function walkPages<T>(
  read: (cursor: string | undefined) => Promise<Page<T>>,
  walk: { pageSize: number; direction?: 'nextCursor' | 'prevCursor'; start?: string },
): Promise<T[][]> {
  const pages: T[][] = [];
  let cursor = walk.start;
  for (let guard = 0; guard < 50; guard++) {
    const page = await read(cursor);
    expect(page.items.length).toBeLessThanOrEqual(walk.pageSize);
    pages.push(page.items);
    const to = page[walk.direction ?? 'nextCursor'];
    if (to === null) return pages;
    cursor = to;
  }
  throw new Error('the list never ended');
}
