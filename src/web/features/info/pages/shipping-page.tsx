import { InfoArticle } from '@web/features/info/components/info-article';

export default function ShippingPage() {
  return <InfoArticle page="shipping" />;
}
