// Placeholder: replaced by the feature's real page.
export default function EditBookPage() {
  return <div className="p-8">edit-book-page</div>;
}
