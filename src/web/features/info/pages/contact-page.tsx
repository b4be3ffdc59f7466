import { InfoArticle } from '@web/features/info/components/info-article';

export default function ContactPage() {
  return <InfoArticle page="contact" />;
}
