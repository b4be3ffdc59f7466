// Placeholder: replaced by the feature's real page.
export default function SignUpPage() {
  return <div className="p-8">sign-up-page</div>;
}
