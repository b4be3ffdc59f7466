// Placeholder: replaced by the feature's real page.
export default function ResetPasswordPage() {
  return <div className="p-8">reset-password-page</div>;
}
