import { Workbox } from 'workbox-window';

// The service worker's registration (src/web/sw.ts), loaded by main.tsx after the page has
// loaded, in a production build only: a development server's modules change under the same
// names, which a cache-first worker would serve stale.

/**
 * Registers /sw.js. `warm` runs once when a first worker takes control of this page: the page's
 * own data loaded before the worker existed, so it is asked again through the worker, which keeps
 * it for offline (one online visit is enough).
 */
export function registerServiceWorker(warm: () => void): void {
  const wb = new Workbox('/sw.js', { scope: '/' });
  const hadController = Boolean(navigator.serviceWorker.controller);
  wb.addEventListener('controlling', () => {
    if (!hadController) warm();
  });
  wb.register().catch((err: unknown) => console.warn('service worker not registered', err));
}
