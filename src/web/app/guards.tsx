import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import {
  isSessionExpired,
  isSigningInHere,
  readSignInIntent,
  rememberReturnPath,
  signInPath,
  useSession,
} from '@web/lib/session';

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
    // history (spec), rather than to a sign-in screen nobody asked for. A session that expired
    // is not a sign-out: the expiry handler is taking the member to sign in (lib/session.ts).
    if (wasSignedIn.current) return isSessionExpired() ? <SessionLoading /> : <Navigate to="/" replace />;
    const returnTo = location.pathname + location.search;
    rememberReturnPath(returnTo);
    return <Navigate to={signInPath(returnTo)} replace state={{ from: returnTo }} />;
  }
  wasSignedIn.current = true;
  return <Outlet />;
}

/**
 * /signin and /signup: a signed-in member goes to the page the sign-in URL names (?next=), else
 * to /admin when admin, else /books/manage.
 */
export function GuestOnly() {
  const { user, isLoading, isAdmin } = useSession();
  const location = useLocation();
  if (isLoading) return <SessionLoading />;
  // Just signed in on this screen: it is already on its way to the remembered page.
  if (user && !isSigningInHere()) {
    const { next } = readSignInIntent(location.search);
    return <Navigate to={next ?? (isAdmin ? '/admin' : '/books/manage')} replace />;
  }
  return <Outlet />;
}
