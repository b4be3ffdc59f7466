import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { rememberReturnPath, useSession } from '../lib/session';

/** Signed-in routes: 'Loading...' while the session resolves, then guests go to /signin. */
export function RequireAuth() {
  const { user, isLoading } = useSession();
  const location = useLocation();
  const { t } = useTranslation();
  if (isLoading) {
    return (
      <p className="py-24 text-center text-stone-500" role="status">
        {t('loading')}
      </p>
    );
  }
  if (!user) {
    const returnTo = location.pathname + location.search;
    rememberReturnPath(returnTo);
    return <Navigate to="/signin" replace state={{ from: returnTo }} />;
  }
  return <Outlet />;
}

/** /signin and /signup: a signed-in member goes to /admin when admin, else /books/manage. */
export function GuestOnly() {
  const { user, isLoading, isAdmin } = useSession();
  const { t } = useTranslation();
  if (isLoading) {
    return (
      <p className="py-24 text-center text-stone-500" role="status">
        {t('loading')}
      </p>
    );
  }
  if (user) return <Navigate to={isAdmin ? '/admin' : '/books/manage'} replace />;
  return <Outlet />;
}
