import { InfoArticle } from '../components/info-article';

export default function CookiesPage() {
  return <InfoArticle page="cookies" showEffectiveDate />;
}
