// Placeholder: replaced by the feature's real page.
export default function ShippingPage() {
  return <div className="p-8">shipping-page</div>;
}
