import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A keyset pager's cursor kept in the URL's search params (docs/architecture.md, "Lists at
 * scale"), so reload, Back and Forward keep the page shown. Each pager on a page has its own
 * param; moving one pager leaves every other param (a tab, another pager's cursor) as it is.
 * Absent is the first page.
 */
export function useCursorParam(name = 'cursor'): [string | undefined, (cursor: string | undefined) => void] {
  const [search, setSearch] = useSearchParams();
  const cursor = search.get(name) || undefined;
  const setCursor = useCallback(
    (next: string | undefined) =>
      setSearch((prev) => {
        const params = new URLSearchParams(prev);
        if (next) params.set(name, next);
        else params.delete(name);
        return params;
      }),
    [name, setSearch],
  );
  return [cursor, setCursor];
}
