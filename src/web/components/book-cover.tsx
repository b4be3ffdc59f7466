import { useTranslation } from 'react-i18next';
import type { Availability, BookSummary } from '@domain/api-types';
import { cn } from '@web/components/ui/cn';
import { formatShortDay } from '@web/lib/format';

const OVERLAY_KEY: Record<Exclude<Availability, 'available'>, string> = {
  away: 'card.away',
  borrowed: 'card.borrowed',
  reserved: 'card.reserved',
  unavailable: 'card.outOfStock',
};

const VARIANTS = {
  // Cards load the small WebP lazily; the detail page shows the large one at once.
  card: { width: 320, height: 480, lazy: true, overlayText: 'text-sm' },
  detail: { width: 640, height: 960, lazy: false, overlayText: 'text-lg' },
} as const;

/** The cover at a fixed 2:3 ratio, with 'Borrowed', 'Reserved' or 'Out of Stock' over it when it can't be borrowed. */
export function BookCover({
  book,
  variant,
  imageClassName,
  priority = variant === 'detail',
}: {
  book: BookSummary;
  variant: keyof typeof VARIANTS;
  imageClassName?: string;
  /** The page's first cover (its likely LCP): fetched at once, ahead of the rest. */
  priority?: boolean;
}) {
  const { t } = useTranslation('catalog');
  const v = VARIANTS[variant];
  return (
    <>
      <img
        src={book.cover[variant]}
        alt={t('card.coverAlt', { title: book.title })}
        loading={v.lazy && !priority ? 'lazy' : undefined}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        width={v.width}
        height={v.height}
        className={cn('size-full object-cover', imageClassName)}
      />
      {book.availability !== 'available' && (
        <span
          className={cn(
            'absolute inset-0 flex items-center justify-center bg-stone-900/55 font-semibold tracking-wide text-white uppercase',
            v.overlayText,
          )}
        >
          {t(OVERLAY_KEY[book.availability], { date: book.backOn ? formatShortDay(book.backOn) : '' })}
        </span>
      )}
    </>
  );
}
