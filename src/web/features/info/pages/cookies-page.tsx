import { InfoArticle } from '@web/features/info/components/info-article';

export default function CookiesPage() {
  return <InfoArticle page="cookies" showEffectiveDate />;
}
