import { useTranslation } from 'react-i18next';
import { orderNumber } from '@domain/order-number';
import { MessageText } from '@web/components/conversation';
import { CursorPager } from '@web/components/cursor-pager';
import { useCursorParam } from '@web/lib/cursor-param';
import { Stars } from '@web/components/member-reputation';
import { Button } from '@web/components/ui/button';
import { EmptyState, ErrorBanner, LoadingState } from '@web/components/ui/feedback';
import { useAdminReviews, useHideReview } from '@web/features/reviews/api';
import { formatOrderDateTime } from '@web/lib/format';

/** Every review, newest first; Hide keeps an abusive one, shown here as hidden. */
export function ReviewsTab() {
  const { t } = useTranslation('reviews');
  const [cursor, setCursor] = useCursorParam();
  const list = useAdminReviews(cursor);
  const hide = useHideReview();
  if (list.isPending) return <LoadingState label={t('admin.title')} />;
  if (list.isError) return <ErrorBanner>{list.error.message}</ErrorBanner>;
  return (
    <div className="space-y-3">
      <p className="text-sm text-stone-600">{t('admin.intro')}</p>
      {hide.error && <ErrorBanner>{hide.error.message}</ErrorBanner>}
      {list.data.items.length === 0 ? (
        <EmptyState title={t('admin.empty')} />
      ) : (
        <ul className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
          {list.data.items.map((review) => (
            <li
              key={review.id}
              className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between"
              data-testid="admin-review"
            >
              <div className="min-w-0">
                <p className="text-sm font-medium text-stone-900">
                  {t('admin.by', { author: review.authorName, subject: review.subjectName })}
                </p>
                <p className="text-xs text-stone-500">
                  {t('admin.order', { number: orderNumber(review.orderId) })} ·{' '}
                  {formatOrderDateTime(review.createdAt)}
                  {review.publishedAt === null && ` · ${t('admin.unpublished')}`}
                </p>
                <div className="mt-1 flex items-center gap-2">
                  <Stars rating={review.rating} />
                  {review.hidden && <span className="text-xs font-semibold text-red-700">{t('hidden')}</span>}
                </div>
                {review.body && (
                  <div className="mt-1 text-sm text-stone-800">
                    <MessageText text={review.body} />
                  </div>
                )}
              </div>
              {!review.hidden && (
                <Button
                  variant="outline"
                  size="sm"
                  loading={hide.isPending && hide.variables === review.id}
                  onClick={() => hide.mutate(review.id)}
                >
                  {t('admin.hide')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {list.data.items.length > 0 && (
        <CursorPager page={list.data} onCursor={setCursor} testId="reviews-pager" />
      )}
    </div>
  );
}
