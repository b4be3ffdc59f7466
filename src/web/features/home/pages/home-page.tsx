import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Baby, BookHeart, Search, ShoppingBag, Sparkles, Truck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CATEGORIES, HOME_LATEST_LIMIT } from '@domain/constants';
import { Container } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/feedback';
import { QueryState } from '@web/components/query-state';
import { useSession } from '@web/lib/session';
import { BookGrid, BookGridSkeleton } from '@web/components/book-card';
import { SearchBox } from '@web/components/search-box';
import { latestBooksQuery } from '@web/features/home/api';
import { paths } from '@web/lib/paths';

const CATEGORY_STYLE = {
  Children: { icon: Baby, className: 'bg-amber-50 text-amber-900 ring-amber-200 hover:bg-amber-100' },
  Teen: { icon: Sparkles, className: 'bg-sky-50 text-sky-900 ring-sky-200 hover:bg-sky-100' },
  Adult: { icon: BookHeart, className: 'bg-rose-50 text-rose-900 ring-rose-200 hover:bg-rose-100' },
} as const;

const STEPS = [
  { key: 'browse', icon: Search },
  { key: 'cart', icon: ShoppingBag },
  { key: 'checkout', icon: Truck },
] as const;

export default function HomePage() {
  const { t } = useTranslation('home');
  const { user, isLoading: sessionLoading } = useSession();
  const latest = useQuery(latestBooksQuery);

  return (
    <>
      <title>{t('common:homeTitle')}</title>
      <section className="bg-gradient-to-b from-brand-50 to-stone-50">
        <Container className="py-14 text-center sm:py-20">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t('hero.eyebrow')}</p>
          <h1 className="mx-auto mt-3 max-w-3xl text-4xl font-bold tracking-tight text-stone-900 sm:text-5xl">
            {t('hero.title')}
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-stone-600">{t('hero.text')}</p>
          <SearchBox size="lg" className="mx-auto mt-8 max-w-2xl" />
        </Container>
      </section>

      <Container className="py-10">
        <h2 className="sr-only">{t('categories.title')}</h2>
        <div className="grid gap-3 sm:grid-cols-3">
          {CATEGORIES.map((category) => {
            const { icon: Icon, className } = CATEGORY_STYLE[category];
            return (
              <Link
                key={category}
                to={paths.category(category)}
                className={`flex items-center gap-4 rounded-2xl p-5 ring-1 transition-colors ${className}`}
              >
                <Icon className="size-8 shrink-0" aria-hidden />
                <span>
                  <span className="block text-lg font-semibold">{t(`categories.${category}`)}</span>
                  <span className="block text-sm opacity-80">{t(`categories.${category}Text`)}</span>
                </span>
              </Link>
            );
          })}
        </div>
      </Container>

      <section aria-labelledby="latest-books">
        <Container className="py-6">
          <div className="mb-5 flex items-end justify-between gap-4">
            <h2 id="latest-books" className="text-2xl font-bold tracking-tight text-stone-900">
              {t('latest.title')}
            </h2>
            <Link
              to="/books"
              className="flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-800"
            >
              {t('latest.viewAll')}
              <ArrowRight className="size-4" aria-hidden />
            </Link>
          </div>
          <QueryState
            query={latest}
            loading={<BookGridSkeleton label={t('latest.loading')} count={HOME_LATEST_LIMIT} />}
            failed={t('latest.error')}
            isEmpty={(data) => data.items.length === 0}
            empty={<EmptyState title={t('latest.empty')} />}
          >
            {(data) => <BookGrid books={data.items} />}
          </QueryState>
        </Container>
      </section>

      <section className="mt-10 bg-white py-14">
        <Container>
          <h2 className="text-center text-2xl font-bold tracking-tight text-stone-900">{t('steps.title')}</h2>
          <ol className="mt-10 grid gap-8 sm:grid-cols-3">
            {STEPS.map(({ key, icon: Icon }, index) => (
              <li key={key} className="flex flex-col items-center text-center">
                <span className="relative flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
                  <Icon className="size-7" aria-hidden />
                  <span className="absolute -top-2 -right-2 flex size-6 items-center justify-center rounded-full bg-brand-700 text-xs font-bold text-white">
                    {index + 1}
                  </span>
                </span>
                <h3 className="mt-4 text-lg font-semibold text-stone-900">{t(`steps.${key}`)}</h3>
                <p className="mt-1 max-w-xs text-sm text-stone-600">{t(`steps.${key}Text`)}</p>
              </li>
            ))}
          </ol>
          <p className="mt-8 text-center">
            <Link to="/how-it-works" className="text-sm font-semibold text-brand-700 hover:text-brand-800">
              {t('steps.more')}
            </Link>
          </p>
        </Container>
      </section>

      {/* The invitation to share closes the page for guests (sign up) and members (list a book):
          a signed-in home never ends in an empty band before the footer. */}
      {!sessionLoading && (
        <Container className="pt-14">
          <div className="flex flex-col items-start gap-6 rounded-3xl bg-brand-800 p-8 text-white sm:flex-row sm:items-center sm:justify-between sm:p-10">
            <div>
              <h2 className="text-2xl font-bold">{t('share.title')}</h2>
              <p className="mt-2 max-w-xl text-brand-100">{t('share.text')}</p>
            </div>
            <div className="flex flex-wrap gap-3">
              <Link
                to={user ? '/books/new' : '/signup'}
                className="inline-flex h-12 items-center rounded-lg bg-white px-6 font-semibold text-brand-800 hover:bg-brand-50"
              >
                {user ? t('share.listBook') : t('share.signUp')}
              </Link>
              <Link
                to="/sell-books"
                className="inline-flex h-12 items-center rounded-lg border border-brand-500 px-6 font-semibold text-white hover:bg-brand-700"
              >
                {t('share.learnMore')}
              </Link>
            </div>
          </div>
        </Container>
      )}
    </>
  );
}
