import { useTranslation } from 'react-i18next';
import { Container, PageHeader } from '@web/components/ui/card';
import { bookPageQuery } from '@web/features/catalog/api';
import { borrowedBooksQuery } from '@web/features/catalog/find-api';
import { useCatalogParams } from '@web/lib/catalog-url';
import { CatalogBrowser } from '@web/features/catalog/components/catalog-browser';
import { SearchBox } from '@web/components/search-box';
import { SearchSummary } from '@web/features/catalog/components/search-summary';

export default function AllBooksPage() {
  const { t } = useTranslation('catalog');
  const { params, update } = useCatalogParams();
  return (
    <Container className="py-8 sm:py-10">
      <title>{t('pageTitle', { title: t('allBooks.title') })}</title>
      <PageHeader title={t('allBooks.title')} description={t('allBooks.description')} />
      <div className="mb-8 max-w-2xl">
        {/* keyed by q so Back (a new URL) shows that URL's search text */}
        <SearchBox key={params.q} initialQuery={params.q} />
        <SearchSummary q={params.q} onClear={() => update({ q: '' })} />
      </div>
      <CatalogBrowser queryFor={bookPageQuery} borrowedFor={(q) => (q ? borrowedBooksQuery(q) : null)} />
    </Container>
  );
}
