import { MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BookSummary } from '@domain/api-types';
import { formatMoney } from '@domain/money';
import { Badge } from '@web/components/ui/badge';
import { AddToCartButton } from './add-to-cart-button';
import { AvailabilityBadge } from './availability-badge';
import { BookCover } from './book-cover';
import { paths } from '@web/lib/paths';

/** A card's title (the link to the book's page) and author, on every card of a book. */
export function BookCardTitle({ book }: { book: Pick<BookSummary, 'id' | 'title' | 'author'> }) {
  return (
    <>
      <Link to={paths.book(book.id)} className="focus-visible:outline-2 focus-visible:outline-brand-600">
        <h3 className="line-clamp-2 text-sm leading-snug font-semibold text-stone-900 hover:text-brand-700">
          {book.title}
        </h3>
      </Link>
      <p className="line-clamp-1 text-xs text-stone-500">{book.author}</p>
    </>
  );
}

/** The book card of every listing: cover, badges, title, author, area, weekly price and the add button. */
function BookCard({ book, priority = false }: { book: BookSummary; priority?: boolean }) {
  const { t } = useTranslation('catalog');
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-xs transition-shadow hover:shadow-md">
      <Link to={paths.book(book.id)} className="relative block aspect-[2/3] overflow-hidden bg-stone-100">
        <BookCover
          book={book}
          variant="card"
          priority={priority}
          imageClassName="transition-transform duration-300 group-hover:scale-[1.03]"
        />
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-3">
        {/* Badges are read whole: on the narrowest cards they wrap to a second line rather than
            lose letters. Listings hold only books that can be borrowed now, so 'Available' goes
            without saying; a card elsewhere says when a book is not. */}
        <div className="flex flex-wrap gap-1">
          <Badge tone="blue">{t(`common:enums.language.${book.language}`)}</Badge>
          <Badge tone="violet">{t(`common:enums.condition.${book.condition}`)}</Badge>
          {book.availability !== 'available' && (
            <AvailabilityBadge availability={book.availability} backOn={book.backOn} />
          )}
        </div>
        <BookCardTitle book={book} />
        {book.area && (
          <p className="flex min-w-0 items-center gap-1 text-xs text-stone-600">
            <MapPin className="size-3.5 shrink-0 text-stone-400" aria-hidden />
            <span className="sr-only">{t('card.area')} </span>
            <span className="truncate" data-testid="book-area">
              {book.area}
            </span>
          </p>
        )}
        {/* Price on its own line: at five columns "Rp 25.000 per week" and the button don't fit side by side. */}
        <div className="mt-auto space-y-2 pt-1">
          <p className="text-sm leading-tight whitespace-nowrap">
            <span className="font-bold text-stone-900">{formatMoney(book.weeklyPrice)}</span>{' '}
            <span className="text-xs text-stone-500">{t('card.perWeek')}</span>
          </p>
          {book.salePrice && (
            <p className="text-xs font-medium text-violet-800" data-testid="for-sale">
              {t('card.forSale', { price: formatMoney(book.salePrice) })}
            </p>
          )}
          <AddToCartButton book={book} />
        </div>
      </div>
    </article>
  );
}

const GRID = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5';

/** The card grid: 2 columns on small screens up to 5 on extra-large. */
export function BookGrid({ books }: { books: BookSummary[] }) {
  return (
    <div className={GRID}>
      {books.map((book, i) => (
        <BookCard key={book.id} book={book} priority={i === 0} />
      ))}
    </div>
  );
}

/** The grid while its books load: grey cards of the real cards' shape, announced as loading. */
export function BookGridSkeleton({ label, count = 10 }: { label: string; count?: number }) {
  return (
    <div role="status" aria-label={label} aria-busy="true" className={GRID}>
      {Array.from({ length: count }, (_, i) => (
        <div
          key={i}
          aria-hidden
          className="flex animate-pulse flex-col overflow-hidden rounded-xl border border-stone-200 bg-white"
        >
          <div className="aspect-[2/3] bg-stone-200" />
          <div className="flex flex-col gap-2 p-3">
            <div className="flex gap-1">
              <div className="h-5 w-14 rounded-full bg-stone-100" />
              <div className="h-5 w-12 rounded-full bg-stone-100" />
            </div>
            <div className="h-4 w-11/12 rounded bg-stone-200" />
            <div className="h-4 w-2/3 rounded bg-stone-200" />
            <div className="h-3 w-1/2 rounded bg-stone-100" />
            <div className="h-3 w-2/5 rounded bg-stone-100" />
            <div className="mt-1 h-4 w-3/5 rounded bg-stone-200" />
            <div className="h-8 w-16 rounded-lg bg-stone-100" />
          </div>
        </div>
      ))}
      <span className="sr-only">{label}</span>
    </div>
  );
}
