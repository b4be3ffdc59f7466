import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';

/** Where a keyset list is: its cursors either side, and its (capped) count when it has one. */
export interface PagerState {
  nextCursor: string | null;
  prevCursor: string | null;
  total?: number;
  totalCapped?: boolean;
}

/**
 * Newest, Previous, Next and Oldest for a list that pages by cursor (docs/architecture.md,
 * "Lists at scale"): `onCursor(undefined)` is the first page, 'last' the last one. A list not
 * sorted by time names its ends itself (`ends`). The count stops at 10,000 ("More than 10,000").
 */
export function CursorPager({
  page,
  onCursor,
  testId,
  ends,
}: {
  page: PagerState;
  onCursor: (cursor: string | undefined) => void;
  testId?: string;
  ends?: { first: string; last: string };
}) {
  const { t } = useTranslation('common');
  const number = new Intl.NumberFormat('id-ID');
  const hasPages = page.nextCursor !== null || page.prevCursor !== null;
  if (!hasPages && page.total === undefined) return null;
  return (
    <nav
      aria-label={t('pager.label')}
      data-testid={testId}
      className="flex flex-wrap items-center justify-between gap-3 pt-2"
    >
      {page.total !== undefined ? (
        <p className="text-sm text-stone-600" data-testid="pager-total">
          {page.totalCapped
            ? t('pager.totalCapped', { total: number.format(page.total) })
            : t('pager.total', { total: number.format(page.total) })}
        </p>
      ) : (
        <span />
      )}
      {hasPages && (
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={page.prevCursor === null}
            onClick={() => onCursor(undefined)}
          >
            <ChevronsLeft className="size-4" aria-hidden />
            {ends?.first ?? t('pager.first')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={page.prevCursor === null}
            onClick={() => onCursor(page.prevCursor ?? undefined)}
          >
            <ChevronLeft className="size-4" aria-hidden />
            {t('pager.previous')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={page.nextCursor === null}
            onClick={() => onCursor(page.nextCursor ?? undefined)}
          >
            {t('pager.next')}
            <ChevronRight className="size-4" aria-hidden />
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={page.nextCursor === null}
            onClick={() => onCursor('last')}
          >
            {ends?.last ?? t('pager.last')}
            <ChevronsRight className="size-4" aria-hidden />
          </Button>
        </div>
      )}
    </nav>
  );
}
