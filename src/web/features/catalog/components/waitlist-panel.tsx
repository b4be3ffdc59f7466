import { Clock, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { BookWaitlist } from '@domain/waitlist-types';
import { Button } from '@web/components/ui/button';
import { ErrorBanner } from '@web/components/ui/feedback';
import { errorMessage } from '@web/lib/api';
import { formatDaySpan, formatOrderDateTime } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { signInPath } from '@web/lib/session';
import { useJoinWaitlist, useLeaveWaitlist, usePassHold } from '@web/features/waitlist/api';
import { PushOffer } from '@web/components/push-offer';

/**
 * The waitlist on a book page: how many wait, the viewer's place and an estimate
 * labelled as one, Join / Leave, and for the holder "Held for you until ..." with Pass (the
 * page's own Add button adds the book for them).
 */
export function WaitlistPanel({ waitlist }: { waitlist: BookWaitlist }) {
  const { t } = useTranslation('waitlist');
  const navigate = useNavigate();
  const join = useJoinWaitlist();
  const leave = useLeaveWaitlist();
  const pass = usePassHold();
  const [error, setError] = useState<string | null>(null);
  const { state } = waitlist;
  if (state === 'none' && !waitlist.heldForSomeoneElse && waitlist.waiting === 0) return null;

  const run = (mutation: typeof join) => {
    setError(null);
    mutation.mutate(waitlist.bookId, { onError: (err) => setError(errorMessage(err, t('panel.failed'))) });
  };
  const span = waitlist.estimate ? formatDaySpan(waitlist.estimate.from, waitlist.estimate.to) : null;

  if (state === 'held') {
    return (
      <section
        data-testid="waitlist-panel"
        data-state={state}
        className="mt-5 rounded-xl border border-green-200 bg-green-50 p-4"
      >
        <p className="flex items-center gap-2 font-semibold text-green-900">
          <Clock className="size-4" aria-hidden />
          {t('panel.heldForYou', { until: formatOrderDateTime(waitlist.holdUntil!) })}
        </p>
        <p className="mt-1 text-sm text-green-900">{t('panel.heldForYouNote')}</p>
        <Button variant="outline" className="mt-3" loading={pass.isPending} onClick={() => run(pass)}>
          {t('panel.pass')}
        </Button>
        <ErrorBanner className="mt-3">{error}</ErrorBanner>
      </section>
    );
  }

  return (
    <section
      data-testid="waitlist-panel"
      data-state={state}
      aria-labelledby="waitlist-heading"
      className="mt-5 rounded-xl border border-stone-200 bg-stone-50 p-4"
    >
      <h2 id="waitlist-heading" className="flex items-center gap-2 text-sm font-semibold text-stone-900">
        <Users className="size-4" aria-hidden />
        {t('panel.heading')}
      </h2>
      {waitlist.heldForSomeoneElse && waitlist.holdUntil && (
        <p className="mt-2 text-sm text-stone-700">
          {t('panel.heldForSomeoneElse', { until: formatOrderDateTime(waitlist.holdUntil) })}
        </p>
      )}
      <p className="mt-2 text-sm text-stone-700">{t('panel.waiting', { count: waitlist.waiting })}</p>
      {state === 'waiting' && waitlist.place !== null && (
        <p className="mt-1 text-sm font-semibold text-stone-900">
          {t('panel.place', { place: waitlist.place })}
        </p>
      )}
      {span && (
        <>
          <p className="mt-1 text-sm text-stone-800">
            {state === 'waiting' ? t('panel.estimate', { span }) : t('panel.estimateIfJoin', { span })}
          </p>
          <p className="mt-1 text-xs text-stone-500">{t('panel.estimateNote')}</p>
        </>
      )}
      {state === 'in_your_order' && <p className="mt-2 text-sm text-stone-700">{t('panel.inYourOrder')}</p>}
      {state === 'limit' && <p className="mt-2 text-sm text-amber-800">{t('panel.limit')}</p>}
      <div className="mt-3 flex flex-wrap gap-2">
        {state === 'can_join' && (
          <Button onClick={() => run(join)} loading={join.isPending}>
            {t('panel.join')}
          </Button>
        )}
        {state === 'waiting' && (
          <Button variant="outline" onClick={() => run(leave)} loading={leave.isPending}>
            {t('panel.leave')}
          </Button>
        )}
        {state === 'guest' && (
          <Button variant="outline" onClick={() => navigate(signInPath(paths.book(waitlist.bookId)))}>
            {t('panel.signIn')}
          </Button>
        )}
      </div>
      <ErrorBanner className="mt-3">{error}</ErrorBanner>
      {/* Waiting for a hold that lasts 48 hours is when push matters. */}
      {state === 'waiting' && <PushOffer className="mt-3" />}
    </section>
  );
}
