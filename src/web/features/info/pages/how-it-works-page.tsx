// Placeholder: replaced by the feature's real page.
export default function HowItWorksPage() {
  return <div className="p-8">how-it-works-page</div>;
}
