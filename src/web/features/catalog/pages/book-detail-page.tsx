import { useQuery } from '@tanstack/react-query';
import { BookX, CalendarDays, ChevronRight, MapPin, MessageCircle, Pencil } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { BookDetail } from '@domain/api-types';
import { formatMoney } from '@domain/money';
import { effectiveMonthlyPrice, monthlySavingMinor } from '@domain/pricing';
import { Button, ButtonLink } from '@web/components/ui/button';
import { Card, Container } from '@web/components/ui/card';
import { ErrorBanner, LoadingState } from '@web/components/ui/feedback';
import { useMarkSold } from '@web/features/books/api';
import { ApiError } from '@web/lib/api';
import { useSession } from '@web/lib/session';
import { AddToCartButton } from '@web/components/add-to-cart-button';
import { bookDetailQuery, moreFromOwnerQuery } from '@web/features/catalog/api';
import { AvailabilityBadge } from '@web/components/availability-badge';
import { BookGrid } from '@web/components/book-card';
import { BookGallery } from '@web/features/catalog/components/book-gallery';
import { LoadFailure } from '@web/features/catalog/components/load-failure';
import { OwnerAvatar } from '@web/features/catalog/components/owner-avatar';
import { PickupPoints } from '@web/features/catalog/components/pickup-points';
import { WaitlistPanel } from '@web/features/catalog/components/waitlist-panel';
import { WantButton } from '@web/components/want-button';
import { bookWaitlistQuery } from '@web/features/waitlist/api';
import { formatCount, formatDay, formatMonthYear } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { MemberReputation } from '@web/components/member-reputation';

export default function BookDetailPage() {
  const { t } = useTranslation('catalog');
  const { bookId = '' } = useParams();
  const query = useQuery(bookDetailQuery(bookId));

  if (query.isPending) {
    return <LoadingState label={t('detail.loading')} />;
  }
  if (query.isError) {
    const sold = query.error instanceof ApiError && query.error.code === 'BOOK_SOLD';
    return (
      <LoadFailure
        error={query.error}
        icon={<BookX className="size-10" aria-hidden />}
        notFoundTitle={sold ? t('detail.sold') : t('detail.notFound')}
        notFoundDescription={sold ? t('detail.soldDescription') : t('detail.notFoundDescription')}
        failedMessage={t('detail.failed')}
      />
    );
  }
  return <BookDetailView book={query.data} />;
}

function BookDetailView({ book: shown }: { book: BookDetail }) {
  const { t } = useTranslation('catalog');
  const { user, isAdmin } = useSession();
  const isOwner = user?.id === shown.ownerId;
  const saving = monthlySavingMinor(shown);
  // A book out on loan or held has a waitlist; a book held for this viewer is theirs to add.
  // A book whose owner is away has no queue of its own; it waits for the owner.
  const waitlist = useQuery({
    ...bookWaitlistQuery(shown.id),
    enabled: shown.availability !== 'available' && shown.availability !== 'away',
  });
  const heldForMe = waitlist.data?.state === 'held';
  const book: BookDetail = heldForMe ? { ...shown, availability: 'available' } : shown;

  return (
    <Container className="py-6 sm:py-10">
      <title>{t('pageTitle', { title: book.title })}</title>
      <nav
        aria-label={t('detail.breadcrumb')}
        className="mb-6 flex items-center gap-1 text-sm text-stone-500"
      >
        <Link to="/books" className="hover:text-brand-700">
          {t('allBooks.title')}
        </Link>
        <ChevronRight className="size-4" aria-hidden />
        <Link to={paths.category(book.category)} className="hover:text-brand-700">
          {t(`category.${book.category.toLowerCase()}.title`)}
        </Link>
      </nav>

      <div className="grid gap-8 md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] lg:gap-12">
        <div className="mx-auto w-full max-w-60 sm:max-w-xs md:max-w-none">
          <BookGallery book={book} />
        </div>

        <div className="min-w-0">
          {/* Category, condition and language are the tiles below: one place each, no repeat badges. */}
          <AvailabilityBadge availability={book.availability} backOn={book.backOn} />
          <h1 className="mt-3 text-3xl leading-tight font-bold tracking-tight text-stone-900 sm:text-4xl">
            {book.title}
          </h1>
          <p className="mt-1 text-lg text-stone-600">{t('detail.by', { author: book.author })}</p>

          <dl className="mt-5 grid max-w-md grid-cols-3 gap-3 text-sm">
            {(['category', 'condition', 'language'] as const).map((field) => (
              <div key={field} className="rounded-lg bg-stone-100 px-3 py-2">
                <dt className="text-xs text-stone-600">{t(`detail.${field}`)}</dt>
                <dd className="font-medium text-stone-900">{t(`common:enums.${field}.${book[field]}`)}</dd>
              </div>
            ))}
          </dl>

          <Card className="mt-6 max-w-md">
            <div className="flex flex-wrap items-baseline gap-x-6 gap-y-2">
              {/* On a phone the weekly price is in the bar at the bottom, with Add. */}
              <p className="hidden md:block">
                <span className="text-2xl font-bold text-stone-900">{formatMoney(book.weeklyPrice)}</span>{' '}
                <span className="text-sm text-stone-500">{t('detail.perWeek')}</span>
              </p>
              <p>
                <span className="text-lg font-semibold text-stone-800">
                  {formatMoney(effectiveMonthlyPrice(book))}
                </span>{' '}
                <span className="text-sm text-stone-500">{t('detail.perMonth')}</span>
              </p>
            </div>
            {book.salePrice && (
              <SaleLine book={book} canAsk={!!user && !isOwner} canSell={isOwner || isAdmin} />
            )}
            {saving > 0 ? (
              <p className="mt-2 text-sm font-medium text-green-700">
                {t('detail.monthlySaving', { amount: formatMoney(saving / 100) })}
              </p>
            ) : (
              <p className="mt-2 text-xs text-stone-500">{t('detail.monthlyDefault')}</p>
            )}
            {isOwner ? (
              <div className="mt-5 flex flex-wrap items-center gap-3">
                <span className="inline-flex h-10 items-center rounded-lg bg-brand-50 px-4 text-sm font-semibold text-brand-800">
                  {t('detail.yourBook')}
                </span>
                <span className="hidden md:inline-flex">
                  <EditBookLink bookId={book.id} />
                </span>
              </div>
            ) : (
              <>
                {/* On a phone, Add is in the bar at the bottom of the screen. */}
                <div className="mt-5 hidden md:block">
                  <AddToCartButton book={book} size="lg" />
                </div>
                {book.availability === 'away' && book.backOn ? (
                  <p className="mt-3 text-sm text-stone-600">
                    {t('detail.ownerAway', { date: formatDay(book.backOn) })}
                  </p>
                ) : (
                  book.availability !== 'available' && (
                    <p className="mt-3 text-sm text-stone-600">{t('detail.notBorrowable')}</p>
                  )
                )}
              </>
            )}
            {waitlist.data && <WaitlistPanel waitlist={waitlist.data} />}
            {/* Any copy will do; the member hears when one can be borrowed. */}
            {!isOwner && book.availability !== 'available' && (
              <div className="mt-4 flex justify-start">
                <WantButton
                  wanted={{ title: book.title, author: book.author, isbn: book.isbn ?? undefined }}
                  name={book.title}
                  label={t('find:wanted.tellMeCopy')}
                />
              </div>
            )}
          </Card>

          <section className="mt-8 max-w-2xl">
            <h2 className="text-lg font-semibold text-stone-900">{t('detail.summary')}</h2>
            <p className="mt-2 leading-relaxed whitespace-pre-line text-stone-700">
              {book.summary || t('detail.noSummary')}
            </p>
          </section>

          <OwnerCard book={book} canAsk={!!user && !isOwner} />
        </div>
      </div>

      <MoreFromOwner book={book} />
      <PhoneActionBar book={book} isOwner={isOwner} />
    </Container>
  );
}

function EditBookLink({ bookId }: { bookId: string }) {
  const { t } = useTranslation('catalog');
  return (
    <ButtonLink to={paths.editBook(bookId)} variant="outline">
      <Pencil className="size-4" aria-hidden />
      {t('detail.editBook')}
    </ButtonLink>
  );
}

/**
 * Phones: the weekly price and Add (or Edit for the owner) in a bar fixed to the bottom of the
 * screen, so borrowing never needs a scroll. The body keeps room for it under the footer.
 */
function PhoneActionBar({ book, isOwner }: { book: BookDetail; isOwner: boolean }) {
  const { t } = useTranslation('catalog');
  useEffect(() => {
    document.body.classList.add('has-bottom-bar');
    return () => document.body.classList.remove('has-bottom-bar');
  }, []);
  return (
    <div
      data-testid="book-action-bar"
      className="fixed inset-x-0 bottom-0 z-20 border-t border-stone-200 bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgb(0_0_0/0.06)] backdrop-blur md:hidden"
    >
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-3">
        <p className="min-w-0">
          <span className="text-xl font-bold text-stone-900">{formatMoney(book.weeklyPrice)}</span>{' '}
          <span className="text-sm text-stone-500">{t('detail.perWeek')}</span>
        </p>
        {isOwner ? <EditBookLink bookId={book.id} /> : <AddToCartButton book={book} size="lg" />}
      </div>
    </div>
  );
}

/** The sale price; members ask to buy in the book's conversation, the owner or an admin marks it Sold. */
function SaleLine({ book, canAsk, canSell }: { book: BookDetail; canAsk: boolean; canSell: boolean }) {
  const { t } = useTranslation('catalog');
  const navigate = useNavigate();
  const markSold = useMarkSold();
  const [confirming, setConfirming] = useState(false);
  const price = formatMoney(book.salePrice ?? '0');
  const offer = t('detail.buyOffer', { owner: book.owner.name, title: book.title, price });
  return (
    <div className="mt-4 border-t border-stone-200 pt-4" data-testid="sale">
      <p className="text-base font-semibold text-violet-800">{t('card.forSale', { price })}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        {canAsk && (
          <ButtonLink to={`${paths.askOwner(book.id)}?text=${encodeURIComponent(offer)}`} variant="outline">
            {t('messages:ask.buy')}
          </ButtonLink>
        )}
        {canSell &&
          (confirming ? (
            <>
              <Button
                variant="danger"
                loading={markSold.isPending}
                // The promise, not a per-call callback: the page refetches the sold book (now 404) and
                // may unmount this button before the mutation's own callbacks would run.
                onClick={() =>
                  markSold.mutateAsync(book.id).then(
                    () => navigate('/books/manage'),
                    () => {},
                  )
                }
              >
                {t('detail.confirmSold')}
              </Button>
              <Button variant="ghost" onClick={() => setConfirming(false)}>
                {t('detail.keep')}
              </Button>
            </>
          ) : (
            <Button variant="outline" onClick={() => setConfirming(true)}>
              {t('detail.markSold')}
            </Button>
          ))}
      </div>
      {confirming && <p className="mt-2 text-sm text-stone-600">{t('detail.soldNote')}</p>}
      {markSold.error && <ErrorBanner className="mt-3">{markSold.error.message}</ErrorBanner>}
    </div>
  );
}

function OwnerCard({ book, canAsk }: { book: BookDetail; canAsk: boolean }) {
  const { t } = useTranslation('catalog');
  const { owner } = book;
  return (
    <section aria-labelledby="owner-heading" className="mt-8 max-w-md">
      <h2 id="owner-heading" className="mb-3 text-lg font-semibold text-stone-900">
        {t('detail.owner')}
      </h2>
      <Link
        to={paths.owner(owner.id)}
        className="flex items-center gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-xs transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <OwnerAvatar name={owner.name} image={owner.image} />
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-stone-900">{owner.name}</p>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-stone-500">
            {owner.location && (
              <span className="inline-flex items-center gap-1">
                <MapPin className="size-3.5" aria-hidden />
                {owner.location}
              </span>
            )}
            <span className="inline-flex items-center gap-1">
              <CalendarDays className="size-3.5" aria-hidden />
              {t('owner.memberSince', { date: formatMonthYear(owner.memberSince) })}
            </span>
          </p>
          {/* While the owner is away none of their books can be borrowed: say when they can. */}
          <p className="mt-1 text-xs font-medium text-brand-700">
            {owner.backOn
              ? t('owner.awayUntil', { date: formatDay(owner.backOn) })
              : owner.availableBooksCapped
                ? t('owner.availableBooksCapped', { total: formatCount(owner.availableBooks) })
                : t('owner.availableBooks', { count: owner.availableBooks })}
          </p>
          <PickupPoints names={owner.pickupPoints} className="mt-1 text-xs text-stone-600" />
          <MemberReputation memberId={owner.id} loans className="mt-1 text-xs" />
        </div>
        <span className="hidden text-sm font-medium text-brand-700 sm:inline">{t('detail.viewShelf')}</span>
        <ChevronRight className="size-5 text-stone-400" aria-hidden />
      </Link>
      {/* A signed-in member asks the owner about this book (not about their own). */}
      {canAsk && (
        <ButtonLink to={paths.askOwner(book.id)} variant="outline" className="mt-3">
          <MessageCircle className="size-4" aria-hidden />
          {t('messages:ask.button')}
        </ButtonLink>
      )}
    </section>
  );
}

function MoreFromOwner({ book }: { book: BookDetail }) {
  const { t } = useTranslation('catalog');
  const query = useQuery(moreFromOwnerQuery(book.id));
  // A side list: if it fails or is empty, the page is still complete without it.
  if (!query.data || query.data.items.length === 0) return null;
  return (
    <section aria-labelledby="more-heading" className="mt-14 border-t border-stone-200 pt-8">
      <div className="mb-5 flex items-end justify-between gap-3">
        <h2 id="more-heading" className="text-xl font-bold text-stone-900">
          {t('detail.moreFrom', { name: book.owner.name })}
        </h2>
        <Link
          to={paths.owner(book.owner.id)}
          className="text-sm font-medium whitespace-nowrap text-brand-700 hover:underline"
        >
          {t('detail.viewAll')}
        </Link>
      </div>
      <BookGrid books={query.data.items} />
    </section>
  );
}
