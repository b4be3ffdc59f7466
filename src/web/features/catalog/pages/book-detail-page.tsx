// Placeholder: replaced by the feature's real page.
export default function BookDetailPage() {
  return <div className="p-8">book-detail-page</div>;
}
