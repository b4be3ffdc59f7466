import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '@domain/admin-types';
import { EmptyState, ErrorBanner, LoadingState } from '@web/components/ui/feedback';
import { RangePagination } from '@web/components/range-pagination';

/** Loading, 'Failed to load data', the empty state, or the rows and their pages: one way for every tab. */
export function ListBody<T>({
  query,
  empty,
  onPage,
  children,
}: {
  query: UseQueryResult<Page<T>>;
  empty: { icon: ReactNode; title: string; description: string };
  onPage: (page: number) => void;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  if (query.isPending) return <LoadingState label={t('loading')} />;
  if (query.isError) return <ErrorBanner>{t('loadFailed')}</ErrorBanner>;
  const { items, page, pageSize, total } = query.data;
  if (items.length === 0) return <EmptyState {...empty} />;
  return (
    <>
      {children(items)}
      <RangePagination page={page} pageSize={pageSize} total={total} onPage={onPage} />
    </>
  );
}
