// Placeholder: replaced by the feature's real page.
export default function ManageBooksPage() {
  return <div className="p-8">manage-books-page</div>;
}
