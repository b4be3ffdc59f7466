import { useQuery } from '@tanstack/react-query';
import { Clock, ListOrdered } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LAPSED_HOLD_SHOWN_DAYS } from '@domain/waitlist';
import type { LapsedHold, MyWaitlistEntry } from '@domain/waitlist-types';
import { ButtonLink } from '@web/components/ui/button';
import { Container, PageHeader } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/feedback';
import { QueryState } from '@web/components/query-state';
import { formatDaySpan, formatOrderDateTime } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { myWaitlistQuery } from '@web/features/waitlist/api';

/**
 * "My waitlist": each book the member waits for, its state, place and estimate; below,
 * the holds that lapsed lately, so a hold never vanishes silently.
 */
export default function MyWaitlistPage() {
  const { t } = useTranslation('waitlist');
  const query = useQuery(myWaitlistQuery);

  const body = (
    <QueryState
      query={query}
      loading={t('mine.loading')}
      failed={t('mine.loadFailed')}
      isEmpty={(data) => data.items.length === 0}
      empty={
        <EmptyState
          icon={<ListOrdered className="size-8" aria-hidden />}
          title={t('mine.empty')}
          description={t('mine.emptyHint')}
          action={<ButtonLink to="/books">{t('mine.browse')}</ButtonLink>}
        />
      }
    >
      {(data) => (
        <ul className="space-y-3" data-testid="my-waitlist">
          {data.items.map((item) => (
            <Entry key={item.bookId} item={item} />
          ))}
        </ul>
      )}
    </QueryState>
  );

  return (
    <Container className="py-6 sm:py-10">
      <title>{t('mine.pageTitle')}</title>
      <PageHeader title={t('mine.title')} description={t('mine.description')} />
      {body}
      {query.data && query.data.lapsed.length > 0 && <LapsedHolds lapsed={query.data.lapsed} />}
    </Container>
  );
}

function Entry({ item }: { item: MyWaitlistEntry }) {
  const { t } = useTranslation('waitlist');
  return (
    <li
      data-testid="my-waitlist-entry"
      data-state={item.state}
      className="flex gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-xs"
    >
      <Link to={paths.book(item.bookId)} className="shrink-0">
        <img
          src={item.cover.card}
          alt=""
          className="aspect-[2/3] w-16 rounded-lg bg-stone-100 object-cover sm:w-20"
          loading="lazy"
        />
      </Link>
      <div className="min-w-0 flex-1">
        <Link to={paths.book(item.bookId)} className="font-semibold text-stone-900 hover:text-brand-700">
          {item.title}
        </Link>
        <p className="text-sm text-stone-600">{t('mine.by', { author: item.author })}</p>
        {item.state === 'held' && item.holdUntil ? (
          <p className="mt-2 inline-flex items-center gap-1.5 rounded-lg bg-green-50 px-2.5 py-1 text-sm font-semibold text-green-900">
            <Clock className="size-4" aria-hidden />
            {t('mine.held', { until: formatOrderDateTime(item.holdUntil) })}
          </p>
        ) : (
          <>
            <p className="mt-2 text-sm font-medium text-stone-900">
              {t('mine.place', { place: item.place, count: item.waiting })}
            </p>
            {item.estimate && (
              <p className="text-sm text-stone-700">
                {t('mine.estimate', { span: formatDaySpan(item.estimate.from, item.estimate.to) })}
              </p>
            )}
          </>
        )}
      </div>
      {/* On a phone the title and cover are the links: a button would squeeze the text. */}
      <div className="hidden self-center sm:block">
        <ButtonLink to={paths.book(item.bookId)} variant="outline" size="sm">
          {t('mine.view')}
        </ButtonLink>
      </div>
    </li>
  );
}

/** Holds that ended unanswered in the last LAPSED_HOLD_SHOWN_DAYS days: when, and the way back. */
function LapsedHolds({ lapsed }: { lapsed: LapsedHold[] }) {
  const { t } = useTranslation('waitlist');
  return (
    <section aria-labelledby="lapsed-heading" className="mt-10" data-testid="lapsed-holds">
      <h2 id="lapsed-heading" className="text-lg font-semibold text-stone-900">
        {t('mine.lapsedHeading')}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t('mine.lapsedHint', { days: LAPSED_HOLD_SHOWN_DAYS })}</p>
      <ul className="mt-4 space-y-2">
        {lapsed.map((hold) => (
          <li
            key={hold.bookId}
            data-testid="lapsed-hold"
            className="flex items-center gap-3 rounded-xl border border-stone-200 bg-stone-50 p-3"
          >
            <img
              src={hold.cover.card}
              alt=""
              className="aspect-[2/3] w-10 shrink-0 rounded-md bg-stone-100 object-cover"
              loading="lazy"
            />
            <div className="min-w-0 flex-1">
              <Link to={paths.book(hold.bookId)} className="font-medium text-stone-900 hover:text-brand-700">
                {hold.title}
              </Link>
              <p className="text-sm text-stone-600">
                {t('mine.lapsed', { when: formatOrderDateTime(hold.lapsedAt) })}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
