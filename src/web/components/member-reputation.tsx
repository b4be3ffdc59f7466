import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@web/components/ui/cn';
import { useReputation } from '@web/features/reviews/api';

/** Stars as text for screen readers and as icons for the eye. */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  const { t } = useTranslation('reviews');
  return (
    <span
      className={cn('inline-flex items-center', className)}
      role="img"
      aria-label={t('stars', { count: rating })}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden
          className={cn(
            'size-4',
            n <= Math.round(rating) ? 'fill-amber-400 text-amber-400' : 'text-stone-300',
          )}
        />
      ))}
    </span>
  );
}

/**
 * A member's card line: average and count of the published reviews about them, or "No
 * reviews yet"; with `loans`, the loans they completed and the share returned on time.
 */
export function MemberReputation({
  memberId,
  loans = false,
  className,
}: {
  memberId: string;
  loans?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('reviews');
  const { data } = useReputation(memberId);
  if (!data) return null;
  return (
    <div
      className={cn('flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-600', className)}
      data-testid="reputation"
    >
      {data.average === null ? (
        <span>{t('noReviews')}</span>
      ) : (
        <span className="inline-flex items-center gap-1.5">
          <Stars rating={data.average} />
          <span className="font-semibold text-stone-900">{data.average.toFixed(1)}</span>
          <span>{t('reviewCount', { count: data.count })}</span>
        </span>
      )}
      {loans && (
        <span>
          {t('loansCompleted', { count: data.loansCompleted })}
          {data.onTimeShare !== null && ` · ${t('onTime', { percent: Math.round(data.onTimeShare * 100) })}`}
        </span>
      )}
    </div>
  );
}
