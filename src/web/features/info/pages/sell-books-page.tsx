// Placeholder: replaced by the feature's real page.
export default function SellBooksPage() {
  return <div className="p-8">sell-books-page</div>;
}
