// Placeholder: replaced by the feature's real page.
export default function OwnerPage() {
  return <div className="p-8">owner-page</div>;
}
