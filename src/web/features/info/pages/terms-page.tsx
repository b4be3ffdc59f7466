import { InfoArticle } from '../components/info-article';

export default function TermsPage() {
  return <InfoArticle page="terms" showEffectiveDate />;
}
