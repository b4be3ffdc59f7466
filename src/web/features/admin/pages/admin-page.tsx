// Placeholder: replaced by the feature's real page.
export default function AdminPage() {
  return <div className="p-8">admin-page</div>;
}
