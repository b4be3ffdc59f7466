import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import type { Page, TestInfo } from '@playwright/test';
import type { UiLanguage } from '@domain/ui-language';
import { DEMO, e2eBaseUrl, expect, type SignedInMember, test } from '@tests/support/fixtures';
import { uniqueTitle, uploadBookByApi } from './catalog-helpers';
import { wordsIn } from './words';

// The installable app: the manifest and its icons, the service worker (src/web/sw.ts) keeping the
// shell and a member's own orders for offline after one online visit, the banner that says so,
// nothing kept after sign-out, and the install offer (iPhone steps after an order, dismissed for
// good; the browser's own dialog from the account area).

// The other journeys block service workers (playwright.config.ts); these need it.
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ timeout: 180_000 });

const MEMBER_CACHE = 'rakbuku-member-v1';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const headers = () => ({ origin: e2eBaseUrl() });

/** The service worker controls the page (it took over after this page's first load). */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 30_000,
  });
}

/** The paths the service worker keeps for this member right now. */
const keptPaths = (page: Page) =>
  page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const keys = await (await caches.open(name)).keys();
    return keys.map((request) => new URL(request.url).pathname + new URL(request.url).search);
  }, MEMBER_CACHE);

async function waitUntilKept(page: Page, ...paths: RegExp[]) {
  await expect
    .poll(async () => {
      const kept = await keptPaths(page);
      return paths.every((path) => kept.some((k) => path.test(k)));
    })
    .toBe(true);
}

/** The banner's sentence up to the time it names, in `lang`. */
const bannerStart = (lang: UiLanguage) => wordsIn(lang)('pwa:offline.banner', { time: '@' }).split('@')[0];

/** No serious or critical axe violation on what the page shows now. */
async function accessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

async function shoot(page: Page, info: TestInfo, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: info.outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

test('the manifest makes Rakbuku installable: its fields, and icons of the sizes and types it names', async ({
  request,
  page,
}) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    name: 'Rakbuku',
    short_name: 'Rakbuku',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#0f766e',
    background_color: '#ffffff',
  });
  const icons = manifest.icons as Array<{ src: string; sizes: string; type: string; purpose: string }>;
  // What Chrome's installability check wants: a 192 and a 512 PNG; Android's launchers a maskable one.
  expect(icons.some((i) => i.sizes === '192x192' && i.purpose.includes('any'))).toBe(true);
  expect(icons.some((i) => i.sizes === '512x512' && i.purpose.includes('any'))).toBe(true);
  expect(icons.some((i) => i.sizes === '512x512' && i.purpose.includes('maskable'))).toBe(true);
  for (const icon of [
    ...icons,
    { src: '/icons/apple-touch-icon.png', sizes: '180x180', type: 'image/png' },
  ]) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type'], icon.src).toBe(icon.type);
    const { width, height, format } = await sharp(await file.body()).metadata();
    expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    expect(format, icon.src).toBe('png');
  }

  // Every page links the manifest and the iPhone's icon; the service worker and the offline page are served.
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
    'href',
    '/icons/apple-touch-icon.png',
  );
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0f766e');
  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toMatch(/javascript/);
  expect(worker.headers()['cache-control']).toBe('no-cache');
  const offline = await request.get('/offline.html');
  expect(offline.status()).toBe(200);
  expect(await offline.text()).toContain(wordsIn('id')('pwa:offlinePage.title'));

  // Chromium's own verdict, the one Lighthouse's installability audit reads: the manifest parses
  // without a problem and, once the service worker controls the page, nothing stands in the way
  // of installing (a test browser's context is private, which is the only thing it may say).
  await controlled(page);
  const cdp = await page.context().newCDPSession(page);
  const read = await cdp.send('Page.getAppManifest');
  expect(read.errors).toEqual([]);
  expect(read.url).toBe(new URL('/manifest.webmanifest', e2eBaseUrl()).href);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
});

test('one online visit is enough: offline, the shell and My Orders load as last seen, with their due dates, and say so', async ({
  pageAs,
}) => {
  const w = wordsIn('en');
  const page = await pageAs(DEMO.borrower);
  await page.goto('/my-orders');
  const rows = page.getByTestId('order-row');
  await expect(rows.first()).toBeVisible();
  const online = { rows: await rows.count(), due: await page.getByTestId('due-badge').count() };
  expect(online.due).toBeGreaterThan(0);
  const firstTitles = await page.getByTestId('order-titles').first().textContent();
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);

  await controlled(page);
  await waitUntilKept(page, /^\/api\/me$/, /^\/api\/orders\?/);

  await page.context().setOffline(true);
  await page.reload();
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBe(online.rows);
  await expect(page.getByTestId('due-badge')).toHaveCount(online.due);
  await expect(page.getByTestId('order-titles').first()).toHaveText(firstTitles ?? '');
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toContainText(bannerStart('en'));
  await expect(banner).toContainText(w('pwa:offline.bannerHint'));

  // Back online, the page is live again and says nothing.
  await page.context().setOffline(false);
  await page.reload();
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);

  // An order opened online opens offline too, with its loan's due date.
  const loan = rows.filter({ has: page.getByTestId('due-badge') }).first();
  const due = await loan.getByTestId('due-badge').textContent();
  await loan.getByRole('link', { name: wordsIn('en')('orders:list.viewDetails') }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  const orderPath = new URL(page.url()).pathname;
  await expect(page.getByTestId('due-badge').first()).toBeVisible();
  await waitUntilKept(page, new RegExp(`^/api${orderPath}$`));
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByTestId('due-badge').first()).toHaveText(due ?? '');
  await expect(page.getByTestId('offline-banner')).toContainText(bannerStart('en'));
});

test("one member's kept orders are gone when another member's session starts, even without a sign-out", async ({
  newMember,
  pageAs,
}) => {
  // Dewi's orders are kept on this browser; her session then ends on the server (as an expiry
  // would, no sign-out on this page) and Putu signs in on the same browser.
  const page = await pageAs(DEMO.borrower);
  await page.goto('/my-orders');
  await expect(page.getByTestId('order-row').first()).toBeVisible();
  await controlled(page);
  await waitUntilKept(page, /^\/api\/me$/, /^\/api\/orders\?/);
  await page
    .getByRole('link', { name: wordsIn('en')('orders:list.viewDetails') })
    .first()
    .click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  const dewisOrder = new URL(page.url()).pathname;
  await waitUntilKept(page, new RegExp(`^/api${dewisOrder}$`));
  const ended = await page.request.post('/api/auth/sign-out', { data: {}, headers: headers() });
  expect(ended.ok()).toBeTruthy();
  const other = await newMember({ prefix: 'pwa-next' });
  const signedIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: other.email, password: other.password },
    headers: headers(),
  });
  expect(signedIn.ok()).toBeTruthy();

  await page.goto('/my-orders');
  await expect(
    page.getByRole('heading', { name: wordsIn('en')('orders:empty.borrowerTitle') }),
  ).toBeVisible();
  await waitUntilKept(page, /^\/api\/me$/, /^\/api\/orders\?/);
  expect(await keptPaths(page)).not.toContain(`/api${dewisOrder}`);
  // Offline now, the page shows Putu's (no) orders, never Dewi's.
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(
    page.getByRole('heading', { name: wordsIn('en')('orders:empty.borrowerTitle') }),
  ).toBeVisible();
  await expect(page.getByTestId('order-row')).toHaveCount(0);
  // Dewi's order, opened on this browser before, is not there to read.
  await page.goto(dewisOrder);
  await expect(page.getByText(wordsIn('en')('orders:errors.loadDetail'))).toBeVisible();
  await expect(page.getByTestId('due-badge')).toHaveCount(0);
});

test("an admin's reads are never kept: offline, an admin gets the offline page", async ({ pageAs }) => {
  const page = await pageAs(DEMO.admin);
  await page.goto('/my-orders');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await controlled(page);
  // Asked again through the worker (it warms the page's data once it takes over): still nothing kept.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await keptPaths(page)).toEqual([]);
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: wordsIn('en')('pwa:offlinePage.title') })).toBeVisible();
});

for (const lang of ['en', 'id'] as const) {
  test.describe(`on an iPhone, in ${lang}`, () => {
    test.use({ userAgent: IPHONE, viewport: { width: 390, height: 844 } });

    test('after an order the iPhone steps are offered until dismissed; offline My Orders; nothing kept after sign-out', async ({
      newMember,
    }, info) => {
      const w = wordsIn(lang);
      const { page: owner } = await newMember({ prefix: `pwa-owner-${lang}` });
      const { items: locations } = (await (await owner.request.get('/api/pickup-locations')).json()) as {
        items: Array<{ id: string; name: string }>;
      };
      const location = locations[0];
      const chosen = await owner.request.put('/api/profile/pickup-locations', {
        data: { ids: [location.id] },
        headers: headers(),
      });
      expect(chosen.ok(), await chosen.text()).toBeTruthy();
      const title = uniqueTitle(`Installable ${lang}`);
      const book = await uploadBookByApi(owner, { title, author: 'Ketut Offline', weeklyPrice: '12.000' });

      const borrower: SignedInMember = await newMember({ prefix: `pwa-borrower-${lang}` });
      const page = borrower.page;
      const saved = await page.request.put('/api/profile/language', {
        data: { language: lang },
        headers: headers(),
      });
      expect(saved.ok(), await saved.text()).toBeTruthy();
      const added = await page.request.post('/api/cart/items', {
        data: { bookId: book.id },
        headers: headers(),
      });
      expect(added.status(), await added.text()).toBe(201);

      // Nothing is offered before anything worth keeping: not on the checkout page.
      await page.goto('/checkout');
      await expect(page.getByTestId('install-offer')).toHaveCount(0);
      await page.getByRole('radio', { name: new RegExp(w('checkout:method.pickup')) }).check();
      await page.getByRole('radio', { name: new RegExp(location.name) }).check();
      await page.getByRole('button', { name: w('checkout:review.place') }).click();
      await expect(page).toHaveURL(/\/order-confirmation$/);

      const offer = page.getByTestId('install-offer');
      await expect(offer.getByRole('heading', { name: w('pwa:install.iosTitle') })).toBeVisible();
      const steps = offer.getByTestId('install-ios-steps');
      await expect(steps).toContainText(w('pwa:install.iosSteps.share'));
      await expect(steps).toContainText(w('pwa:install.iosSteps.add'));
      await expect(steps).toContainText(w('pwa:install.iosSteps.confirm'));
      // No install button on an iPhone: Safari has no such dialog.
      await expect(offer.getByRole('button', { name: w('pwa:install.install') })).toHaveCount(0);
      await accessible(page);
      await shoot(page, info, `install-offer-${lang}`);

      // Dismissed once, it stays dismissed: on this page after a reload, and after the next order.
      await offer.getByRole('button', { name: w('pwa:install.noThanks') }).click();
      await expect(offer).toHaveCount(0);
      await page.reload();
      await expect(page.getByTestId('order-number').first()).toBeVisible();
      await expect(page.getByTestId('install-offer')).toHaveCount(0);
      expect(await page.evaluate(() => localStorage.getItem('rakbuku.installOffer'))).toBe('dismissed');
      // The account area still has the steps for whoever looks for them.
      await page.goto('/profile/edit');
      await expect(
        page.getByTestId('install-offer').getByRole('heading', { name: w('pwa:install.accountTitle') }),
      ).toBeVisible();
      await expect(page.getByTestId('install-ios-steps')).toBeVisible();

      // My Orders, once online, then offline as last seen.
      await page.goto('/my-orders');
      const rows = page.getByTestId('order-row');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(title);
      await controlled(page);
      await waitUntilKept(page, /^\/api\/me$/, /^\/api\/orders\?/);
      await page.context().setOffline(true);
      await page.reload();
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(title);
      await expect(page.getByTestId('offline-banner')).toContainText(bannerStart(lang));
      await accessible(page);
      await shoot(page, info, `offline-my-orders-${lang}`);

      // Signed out (online), nothing of the member stays: offline, the offline page, not their orders.
      await page.context().setOffline(false);
      await page.reload();
      await expect(rows).toHaveCount(1);
      await page.getByRole('button', { name: w('common:nav.account') }).click();
      await page.getByRole('menuitem', { name: w('common:nav.signOut') }).click();
      await expect(page).toHaveURL(/\/$/);
      expect(await keptPaths(page)).toEqual([]);
      await page.context().setOffline(true);
      await page.goto('/my-orders');
      await expect(page.getByRole('heading', { name: w('pwa:offlinePage.title') })).toBeVisible();
      await expect(page.getByText(title)).toHaveCount(0);
      await accessible(page);
      await shoot(page, info, `offline-page-${lang}`);
    });
  });
}

test("from the account area, on a browser that offers installing, Install opens the browser's dialog", async ({
  freshMember,
}) => {
  const w = wordsIn('en');
  const page = freshMember.page;
  await page.goto('/profile/edit');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Headless Chromium makes no install offer of its own: the page gets one shaped like Chrome's.
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {
        (window as unknown as { prompted: boolean }).prompted = true;
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(offer);
    (window as unknown as { heldBack: boolean }).heldBack = offer.defaultPrevented;
  });
  // Held back: the browser shows no banner of its own.
  expect(await page.evaluate(() => (window as unknown as { heldBack: boolean }).heldBack)).toBe(true);
  const offer = page.getByTestId('install-offer');
  await expect(offer.getByRole('heading', { name: w('pwa:install.accountTitle') })).toBeVisible();
  await offer.getByRole('button', { name: w('pwa:install.install') }).click();
  await expect(offer).toContainText(w('pwa:install.installed'));
  expect(await page.evaluate(() => (window as unknown as { prompted: boolean }).prompted)).toBe(true);
});
