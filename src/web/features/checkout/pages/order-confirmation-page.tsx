// Placeholder: replaced by the feature's real page.
export default function OrderConfirmationPage() {
  return <div className="p-8">order-confirmation-page</div>;
}
