// Placeholder: replaced by the feature's real page.
export default function CartPage() {
  return <div className="p-8">cart-page</div>;
}
