import { InfoArticle } from '../components/info-article';

export default function PrivacyPage() {
  return <InfoArticle page="privacy" showEffectiveDate />;
}
