import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { offlineSavedAt, onOfflineSavedAt } from '@web/lib/offline-cache';
import { useSessionExpiry } from '@web/lib/session';
import { Footer } from './footer';
import { Header } from './header';

// Loaded only when a page shows answers kept for offline (lib/offline-cache.ts).
const OfflineBanner = lazy(() => import('@web/components/offline-banner'));

export function Layout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useSessionExpiry();
  const savedAt = useSyncExternalStore(onOfflineSavedAt, offlineSavedAt);
  // A new page starts at its top, as a multi-page site would.
  // Braces matter: Chromium's scrollTo now returns a Promise, and an effect must not return one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        {t('skipToContent')}
      </a>
      <Header />
      {savedAt && (
        <Suspense fallback={null}>
          <OfflineBanner savedAt={savedAt} />
        </Suspense>
      )}
      {/* At least a screen tall: the footer waits below the fold while a page loads, so it never
          jumps down when the page arrives (no layout shift, e.g. on /signin). */}
      <main id="main" className="min-h-screen flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
