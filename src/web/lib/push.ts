// This device's push subscription, in the browser. The app's service worker receives the
// pushes (src/web/push-sw.ts); this file asks the browser for permission and a subscription and
// reads what it has. Asked for only when the member presses the button: never on a first visit.

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

/** How long to wait for the app's service worker before saying this browser cannot receive push. */
const WORKER_WAIT_MS = 4000;

function supported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!supported()) return null;
  const found = await navigator.serviceWorker.getRegistration();
  if (found) return found;
  // The service worker registers itself as the app starts: wait for it a little, not forever.
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), WORKER_WAIT_MS)),
  ]);
}

/** What this device does now. */
export async function pushState(): Promise<{ state: PushState; endpoint: string | null }> {
  const reg = await registration();
  if (!reg) return { state: 'unsupported', endpoint: null };
  if (Notification.permission === 'denied') return { state: 'denied', endpoint: null };
  const subscription = await reg.pushManager.getSubscription();
  return subscription ? { state: 'on', endpoint: subscription.endpoint } : { state: 'off', endpoint: null };
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Asks for permission (the browser's own prompt) and subscribes; returns what to send the server. */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscriptionJSON> {
  const reg = await registration();
  if (!reg) throw new Error('unsupported');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('denied');
  const existing = await reg.pushManager.getSubscription();
  const subscription =
    existing ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  return subscription.toJSON();
}

/** Ends this device's subscription; returns its endpoint for the server to forget. */
export async function unsubscribeThisDevice(): Promise<string | null> {
  const reg = await registration();
  const subscription = await reg?.pushManager.getSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
