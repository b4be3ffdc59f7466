// Placeholder: replaced by the feature's real page.
export default function CheckoutPage() {
  return <div className="p-8">checkout-page</div>;
}
