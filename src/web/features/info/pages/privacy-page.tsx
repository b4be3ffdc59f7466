import { InfoArticle } from '@web/features/info/components/info-article';

export default function PrivacyPage() {
  return <InfoArticle page="privacy" showEffectiveDate />;
}
