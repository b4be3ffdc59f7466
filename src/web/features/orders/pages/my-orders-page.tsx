// Placeholder: replaced by the feature's real page.
export default function MyOrdersPage() {
  return <div className="p-8">my-orders-page</div>;
}
