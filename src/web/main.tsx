import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { languageReady } from './lib/i18n';
import './styles.css';
import { Providers, queryClient } from './app/providers';
import { router } from './app/router';
import { listenForInstallPrompt } from './lib/install-prompt';
import { keepsMemberReads } from './lib/offline-cache';

listenForInstallPrompt();
// The service worker (sw.ts) in a production build only, registered by a chunk of its own once
// the first page has settled; once it controls the page, a member's data is asked again through
// it, so it is kept for offline after this one visit (a guest's or an admin's is never kept: no
// second read for them).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  whenFirstPageSettled(() => {
    void import('./lib/service-worker').then(({ registerServiceWorker }) =>
      registerServiceWorker(() => {
        if (keepsMemberReads()) void queryClient.invalidateQueries();
      }),
    );
  });
}

/**
 * The worker serves only the visits after this one, and starting it (its script, its precache
 * and the shell's copy) cost about 0.8 s of processor time in Chromium, measured on /books; on a
 * phone that time, spent while the page still draws its books and covers, delays them
 * (docs/performance.md). So it starts after the page's load event, a few seconds for its data and
 * covers, no read of ours in flight, and then an idle moment.
 */
function whenFirstPageSettled(task: () => void) {
  const SETTLE_MS = 4000;
  const idle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(task, { timeout: 5000 }) : setTimeout(task, 0);
  const whenNoRead = () => {
    if (queryClient.isFetching() === 0) return idle();
    const stop = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() > 0) return;
      stop();
      idle();
    });
  };
  window.addEventListener('load', () => setTimeout(whenNoRead, SETTLE_MS), { once: true });
}

// The first render waits for the page's catalogue (English is bundled: no wait).
void languageReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
