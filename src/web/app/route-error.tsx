import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ButtonLink } from '@web/components/ui/button';
import { Container } from '@web/components/ui/card';

/**
 * Shown inside the layout when a page fails to load or render (a new release replaced the
 * page's code, a bug): the header stays, and the member can go on.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <Container className="flex flex-col items-center py-24 text-center">
      <AlertTriangle className="size-14 text-amber-500" aria-hidden />
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-stone-900">{t('routeError.title')}</h1>
      <p className="mt-2 max-w-md text-stone-600">{t('routeError.text')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="inline-flex h-10 items-center rounded-lg bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800"
        >
          {t('routeError.reload')}
        </button>
        <ButtonLink to="/" variant="outline">
          {t('backHome')}
        </ButtonLink>
      </div>
    </Container>
  );
}
