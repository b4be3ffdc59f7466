/// <reference lib="webworker" />
// The service worker (vite.config.ts builds it with Workbox's injectManifest). Offline, a member
// reads their own orders, loans and due dates as Rakbuku last showed them; nothing of another
// member, and nothing once they sign out (the app empties the caches, lib/offline-cache.ts).
//
//   precache      the shell's scripts and styles, offline.html, the icons (the build lists them)
//   navigations   network first; the last page's HTML is kept as the shell. Offline, the shell
//                 opens only while a member's session is kept (their orders can be read), else
//                 offline.html says what is and is not available
//   member reads  /api/me, the member's orders and counts: network first, kept only when the app
//                 asks (KEEP_HEADER, never for admins), stamped with when they were saved
//   /assets, covers  cache first: their names never change content (hashed, one cover key)
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  isMemberRead,
  KEEP_HEADER,
  MEMBER_CACHE,
  PAGES_CACHE,
  SAVED_AT_HEADER,
  SESSION_READ,
} from './lib/offline-cache';
// Web Push: the push and notification-click handlers.
import './push-sw';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

/** The key the last page's HTML is kept under: every page of the app is the same shell. */
const SHELL = '/';
const OFFLINE_PAGE = '/offline.html';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// A new version takes over at once: navigations are network first, and the hashed files an
// open page still asks for stay in the assets cache.
self.addEventListener('install', (event) => {
  void self.skipWaiting();
  event.waitUntil(keepShell());
});
clientsClaim();

/** Fetches the home page's HTML as the shell, unless a newer page is kept already. */
async function keepShell(): Promise<void> {
  const pages = await caches.open(PAGES_CACHE);
  if (await pages.match(SHELL, { ignoreVary: true })) return;
  try {
    const response = await fetch(SHELL, { credentials: 'same-origin' });
    if (response.status === 200) await pages.put(SHELL, response);
  } catch {
    // Offline while installing: the next navigation keeps it.
  }
}

async function sessionKept(): Promise<boolean> {
  const kept = await caches.match(SESSION_READ, { cacheName: MEMBER_CACHE, ignoreVary: true });
  return kept ? (await userOf(kept)) !== null : false;
}

type SessionAnswer = { user?: { id?: string } | null } | null;
const userOf = async (response: Response) =>
  ((await response.json().catch(() => null)) as SessionAnswer)?.user?.id ?? null;

/**
 * Empties the member's kept reads and page when a live /api/me names someone else (another
 * member, a guest, an admin) than the member they were kept for: a session that ended without
 * a sign-out here (expired, revoked, signed out on another device) leaves nothing to the next.
 */
async function forgetOtherMember(live: Response): Promise<void> {
  const kept = await caches.match(SESSION_READ, { cacheName: MEMBER_CACHE, ignoreVary: true });
  if (!kept) return;
  const [keptFor, now] = await Promise.all([userOf(kept), userOf(live)]);
  if (keptFor === now) return;
  await Promise.all([caches.delete(MEMBER_CACHE), caches.delete(PAGES_CACHE)]);
}

registerRoute(
  ({ request }) => request.mode === 'navigate',
  async ({ request }) => {
    try {
      const response = await fetch(request);
      const type = response.headers.get('content-type') ?? '';
      if (response.status === 200 && type.startsWith('text/html')) {
        const copy = response.clone();
        void caches.open(PAGES_CACHE).then((pages) => pages.put(SHELL, copy));
      }
      return response;
    } catch (err) {
      if (await sessionKept()) {
        const shell = await caches.match(SHELL, { cacheName: PAGES_CACHE, ignoreVary: true });
        if (shell) return shell;
      }
      const offline = await matchPrecache(OFFLINE_PAGE);
      if (offline) return offline;
      throw err;
    }
  },
);

registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && isMemberRead(url.pathname),
  new NetworkFirst({
    cacheName: MEMBER_CACHE,
    matchOptions: { ignoreVary: true },
    plugins: [
      {
        // Kept only when the app asked, whole (200), and stamped with the moment it was saved;
        // a guest's session answer is nobody's: not kept.
        cacheWillUpdate: async ({ request, response }) => {
          if (response.status !== 200 || !request.headers.has(KEEP_HEADER)) return null;
          if (new URL(request.url).pathname === SESSION_READ && (await userOf(response.clone())) === null)
            return null;
          const headers = new Headers(response.headers);
          headers.delete('content-encoding');
          headers.delete('content-length');
          headers.set(SAVED_AT_HEADER, new Date().toISOString());
          return new Response(await response.blob(), { status: 200, headers });
        },
        fetchDidSucceed: async ({ request, response }) => {
          if (new URL(request.url).pathname !== SESSION_READ || response.status !== 200) return response;
          // Before anything of this session is kept: what was kept for someone else goes.
          await forgetOtherMember(response.clone());
          // A kept session is what opens the shell offline: make sure there is one to open.
          if (request.headers.has(KEEP_HEADER)) void keepShell();
          return response;
        },
      },
    ],
  }),
);

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: 'rakbuku-assets',
    plugins: [new ExpirationPlugin({ maxEntries: 80, purgeOnQuotaError: true })],
  }),
);

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/covers/'),
  new CacheFirst({
    cacheName: 'rakbuku-covers',
    plugins: [
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);
