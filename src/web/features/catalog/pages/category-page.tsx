import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Category } from '@domain/constants';
import { cn } from '@web/components/ui/cn';
import { Container } from '@web/components/ui/card';
import { bookPageQuery } from '@web/features/catalog/api';
import { borrowedBooksQuery } from '@web/features/catalog/find-api';
import { categoryFromParam } from '@domain/catalog-params';
import { useCatalogParams } from '@web/lib/catalog-url';
import { CatalogBrowser } from '@web/features/catalog/components/catalog-browser';
import { SearchBox } from '@web/components/search-box';
import { SearchSummary } from '@web/features/catalog/components/search-summary';

// Spec: header colour and description by category; anything else gets the generic Books header.
const THEMES: Record<Category | 'generic', { key: string; band: string }> = {
  Children: { key: 'children', band: 'from-amber-100 via-orange-50 to-rose-50 border-amber-200' },
  Teen: { key: 'teen', band: 'from-violet-100 via-indigo-50 to-sky-50 border-violet-200' },
  Adult: { key: 'adult', band: 'from-brand-100 via-emerald-50 to-stone-50 border-brand-200' },
  generic: { key: 'generic', band: 'from-stone-100 via-stone-50 to-white border-stone-200' },
};

export default function CategoryPage() {
  const { t } = useTranslation('catalog');
  const { category: param } = useParams();
  const category = categoryFromParam(param);
  const theme = THEMES[category ?? 'generic'];
  const { params, update } = useCatalogParams();

  return (
    <>
      <title>{t('pageTitle', { title: t(`category.${theme.key}.title`) })}</title>
      <header className={cn('border-b bg-gradient-to-br', theme.band)}>
        <Container className="py-10 sm:py-12">
          <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">
            {t(`category.${theme.key}.title`)}
          </h1>
          <p className="mt-2 max-w-2xl text-stone-700">{t(`category.${theme.key}.description`)}</p>
          <div className="mt-6 max-w-2xl">
            <SearchBox key={params.q} initialQuery={params.q} category={category ? param : undefined} />
            <SearchSummary q={params.q} onClear={() => update({ q: '' })} />
          </div>
        </Container>
      </header>
      <Container className="py-8">
        <CatalogBrowser
          category={category}
          queryFor={bookPageQuery}
          borrowedFor={(q) => (q ? borrowedBooksQuery(q, category) : null)}
        />
      </Container>
    </>
  );
}
