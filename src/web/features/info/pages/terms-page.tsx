// Placeholder: replaced by the feature's real page.
export default function TermsPage() {
  return <div className="p-8">terms-page</div>;
}
