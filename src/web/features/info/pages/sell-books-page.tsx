import '@web/lib/words/info';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@web/components/ui/button';
import { InfoArticle } from '@web/features/info/components/info-article';

export default function SellBooksPage() {
  const { t } = useTranslation('info');
  return (
    <InfoArticle page="sellBooks">
      <ButtonLink to="/books/new" size="lg">
        {t('sellBooks.cta')}
      </ButtonLink>
    </InfoArticle>
  );
}
