import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';

/**
 * Previous and Next of a listing paged by cursor: each button is there when the API
 * names a page that way. The status names the page number where the page has one (the first
 * pages), with the page count when the listing is counted exactly.
 */
export function Pagination({
  page,
  pageCount,
  onPrevious,
  onNext,
}: {
  /** null: a page asked by cursor, whose number nobody counted */
  page: number | null;
  /** null: more books than the count reaches */
  pageCount: number | null;
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
}) {
  const { t } = useTranslation('catalog');
  if (!onPrevious && !onNext) return null;
  return (
    <nav aria-label={t('pagination.label')} className="mt-8 flex items-center justify-center gap-3">
      <Button variant="outline" disabled={!onPrevious} onClick={onPrevious ?? undefined}>
        <ChevronLeft className="size-4" aria-hidden />
        {t('pagination.previous')}
      </Button>
      {page !== null && (
        <span className="text-sm text-stone-600">
          {pageCount !== null ? t('pagination.status', { page, pageCount }) : t('pagination.page', { page })}
        </span>
      )}
      <Button variant="outline" disabled={!onNext} onClick={onNext ?? undefined}>
        {t('pagination.next')}
        <ChevronRight className="size-4" aria-hidden />
      </Button>
    </nav>
  );
}
