import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BookSummary } from '../../../../domain/api-types';
import { formatMoney } from '../../../../domain/money';
import { Badge } from '../../../components/ui/badge';
import { AddToCartButton } from '../../cart/components/add-to-cart-button';
import { AvailabilityBadge } from './availability-badge';
import { BookCover } from './book-cover';

/** The book card of every listing: cover, badges, title, author, weekly price and the add button. */
export function BookCard({ book }: { book: BookSummary }) {
  const { t } = useTranslation('catalog');
  return (
    <article className="group flex flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-xs transition-shadow hover:shadow-md">
      <Link to={`/books/${book.id}`} className="relative block aspect-[2/3] overflow-hidden bg-stone-100">
        <BookCover
          book={book}
          variant="card"
          imageClassName="transition-transform duration-300 group-hover:scale-[1.03]"
        />
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <div className="flex flex-wrap gap-1">
          <Badge tone="blue">{book.language}</Badge>
          <Badge tone="violet">{book.condition}</Badge>
          <AvailabilityBadge availability={book.availability} />
        </div>
        <Link to={`/books/${book.id}`} className="focus-visible:outline-2 focus-visible:outline-brand-600">
          <h3 className="line-clamp-2 text-sm leading-snug font-semibold text-stone-900 hover:text-brand-700">
            {book.title}
          </h3>
        </Link>
        <p className="line-clamp-1 text-xs text-stone-500">{book.author}</p>
        {/* Price on its own line: at five columns "Rp 25.000 per week" and the button don't fit side by side. */}
        <div className="mt-auto space-y-2 pt-1">
          <p className="text-sm leading-tight whitespace-nowrap">
            <span className="font-bold text-stone-900">{formatMoney(book.weeklyPrice)}</span>{' '}
            <span className="text-xs text-stone-500">{t('card.perWeek')}</span>
          </p>
          <AddToCartButton book={book} />
        </div>
      </div>
    </article>
  );
}

/** The card grid: 2 columns on small screens up to 5 on extra-large. */
export function BookGrid({ books }: { books: BookSummary[] }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
      {books.map((book) => (
        <BookCard key={book.id} book={book} />
      ))}
    </div>
  );
}
