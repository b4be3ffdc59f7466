// Placeholder: replaced by the feature's real page.
export default function AllBooksPage() {
  return <div className="p-8">all-books-page</div>;
}
