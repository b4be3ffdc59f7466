import { InfoArticle } from '../components/info-article';

export default function ContactPage() {
  return <InfoArticle page="contact" />;
}
