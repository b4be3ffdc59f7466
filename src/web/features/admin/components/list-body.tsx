import '@web/lib/words/admin';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CursorPage } from '@domain/cursor-page';
import { EmptyState, ErrorBanner, LoadingState } from '@web/components/ui/feedback';
import { CursorPager } from '@web/components/cursor-pager';

/** Loading, 'Failed to load data', the empty state, or the rows and their pages: one way for every tab. */
export function ListBody<T>({
  query,
  empty,
  onCursor,
  children,
}: {
  query: UseQueryResult<CursorPage<T>>;
  empty: { icon: ReactNode; title: string; description: string };
  onCursor: (cursor: string | undefined) => void;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  if (query.isPending) return <LoadingState label={t('loading')} />;
  if (query.isError) return <ErrorBanner>{t('loadFailed')}</ErrorBanner>;
  const { items } = query.data;
  if (items.length === 0) return <EmptyState {...empty} />;
  return (
    <>
      {children(items)}
      <CursorPager page={query.data} onCursor={onCursor} testId="admin-pager" />
    </>
  );
}
