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
// The service worker (sw.ts) in a production build only, registered after the page has loaded
// by a chunk of its own; once it controls the page, a member's data is asked again through it,
// so it is kept for offline after this one visit (a guest's or an admin's is never kept: no
// second read for them).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    void import('./lib/service-worker').then(({ registerServiceWorker }) =>
      registerServiceWorker(() => {
        if (keepsMemberReads()) void queryClient.invalidateQueries();
      }),
    );
  });
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
