import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { BookX, SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookPage, BookQuery } from '@domain/api-types';
import type { BorrowedSection as Borrowed } from '@domain/find-types';
import { type Category, MIN_SEARCH_LENGTH } from '@domain/constants';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/components/ui/cn';
import { EmptyState, ErrorBanner, LoadErrorBanner } from '@web/components/ui/feedback';
import { type CatalogParams, toBookQuery } from '@domain/catalog-params';
import { ApiError, errorMessage } from '@web/lib/api';
import { hasFiltersIn, useCatalogParams } from '@web/lib/catalog-url';
import { BookGrid, BookGridSkeleton } from '@web/components/book-card';
import { catalogAreasQuery } from '@web/features/catalog/api';
import { CatalogFilters } from './catalog-filters';
import { Pagination } from '@web/components/pagination';
import { SortSelect } from './sort-select';
import { BorrowedSection } from './borrowed-section';
import { WantButton } from '@web/components/want-button';
import { looksLikeIsbn } from '@domain/isbn';
import { DidYouMean } from './did-you-mean';

/**
 * Filters, sort, count, states, grid and pagination of a listing (All Books, a category, an
 * owner's shelf). The URL is the only state; `queryFor` says which endpoint serves it.
 */
export function CatalogBrowser({
  category,
  queryFor,
  byArea = true,
  borrowedFor,
  shelf = false,
}: {
  category?: Category;
  queryFor: (query: BookQuery) => UseQueryOptions<BookPage, Error, BookPage, QueryKey>;
  /**
   * The books out now for these words (null: no section), listed below the results; a
   * search that finds little also offers "Did you mean".
   */
  borrowedFor: (q: string | undefined) => UseQueryOptions<Borrowed, Error, Borrowed, QueryKey> | null;
  /** An owner's shelf: its borrowed section shows without words too. */
  shelf?: boolean;
  /** Whether the listing offers the area filter: not on a shelf, where every book is in one area. */
  byArea?: boolean;
}) {
  const { t } = useTranslation('catalog');
  const catalog = useCatalogParams();
  const { update, clearFilters } = catalog;
  const params = byArea ? catalog.params : { ...catalog.params, area: undefined };
  const hasFilters = hasFiltersIn(params);
  const areas = useQuery({ ...catalogAreasQuery(), enabled: byArea });
  const bookQuery = toBookQuery(params, category);
  const query = useQuery(queryFor(bookQuery));
  const [filtersOpen, setFiltersOpen] = useState(false);
  const data = query.data;
  // A search that finds nothing has no price range of its own (the scope includes the words):
  // the slider keeps the range of the same listing without the words, so it still shows.
  const searchFoundNothing = !!params.q && data?.total === 0 && Number(data.maxWeeklyPrice) === 0;
  const unsearched = useQuery({
    ...queryFor({ ...bookQuery, q: undefined, page: 1, pageSize: 1, cursor: undefined }),
    enabled: searchFoundNothing,
  });
  const maxWeeklyPrice = searchFoundNothing ? unsearched.data?.maxWeeklyPrice : data?.maxWeeklyPrice;
  const pageCount = data && !data.totalCapped ? Math.max(1, Math.ceil(data.total / data.pageSize)) : null;
  // A refused query (a search too short, a stale cursor or page in a hand-edited URL) says why,
  // and offers the way out: the search cleared, or the first page.
  const refused = query.error instanceof ApiError && query.error.status >= 400 && query.error.status < 500;
  const tooShort = !!params.q && params.q.length < MIN_SEARCH_LENGTH;
  const borrowed = tooShort ? null : borrowedFor(params.q || undefined);

  /** Another page of the same listing (a cursor from the answer, or page 1), from the top. */
  function goTo(patch: Partial<CatalogParams>) {
    update(patch);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  const filters = (
    <CatalogFilters
      params={params}
      maxWeeklyPrice={maxWeeklyPrice}
      onChange={update}
      onClear={clearFilters}
      hasFilters={hasFilters}
      areas={byArea ? (areas.data ?? []) : undefined}
    />
  );

  return (
    <div className="grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-8">
      <aside className="hidden lg:block">
        <div className="sticky top-20 rounded-2xl border border-stone-200 bg-white p-5 shadow-xs">
          {filters}
        </div>
      </aside>

      <section aria-labelledby="catalog-results" className="min-w-0">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <p id="catalog-results" className="text-sm font-medium text-stone-700" aria-live="polite">
            {data
              ? data.totalCapped
                ? t('results.showingMore', { total: data.total })
                : t('results.showing', { count: data.total })
              : '\u00a0'}
          </p>
          <div className="flex w-full items-center gap-2 sm:w-auto">
            <Button
              variant="outline"
              className="lg:hidden"
              aria-expanded={filtersOpen}
              aria-controls="catalog-filters-mobile"
              onClick={() => setFiltersOpen((open) => !open)}
            >
              <SlidersHorizontal className="size-4" aria-hidden />
              {t('filters.title')}
              {hasFilters && <span className="size-2 rounded-full bg-brand-600" aria-hidden />}
            </Button>
            <div className="ml-auto">
              <SortSelect value={params.sort} onChange={(sort) => update({ sort })} />
            </div>
          </div>
        </div>

        {filtersOpen && (
          <div
            id="catalog-filters-mobile"
            className="mb-5 rounded-2xl border border-stone-200 bg-white p-5 shadow-xs lg:hidden"
          >
            {filters}
          </div>
        )}

        {params.q && data && !tooShort && (
          <DidYouMean q={params.q} found={data.total} onPick={(q) => goTo({ q })} />
        )}

        {query.isPending ? (
          <BookGridSkeleton label={t('states.loading')} />
        ) : query.isError && !data ? (
          refused ? (
            <LoadErrorBanner
              message={errorMessage(query.error, t('states.failed'))}
              retryLabel={tooShort ? t('search.clear') : t('pagination.first')}
              onRetry={() => goTo(tooShort ? { q: '' } : {})}
            />
          ) : (
            <LoadErrorBanner
              message={t('states.failed')}
              retryLabel={t('states.retry')}
              onRetry={() => query.refetch()}
            />
          )
        ) : data && data.items.length === 0 ? (
          <EmptyState
            icon={<BookX className="size-10" aria-hidden />}
            title={t('states.emptyTitle')}
            description={t('states.emptyDescription')}
            action={
              data.total > 0 ? (
                // A page past the end (a stale link): the books are there, on page 1.
                <Button variant="outline" onClick={() => goTo({})}>
                  {t('pagination.first')}
                </Button>
              ) : params.q || hasFilters ? (
                <div className="flex flex-wrap justify-center gap-2">
                  {/* Nothing to borrow for these words; the member can be told when it is listed
                      (a search that reads as an ISBN wants that ISBN, whatever the title). */}
                  {params.q && !shelf && (
                    <WantButton
                      wanted={looksLikeIsbn(params.q) ? { isbn: params.q } : { title: params.q }}
                      name={params.q}
                      label={t('find:wanted.tellMe')}
                    />
                  )}
                  {params.q && (
                    <Button variant="outline" onClick={() => update({ q: '' })}>
                      {t('search.clear')}
                    </Button>
                  )}
                  {hasFilters && (
                    <Button variant="outline" onClick={clearFilters}>
                      {t('filters.clearAll')}
                    </Button>
                  )}
                </div>
              ) : undefined
            }
          />
        ) : data ? (
          <div
            aria-busy={query.isPlaceholderData}
            className={cn('transition-opacity', query.isPlaceholderData && 'opacity-60')}
          >
            {query.isError && <ErrorBanner className="mb-4">{t('states.failed')}</ErrorBanner>}
            {/* The cards' titles are h3: on a phone the filters' h2 is hidden, so the list names itself. */}
            <h2 className="sr-only">{t('results.heading')}</h2>
            <BookGrid books={data.items} />
            <Pagination
              page={data.page}
              pageCount={pageCount}
              onPrevious={data.prevCursor ? () => goTo({ cursor: data.prevCursor ?? undefined }) : null}
              onNext={data.nextCursor ? () => goTo({ cursor: data.nextCursor ?? undefined }) : null}
            />
          </div>
        ) : null}
        {borrowed && <BorrowedSection query={borrowed} shelf={shelf} />}
      </section>
    </div>
  );
}
