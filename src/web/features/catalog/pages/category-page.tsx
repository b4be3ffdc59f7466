// Placeholder: replaced by the feature's real page.
export default function CategoryPage() {
  return <div className="p-8">category-page</div>;
}
