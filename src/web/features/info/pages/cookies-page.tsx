// Placeholder: replaced by the feature's real page.
export default function CookiesPage() {
  return <div className="p-8">cookies-page</div>;
}
