// Placeholder: replaced by the feature's real page.
export default function SignInPage() {
  return <div className="p-8">sign-in-page</div>;
}
