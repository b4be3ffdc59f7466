// Placeholder: replaced by the feature's real page.
export default function NewBookPage() {
  return <div className="p-8">new-book-page</div>;
}
