// Placeholder: replaced by the feature's real page.
export default function NotFoundPage() {
  return <div className="p-8">not-found-page</div>;
}
