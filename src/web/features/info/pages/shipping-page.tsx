import { InfoArticle } from '../components/info-article';

export default function ShippingPage() {
  return <InfoArticle page="shipping" />;
}
