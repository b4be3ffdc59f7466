import { useTranslation } from 'react-i18next';

/** The document title of a page, 'Title · Rakbuku' (React puts it in the head). */
export function PageTitle({ title }: { title: string }) {
  const { t } = useTranslation();
  return <title>{t('pageTitle', { title })}</title>;
}
