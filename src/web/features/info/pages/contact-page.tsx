// Placeholder: replaced by the feature's real page.
export default function ContactPage() {
  return <div className="p-8">contact-page</div>;
}
