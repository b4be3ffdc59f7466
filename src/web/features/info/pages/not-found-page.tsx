import { BookX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@web/components/ui/button';
import { Container } from '@web/components/ui/card';
import { PageTitle } from '@web/components/ui/page-title';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Container className="flex flex-col items-center py-24 text-center">
      <PageTitle title={t('pageNotFound')} />
      <BookX className="size-14 text-stone-400" aria-hidden />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-stone-900">{t('pageNotFound')}</h1>
      <p className="mt-2 max-w-md text-stone-600">{t('pageNotFoundText')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/">{t('backHome')}</ButtonLink>
        <ButtonLink to="/books" variant="outline">
          {t('browseBooks')}
        </ButtonLink>
      </div>
    </Container>
  );
}
