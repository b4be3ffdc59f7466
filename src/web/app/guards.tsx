import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { rememberReturnPath, useSession } from '../lib/session';

function SessionLoading() {
  const { t } = useTranslation();
  return (
    <p className="py-24 text-center text-stone-500" role="status">
      {t('loading')}
    </p>
  );
}

/** Signed-in routes: 'Loading...' while the session resolves, then guests go to /signin. */
export function RequireAuth() {
  const { user, isLoading } = useSession();
  const location = useLocation();
  const navigation = useNavigation();
  if (isLoading) return <SessionLoading />;
  if (!user) {
    // Signing out navigates away itself (to /, replacing history): don't race it to /signin.
    if (navigation.state !== 'idle') return <SessionLoading />;
    const returnTo = location.pathname + location.search;
    rememberReturnPath(returnTo);
    return <Navigate to="/signin" replace state={{ from: returnTo }} />;
  }
  return <Outlet />;
}

/** /signin and /signup: a signed-in member goes to /admin when admin, else /books/manage. */
export function GuestOnly() {
  const { user, isLoading, isAdmin } = useSession();
  const navigation = useNavigation();
  if (isLoading) return <SessionLoading />;
  if (user) {
    // Just signed in here: the sign-in screen is already on its way to the remembered page.
    if (navigation.state !== 'idle') return <Outlet />;
    return <Navigate to={isAdmin ? '/admin' : '/books/manage'} replace />;
  }
  return <Outlet />;
}
