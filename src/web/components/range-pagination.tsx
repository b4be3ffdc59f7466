import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';

/** "21–40 of 1,234" with Previous and Next: every tab pages on the server. */
export function RangePagination({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('admin');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total === 0) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const number = new Intl.NumberFormat('id-ID');
  return (
    <nav aria-label={t('pagination.label')} className="flex items-center justify-between gap-3 pt-2">
      <p className="text-sm text-stone-600">
        {t('pagination.summary', {
          from: number.format(from),
          to: number.format(to),
          total: number.format(total),
        })}
      </p>
      {pages > 1 && (
        <div className="flex items-center gap-2">
          <span className="hidden text-sm text-stone-500 sm:inline">
            {t('pagination.page', { page, pages })}
          </span>
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            <ChevronLeft className="size-4" aria-hidden />
            {t('pagination.previous')}
          </Button>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            {t('pagination.next')}
            <ChevronRight className="size-4" aria-hidden />
          </Button>
        </div>
      )}
    </nav>
  );
}
