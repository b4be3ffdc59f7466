// Placeholder: replaced by the feature's real page.
export default function PrivacyPage() {
  return <div className="p-8">privacy-page</div>;
}
