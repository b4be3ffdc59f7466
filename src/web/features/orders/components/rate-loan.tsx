import { Star } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@domain/order-types';
import { REVIEW_TEXT_MAX, type ReviewView } from '@domain/review';
import { MessageText } from '@web/components/conversation';
import { Stars } from '@web/components/member-reputation';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/components/ui/cn';
import { ErrorBanner } from '@web/components/ui/feedback';
import { Textarea } from '@web/components/ui/field';
import { useOrderReviews, useWriteReview } from '@web/features/reviews/api';

/** On the order page: "Rate this loan" after Completed, then the two reviews as published. */
export function RateLoan({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('reviews');
  const reviews = useOrderReviews(order.id);
  const data = reviews.data;
  if (!data) return null;
  const borrower = data.side === 'borrower';
  const other = borrower ? order.ownerName : order.userName;
  if (data.side === null) {
    // An admin: both reviews, published or not, hidden ones marked.
    return (
      <div className="space-y-4">
        <ReviewBlock title={t('adminBorrower', { name: order.userName })} review={data.mine} />
        <ReviewBlock title={t('adminOwner', { name: order.ownerName })} review={data.theirs} />
      </div>
    );
  }
  return (
    <div className="space-y-5">
      {data.canReview && <ReviewForm orderId={order.id} other={other} />}
      {data.mine && (
        <ReviewBlock
          title={t('mine', { name: other })}
          review={data.mine}
          note={data.mine.publishedAt === null ? t('waitingMine', { name: other }) : undefined}
        />
      )}
      {data.theirs && <ReviewBlock title={t('theirs', { name: other })} review={data.theirs} />}
      {data.theirsWaiting && <p className="text-sm text-stone-600">{t('theirsWaiting', { name: other })}</p>}
    </div>
  );
}

function ReviewBlock({ title, review, note }: { title: string; review: ReviewView | null; note?: string }) {
  const { t } = useTranslation('reviews');
  return (
    <div className="rounded-xl border border-stone-200 bg-stone-50 p-4" data-testid="review">
      <p className="text-sm font-semibold text-stone-900">{title}</p>
      {review ? (
        <>
          <div className="mt-1 flex items-center gap-2">
            <Stars rating={review.rating} />
            {review.hidden && <span className="text-xs font-semibold text-red-700">{t('hidden')}</span>}
          </div>
          {review.body && (
            <div className="mt-2 text-sm text-stone-800">
              <MessageText text={review.body} />
            </div>
          )}
          {note && <p className="mt-2 text-xs text-stone-500">{note}</p>}
        </>
      ) : (
        <p className="mt-1 text-sm text-stone-500">{t('notYet')}</p>
      )}
    </div>
  );
}

function ReviewForm({ orderId, other }: { orderId: string; other: string }) {
  const { t } = useTranslation('reviews');
  const id = useId();
  const write = useWriteReview(orderId);
  const [rating, setRating] = useState(0);
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const length = body.trim().length;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (rating < 1) return setProblem(t('rate.ratingRequired'));
    if (length > REVIEW_TEXT_MAX) return setProblem(t('rate.tooLong'));
    setProblem(null);
    write.mutate({ rating, body: body.trim() || undefined });
  }

  return (
    // The section around it is headed "Rate this loan"; the form carries the same name.
    <form onSubmit={submit} noValidate className="space-y-3" aria-label={t('rate.title')}>
      <p className="text-sm text-stone-600">{t('rate.intro', { name: other })}</p>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-stone-800">{t('rate.rating')}</legend>
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className="cursor-pointer rounded-md p-1 focus-within:outline-2 focus-within:outline-brand-600"
            >
              <input
                type="radio"
                name={`${id}-rating`}
                value={n}
                checked={rating === n}
                onChange={() => setRating(n)}
                className="sr-only"
                aria-label={t('rate.star', { count: n })}
              />
              <Star
                aria-hidden
                className={cn(
                  'size-8',
                  n <= rating ? 'fill-amber-400 text-amber-400' : 'text-stone-300 hover:text-amber-300',
                )}
              />
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`${id}-text`} className="mb-1 block text-sm font-medium text-stone-800">
          {t('rate.text')}
        </label>
        <Textarea id={`${id}-text`} rows={3} value={body} onChange={(e) => setBody(e.target.value)} />
        <p className={cn('mt-1 text-xs', length > REVIEW_TEXT_MAX ? 'text-red-700' : 'text-stone-500')}>
          {t('rate.count', { count: length })}
        </p>
      </div>
      {(problem || write.error) && <ErrorBanner>{problem ?? write.error?.message}</ErrorBanner>}
      <Button type="submit" loading={write.isPending}>
        {t('rate.submit')}
      </Button>
    </form>
  );
}
