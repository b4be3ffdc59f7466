// Placeholder: replaced by the feature's real page.
export default function HomePage() {
  return <div className="p-8">home-page</div>;
}
