import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorBanner, LoadingState } from '@web/components/ui/feedback';

/** What QueryState reads of a TanStack query: its state, its answer and a way to ask again. */
interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * A page's list or record while its query runs: the spinner with its words (or the page's own
 * placeholder, such as a grid of skeleton cards), the load failure with "Try again", the empty
 * state when the answer has nothing to show, else `children` with the answer. Every page that
 * loads one thing says these three states the same way.
 */
export function QueryState<T>({
  query,
  loading,
  failed,
  isEmpty,
  empty,
  children,
}: {
  query: QueryLike<T>;
  /** The spinner's words while loading, or the page's own placeholder (skeleton cards). */
  loading: string | ReactElement;
  /** The load failure's words. */
  failed: string;
  /** When the answer has nothing to show; `empty` is shown instead of `children` then. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('common');
  if (query.isPending) return typeof loading === 'string' ? <LoadingState label={loading} /> : loading;
  if (query.isError)
    return <LoadErrorBanner message={failed} retryLabel={t('retry')} onRetry={() => void query.refetch()} />;
  // Neither loading nor failed: TanStack Query holds the answer.
  const data = query.data as T;
  if (isEmpty?.(data)) return empty;
  return children(data);
}
