import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { CursorPage } from '@domain/cursor-page';
import { ErrorBanner } from '@web/components/ui/feedback';
import type { ListParams } from '@web/features/admin/api';
import { FilterSelect } from './filter-select';
import { ListBody } from './list-body';
import { ListToolbar } from './list-toolbar';
import type { TabProps } from './tab-props';

/**
 * The part every tab shares: search and filter, the last write's error, then the list. A new
 * search or filter starts again at the first page (a cursor is a place in one list).
 */
export function ListTab<T>({
  id,
  params,
  onParams,
  searchPlaceholder,
  filter,
  writeError,
  query,
  empty,
  children,
}: TabProps & {
  id: string;
  searchPlaceholder: string;
  /** The one filter of the tab, kept in the URL under `param`. */
  filter: {
    param: 'status' | 'role' | 'state';
    label: string;
    allLabel: string;
    options: ReadonlyArray<{ value: string; label: string }>;
    className: string;
  };
  writeError?: string | null;
  query: UseQueryResult<CursorPage<T>>;
  empty: { icon: ReactNode; title: string; description: string };
  children: (items: T[]) => ReactNode;
}) {
  return (
    <>
      <ListToolbar
        id={id}
        query={params.q ?? ''}
        placeholder={searchPlaceholder}
        onSearch={(q) => onParams({ q, cursor: undefined })}
      >
        <FilterSelect
          id={`${id}-${filter.param}`}
          label={filter.label}
          value={params[filter.param]}
          allLabel={filter.allLabel}
          options={filter.options}
          onChange={(value) =>
            onParams({ [filter.param]: value, cursor: undefined } satisfies Partial<ListParams>)
          }
          className={filter.className}
        />
      </ListToolbar>
      {writeError && <ErrorBanner>{writeError}</ErrorBanner>}
      <ListBody query={query} empty={empty} onCursor={(cursor) => onParams({ cursor })}>
        {children}
      </ListBody>
    </>
  );
}
