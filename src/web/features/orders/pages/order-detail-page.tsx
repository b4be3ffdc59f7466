// Placeholder: replaced by the feature's real page.
export default function OrderDetailPage() {
  return <div className="p-8">order-detail-page</div>;
}
