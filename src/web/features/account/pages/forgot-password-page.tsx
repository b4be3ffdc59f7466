// Placeholder: replaced by the feature's real page.
export default function ForgotPasswordPage() {
  return <div className="p-8">forgot-password-page</div>;
}
