// Push notices in the service worker. The app's service worker imports this file; it has
// no other work of its own. A push (src/server/outbox/push.ts) carries JSON: the title and body
// to show, the page to open, and a tag (the outbox row) so a repeat after a crash replaces the
// notification it already showed. A click focuses a window already on that page, else brings
// one of ours to it, else opens it. Only pages of our own origin are opened.

interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

/** The parts of the service worker scope this file uses (the app compiles against the DOM library). */
interface WorkerWindow {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}
interface PushWorkerScope {
  location: { origin: string };
  registration: {
    showNotification(
      title: string,
      options: { body: string; tag?: string; data: { url: string }; icon?: string },
    ): Promise<void>;
  };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WorkerWindow[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(
    type: 'push',
    listener: (event: { data: { json(): unknown } | null; waitUntil(p: Promise<unknown>): void }) => void,
  ): void;
  addEventListener(
    type: 'notificationclick',
    listener: (event: {
      notification: { data?: { url?: string }; close(): void };
      waitUntil(p: Promise<unknown>): void;
    }) => void,
  ): void;
}

const scope = self as unknown as PushWorkerScope;

/** The page to open: ours, else the home page (a push never sends a member elsewhere). */
function ownPage(url: unknown): string {
  try {
    const target = new URL(String(url), scope.location.origin);
    if (target.origin === scope.location.origin) return target.href;
  } catch {
    // not a URL: the home page
  }
  return `${scope.location.origin}/`;
}

scope.addEventListener('push', (event) => {
  let payload: PushPayload | null = null;
  try {
    payload = (event.data?.json() as PushPayload | undefined) ?? null;
  } catch {
    payload = null;
  }
  if (!payload?.title) return;
  event.waitUntil(
    scope.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      data: { url: ownPage(payload.url) },
      icon: '/favicon.svg',
    }),
  );
});

scope.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = ownPage(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const there = windows.find((w) => w.url === url);
      if (there) return there.focus();
      const ours = windows.find((w) => new URL(w.url).origin === scope.location.origin);
      if (ours) {
        await ours.navigate(url);
        return ours.focus();
      }
      return scope.clients.openWindow(url);
    })(),
  );
});

// A module of its own: the service worker imports it for its listeners (nothing is exported).
export {};
