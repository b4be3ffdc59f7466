// Placeholder: replaced by the feature's real page.
export default function EditProfilePage() {
  return <div className="p-8">edit-profile-page</div>;
}
