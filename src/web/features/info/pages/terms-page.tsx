import { InfoArticle } from '@web/features/info/components/info-article';

export default function TermsPage() {
  return <InfoArticle page="terms" showEffectiveDate />;
}
