import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { isSigningInHere, rememberReturnPath, useSession } from '../lib/session';

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
  const wasSignedIn = useRef(false);
  if (isLoading) return <SessionLoading />;
  if (!user) {
    // Signed out while on this page (here or in another tab): sign-out goes to /, replacing
    // history (spec), rather than to a sign-in screen nobody asked for.
    if (wasSignedIn.current) return <Navigate to="/" replace />;
    const returnTo = location.pathname + location.search;
    rememberReturnPath(returnTo);
    return <Navigate to="/signin" replace state={{ from: returnTo }} />;
  }
  wasSignedIn.current = true;
  return <Outlet />;
}

/** /signin and /signup: a signed-in member goes to /admin when admin, else /books/manage. */
export function GuestOnly() {
  const { user, isLoading, isAdmin } = useSession();
  if (isLoading) return <SessionLoading />;
  // Just signed in on this screen: it is already on its way to the remembered page.
  if (user && !isSigningInHere()) return <Navigate to={isAdmin ? '/admin' : '/books/manage'} replace />;
  return <Outlet />;
}
