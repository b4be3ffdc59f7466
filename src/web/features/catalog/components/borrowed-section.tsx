import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { BorrowedBook, BorrowedSection as Section } from '@domain/find-types';
import { AvailabilityBadge } from '@web/components/availability-badge';
import { BookCardTitle } from '@web/components/book-card';
import { BookCover } from '@web/components/book-cover';
import { Button, ButtonLink } from '@web/components/ui/button';
import { ErrorBanner } from '@web/components/ui/feedback';
import { useJoinWaitlist } from '@web/features/waitlist/api';
import { errorMessage } from '@web/lib/api';
import { formatDaySpan, formatOrderDateTime } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { signInPath } from '@web/lib/session';

/**
 * Below a search (or a shelf), the matching books out now, each with its expected return
 * (an estimate, labelled as one) and what the viewer can do: join its waitlist, see their
 * place, or take the book held for them. Nothing shows when no book is out.
 */
export function BorrowedSection({
  query,
  shelf = false,
}: {
  query: UseQueryOptions<Section, Error, Section, QueryKey>;
  shelf?: boolean;
}) {
  const { t } = useTranslation('find');
  const { data } = useQuery(query);
  if (!data || data.items.length === 0) return null;
  return (
    <section aria-labelledby="borrowed-heading" data-testid="borrowed-section" className="mt-10">
      <h2 id="borrowed-heading" className="text-lg font-semibold text-stone-900">
        {t('borrowed.heading')}
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        {t(shelf ? 'borrowed.shelfDescription' : 'borrowed.description')}
      </p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {data.items.map((item) => (
          <BorrowedRow key={item.book.id} item={item} />
        ))}
      </ul>
    </section>
  );
}

function BorrowedRow({ item }: { item: BorrowedBook }) {
  const { t } = useTranslation(['find', 'waitlist']);
  const navigate = useNavigate();
  const join = useJoinWaitlist();
  const [error, setError] = useState<string | null>(null);
  const { book, waitlist } = item;
  const span = waitlist.estimate ? formatDaySpan(waitlist.estimate.from, waitlist.estimate.to) : null;
  return (
    <li
      data-testid="borrowed-book"
      data-state={waitlist.state}
      className="flex gap-3 rounded-xl border border-stone-200 bg-white p-3 shadow-xs"
    >
      <Link
        to={paths.book(book.id)}
        className="relative block w-16 shrink-0 overflow-hidden rounded-md bg-stone-100"
      >
        <div className="relative aspect-[2/3]">
          <BookCover book={book} variant="card" />
        </div>
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap gap-1">
          <AvailabilityBadge availability={book.availability} backOn={book.backOn} />
        </div>
        <BookCardTitle book={book} />
        {waitlist.state === 'held' && waitlist.holdUntil ? (
          <p className="flex items-center gap-1 text-sm font-semibold text-green-800">
            <Clock className="size-4 shrink-0" aria-hidden />
            {t('waitlist:panel.heldForYou', { until: formatOrderDateTime(waitlist.holdUntil) })}
          </p>
        ) : (
          span && <p className="text-sm text-stone-800">{t('borrowed.expected', { span })}</p>
        )}
        {waitlist.waiting > 0 && (
          <p className="text-xs text-stone-600">{t('waitlist:counts.count', { count: waitlist.waiting })}</p>
        )}
        {waitlist.state === 'waiting' && waitlist.place !== null && (
          <p className="text-xs font-semibold text-stone-900">
            {t('waitlist:panel.place', { place: waitlist.place })}
          </p>
        )}
        {waitlist.state === 'in_your_order' && (
          <p className="text-xs text-stone-600">{t('waitlist:panel.inYourOrder')}</p>
        )}
        {waitlist.state === 'limit' && <p className="text-xs text-amber-800">{t('waitlist:panel.limit')}</p>}
        <div className="mt-1">
          {waitlist.state === 'can_join' && (
            <Button
              size="sm"
              loading={join.isPending}
              onClick={() => {
                setError(null);
                join.mutate(book.id, {
                  onError: (err) => setError(errorMessage(err, t('waitlist:panel.failed'))),
                });
              }}
            >
              {t('waitlist:panel.join')}
            </Button>
          )}
          {waitlist.state === 'guest' && (
            <Button size="sm" variant="outline" onClick={() => navigate(signInPath(paths.book(book.id)))}>
              {t('waitlist:panel.signIn')}
            </Button>
          )}
          {waitlist.state === 'held' && (
            <ButtonLink size="sm" to={paths.book(book.id)}>
              {t('borrowed.viewHeld')}
            </ButtonLink>
          )}
        </div>
        <ErrorBanner className="mt-2">{error}</ErrorBanner>
      </div>
    </li>
  );
}
