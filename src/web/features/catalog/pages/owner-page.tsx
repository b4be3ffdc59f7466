import { useQuery } from '@tanstack/react-query';
import { BookOpen, CalendarDays, MapPin, UserX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { OwnerProfile } from '@domain/api-types';
import { Container } from '@web/components/ui/card';
import { LoadingState } from '@web/components/ui/feedback';
import { ownerBooksQuery, ownerProfileQuery } from '@web/features/catalog/api';
import { shelfBorrowedQuery } from '@web/features/catalog/find-api';
import { useCatalogParams } from '@web/lib/catalog-url';
import { CatalogBrowser } from '@web/features/catalog/components/catalog-browser';
import { LoadFailure } from '@web/features/catalog/components/load-failure';
import { OwnerAvatar } from '@web/features/catalog/components/owner-avatar';
import { PickupPoints } from '@web/features/catalog/components/pickup-points';
import { SearchBox } from '@web/components/search-box';
import { SearchSummary } from '@web/features/catalog/components/search-summary';
import { MemberReputation } from '@web/components/member-reputation';
import { formatCount, formatDay, formatMonthYear } from '@web/lib/format';

export default function OwnerPage() {
  const { t } = useTranslation('catalog');
  const { ownerId = '' } = useParams();
  const query = useQuery(ownerProfileQuery(ownerId));

  if (query.isPending) return <LoadingState label={t('owner.loading')} />;
  if (query.isError) {
    return (
      <LoadFailure
        error={query.error}
        icon={<UserX className="size-10" aria-hidden />}
        notFoundTitle={t('owner.notFound')}
        notFoundDescription={t('owner.notFoundDescription')}
        failedMessage={t('owner.failed')}
      />
    );
  }
  return <OwnerShelf owner={query.data} />;
}

function OwnerShelf({ owner }: { owner: OwnerProfile }) {
  const { t } = useTranslation('catalog');
  const { params, update } = useCatalogParams();
  return (
    <>
      <title>{t('pageTitle', { title: owner.name })}</title>
      <header className="border-b border-stone-200 bg-white">
        <Container className="py-8 sm:py-10">
          <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
            <OwnerAvatar name={owner.name} image={owner.image} size="lg" />
            <div className="min-w-0">
              <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{owner.name}</h1>
              <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-stone-600">
                {owner.location && (
                  <li className="inline-flex items-center gap-1.5">
                    <MapPin className="size-4 text-stone-400" aria-hidden />
                    {owner.location}
                  </li>
                )}
                <li className="inline-flex items-center gap-1.5">
                  <CalendarDays className="size-4 text-stone-400" aria-hidden />
                  {t('owner.joined', { date: formatMonthYear(owner.memberSince) })}
                </li>
                <li className="inline-flex items-center gap-1.5 font-medium text-brand-800">
                  <BookOpen className="size-4" aria-hidden />
                  {owner.backOn
                    ? t('owner.awayUntil', { date: formatDay(owner.backOn) })
                    : owner.availableBooksCapped
                      ? t('owner.availableBooksCapped', { total: formatCount(owner.availableBooks) })
                      : t('owner.availableBooks', { count: owner.availableBooks })}
                </li>
              </ul>
              <PickupPoints names={owner.pickupPoints} className="mt-2 text-sm text-stone-600" />
              <MemberReputation memberId={owner.id} loans className="mt-2" />
            </div>
          </div>
          <div className="mt-6 max-w-2xl">
            <SearchBox key={params.q} initialQuery={params.q} onSearch={(q) => update({ q })} />
            <SearchSummary q={params.q} onClear={() => update({ q: '' })} />
          </div>
        </Container>
      </header>
      <Container className="py-8">
        <CatalogBrowser
          queryFor={(query) => ownerBooksQuery(owner.id, query)}
          byArea={false}
          borrowedFor={(q) => shelfBorrowedQuery(owner.id, q)}
          shelf
        />
      </Container>
    </>
  );
}
