import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Page } from '../../../../domain/admin-types';
import { ErrorBanner } from '../../../components/ui/feedback';
import { ListBody } from './list-body';
import { ListToolbar } from './list-toolbar';
import type { TabProps } from './tab-props';

/**
 * The part every tab shares: search and filter, the last write's error, then the list. A new
 * search or filter starts again at page 1, because the old page number may not exist anymore.
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
  filter: ReactNode;
  writeError?: string | null;
  query: UseQueryResult<Page<T>>;
  empty: { icon: ReactNode; title: string; description: string };
  children: (items: T[]) => ReactNode;
}) {
  return (
    <>
      <ListToolbar
        id={id}
        query={params.q ?? ''}
        placeholder={searchPlaceholder}
        onSearch={(q) => onParams({ q, page: 1 })}
      >
        {filter}
      </ListToolbar>
      {writeError && <ErrorBanner>{writeError}</ErrorBanner>}
      <ListBody query={query} empty={empty} onPage={(page) => onParams({ page })}>
        {children}
      </ListBody>
    </>
  );
}
