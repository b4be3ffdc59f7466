import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { ErrorBanner } from '@web/components/ui/feedback';
import { errorMessage } from '@web/lib/api';
import { formatOrderDateTime } from '@web/lib/format';
import { adminWaitlistQuery, useClearWaitlistEntry } from '@web/features/waitlist/api';

/**
 * How many wait for a book and, opened, its queue in order with Clear for each entry (a
 * cleared hold passes to the next waiter).
 */
export function WaitlistEntries({
  bookId,
  title,
  waiting,
}: {
  bookId: string;
  title: string;
  waiting: number;
}) {
  const { t } = useTranslation('waitlist');
  const [open, setOpen] = useState(false);
  if (waiting === 0) return null;
  return (
    <div className="w-full text-sm">
      <Button size="sm" variant="ghost" className="-ml-3" aria-expanded={open} onClick={() => setOpen(!open)}>
        {t('counts.count', { count: waiting })}
      </Button>
      {open && <Queue bookId={bookId} title={title} />}
    </div>
  );
}

function Queue({ bookId, title }: { bookId: string; title: string }) {
  const { t } = useTranslation('waitlist');
  const query = useQuery(adminWaitlistQuery(bookId));
  const clear = useClearWaitlistEntry();
  return (
    <div className="mt-2 rounded-lg border border-stone-200 bg-stone-50 p-3">
      <p className="font-medium text-stone-900">{t('admin.heading', { title })}</p>
      {query.data && query.data.items.length === 0 && (
        <p className="mt-1 text-stone-600">{t('admin.empty')}</p>
      )}
      <ol className="mt-2 space-y-2">
        {query.data?.items.map((entry) => (
          <li key={entry.id} className="flex flex-wrap items-center justify-between gap-2">
            <span className="min-w-0 text-stone-800">
              {entry.place}. {entry.memberName} <span className="text-stone-500">({entry.memberEmail})</span>
              {entry.holdUntil && (
                <span className="text-green-800">
                  {' '}
                  {t('admin.holds', { until: formatOrderDateTime(entry.holdUntil) })}
                </span>
              )}
            </span>
            <Button
              size="sm"
              variant="outline"
              className="text-red-700"
              loading={clear.isPending && clear.variables === entry.id}
              onClick={() => clear.mutate(entry.id)}
            >
              {t('admin.clear')}
            </Button>
          </li>
        ))}
      </ol>
      <ErrorBanner className="mt-2">
        {clear.error ? errorMessage(clear.error, t('panel.failed')) : null}
      </ErrorBanner>
    </div>
  );
}
