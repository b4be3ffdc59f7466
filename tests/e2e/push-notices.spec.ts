import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import ts from 'typescript';
import { expect, test } from '@tests/support/fixtures';
import {
  type BrowserSubscription,
  browserSubscription,
  type PushService,
  startPushService,
} from '@tests/support/push-service';
import { wordsIn } from './words';

// The journeys register a service worker (the suite blocks them by default, playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

// Members choose their channels (D45) in Chromium: the member allows notifications, turns push
// on from the notifications page, and the subscription reaches the server; the page's switches
// save; the service worker code (src/web/push-sw.ts), given a push through Chromium's DevTools
// protocol (ServiceWorker.deliverPushMessage), shows it with its title, body, page and tag.
//
// The app's service worker comes from the installable app; here a minimal one imports
// src/web/push-sw.ts (served by the journey's route, transpiled as the app's build would).

const t = wordsIn('en');
const root = join(import.meta.dirname, '../..');

/** The minimal service worker: the push code, and nothing else. */
async function serveTestWorker(context: BrowserContext) {
  const pushCode = ts.transpileModule(readFileSync(join(root, 'src/web/push-sw.ts'), 'utf8'), {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  }).outputText;
  await context.route('**/push-sw.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: pushCode.replace(/^export \{\};?$/m, '') }),
  );
  await context.route('**/test-sw.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: "importScripts('/push-sw.js');" }),
  );
}

async function registerTestWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/test-sw.js', { scope: '/' });
    await navigator.serviceWorker.ready;
  });
}

/**
 * Chromium without Google's API keys (the system Chromium here) never settles
 * pushManager.subscribe: it has no push service. The browser's own subscribe is stood in for at
 * the browser's edge: the page's call is recorded (userVisibleOnly, the server's VAPID key) and
 * answers a subscription whose keys the journey made as a browser makes them, at a push service
 * stand-in on this machine. Everything of ours (page, API, outbox, encryption) runs for real.
 */
async function standInForTheBrowsersPushService(
  context: BrowserContext,
  subscription: BrowserSubscription['json'],
) {
  await context.addInitScript((json) => {
    const calls: Array<{ userVisibleOnly: boolean; key: string }> = [];
    (window as unknown as { pushCalls: typeof calls }).pushCalls = calls;
    let current: PushSubscription | null = null;
    const made = {
      endpoint: json.endpoint,
      expirationTime: null,
      toJSON: () => json,
      unsubscribe: async () => {
        current = null;
        return true;
      },
    } as unknown as PushSubscription;
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const bytes = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
      const key = btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
      calls.push({ userVisibleOnly: options?.userVisibleOnly === true, key });
      current = made;
      return made;
    };
    PushManager.prototype.getSubscription = async () => current;
  }, subscription);
}

let push: PushService;
test.beforeAll(async () => {
  push = await startPushService();
});
test.afterAll(async () => {
  await push.close();
});

test('a member allows notifications and turns push on from the notifications page; the subscription reaches the server, and a message arrives there as a push', async ({
  freshMember,
  ownerPage,
}) => {
  const { page } = freshMember;
  const context = page.context();
  const device = browserSubscription(push, `e2e-${Date.now()}`);
  await context.grantPermissions(['notifications']);
  await serveTestWorker(context);
  await standInForTheBrowsersPushService(context, device.json);

  // Never on a first visit: the notifications page is where the member asks for it.
  await page.goto('/profile/notifications');
  await registerTestWorker(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: t('notices:page.title'), level: 1 })).toBeVisible();
  await expect(page.getByTestId('push-device')).toContainText(t('notices:device.off'));
  await expect(page.getByTestId('push-device-count')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('notifications-en-1280-off.png'), fullPage: true });

  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/profile/push-subscriptions') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: t('notices:device.turnOn') }).click();
  expect((await saved).status()).toBe(201);
  await expect(page.getByTestId('push-device')).toContainText(t('notices:device.on'));
  await expect(page.getByTestId('push-device-count')).toHaveText(t('notices:device.count', { count: 1 }));
  // The page asked the browser for a user-visible subscription with the server's key.
  const { publicKey } = (await (await page.request.get('/api/notices/push-key')).json()) as {
    publicKey: string;
  };
  expect(await page.evaluate(() => (window as unknown as { pushCalls: unknown[] }).pushCalls)).toEqual([
    { userVisibleOnly: true, key: publicKey },
  ]);
  // The server has it.
  const choices = (await (await page.request.get('/api/profile/notices')).json()) as { devices: number };
  expect(choices.devices).toBe(1);

  // A switch saves: message emails off, message push still on.
  const messagesEmail = page.getByTestId('notice-messages-email');
  await expect(messagesEmail).toBeChecked();
  await messagesEmail.click();
  await expect(messagesEmail).not.toBeChecked();
  await expect(page.getByText(t('notices:choices.saved'))).toBeVisible();
  await expect(page.getByTestId('notice-payment-email')).toBeDisabled();
  await page.reload();
  await expect(page.getByTestId('notice-messages-email')).not.toBeChecked();
  await expect(page.getByTestId('notice-messages-push')).toBeChecked();

  // The member asks an owner about a book; the owner answers: the answer arrives as a push.
  const shelf = (await (await ownerPage.request.get('/api/my/books')).json()) as {
    items: Array<{ id: string; title: string }>;
  };
  const book = shelf.items[0];
  const origin = new URL(page.url()).origin;
  const asked = await page.request.post(`/api/books/${book.id}/conversation`, {
    headers: { origin },
    data: { body: 'Is the cover in good shape?' },
  });
  expect(asked.status()).toBe(201);
  const thread = (await asked.json()) as { id: string };
  const answered = await ownerPage.request.post(`/api/conversations/${thread.id}/messages`, {
    headers: { origin },
    data: { body: 'Yes, like new.' },
  });
  expect(answered.status()).toBe(201);
  await expect
    .poll(() => push.received.filter((p) => p.path === device.path).length, { timeout: 20_000 })
    .toBe(1);
  const [arrived] = push.received.filter((p) => p.path === device.path);
  const shown = JSON.parse(device.decrypt(arrived.body)) as { title: string; body: string; url: string };
  expect(shown.title).toBe(`New message about “${book.title}”`);
  expect(shown.body).toContain('Yes, like new.');
  expect(new URL(shown.url).pathname).toBe(`/messages/${thread.id}`);
});

test('the notifications page at 390 and 1280, in English and Indonesian, with no serious accessibility problem', async ({
  freshMember,
}) => {
  const { page } = freshMember;
  const context = page.context();
  await context.grantPermissions(['notifications']);
  await serveTestWorker(context);
  const origin = new URL(test.info().project.use.baseURL ?? process.env.E2E_BASE_URL ?? '').origin;
  await page.goto('/profile/notifications');
  await registerTestWorker(page);
  for (const lang of ['en', 'id'] as const) {
    const words = wordsIn(lang);
    const put = await page.request.put('/api/profile/language', {
      headers: { origin },
      data: { language: lang },
    });
    expect(put.ok()).toBeTruthy();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/profile/notifications');
      await expect(page.getByRole('heading', { name: words('notices:page.title'), level: 1 })).toBeVisible();
      await expect(page.getByTestId('push-device')).toContainText(words('notices:device.off'));
      await expect(page.getByText(words('notices:kinds.handover.title'))).toBeVisible();
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({
        path: test.info().outputPath(`notifications-${lang}-${width}.png`),
        fullPage: true,
      });
    }
  }
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => v.id)).toEqual([]);
});

test('the service worker code shows a push with its title, body and page, and one tag shows once', async ({
  freshMember,
}) => {
  const { page } = freshMember;
  const context = page.context();
  await context.grantPermissions(['notifications']);
  await serveTestWorker(context);
  await page.goto('/profile/notifications');
  await registerTestWorker(page);
  // Chromium's DevTools protocol delivers a push to the registered worker, as a push service would.
  const cdp = await context.newCDPSession(page);
  const registered = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r: { scopeURL: string; isDeleted: boolean }) => !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registered;
  const origin = new URL(page.url()).origin;
  const data = JSON.stringify({
    title: 'Held for you: “Circe”',
    body: 'Borrow it before Friday.',
    url: `${origin}/my-waitlist`,
    tag: 'row-1',
  });
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data });
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data });
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const reg = await navigator.serviceWorker.ready;
        return (await reg.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          url: n.data?.url,
        }));
      }),
    )
    .toEqual([
      {
        title: 'Held for you: “Circe”',
        body: 'Borrow it before Friday.',
        tag: 'row-1',
        url: `${origin}/my-waitlist`,
      },
    ]);
  // A page of another site is never opened: that notification opens our home page instead.
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId,
    data: JSON.stringify({ title: 'Elsewhere', body: 'x', url: 'https://elsewhere.example/x', tag: 'row-2' }),
  });
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const reg = await navigator.serviceWorker.ready;
        return (await reg.getNotifications({ tag: 'row-2' })).map((n) => n.data?.url);
      }),
    )
    .toEqual([`${origin}/`]);
});
