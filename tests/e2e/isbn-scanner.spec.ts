import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '@tests/support/fixtures';
import { uniqueTitle, uploadBookByApi } from './catalog-helpers';
import { writeEan13Y4m } from './ean13-video';

// D30: "Scan ISBN" reads a book's EAN-13 through the camera with the decoder the app ships.
// Chromium's fake camera shows a barcode (a Y4M video drawn from the EAN-13 tables); every
// request to a host other than the app is refused and recorded, so a decoder or .wasm fetched
// from anywhere else fails the journey.

const ISBN = '9786020332956'; // 602-03-3295-0, an Indonesian ISBN
const video = writeEan13Y4m(join(tmpdir(), `rakbuku-ean13-${process.pid}.y4m`), ISBN);

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  },
});

/** Refuses (and records) every request that does not go to the app's own host. */
async function onlyTheApp(page: Page): Promise<string[]> {
  const refused: string[] = [];
  const appHost = new URL(process.env.E2E_BASE_URL ?? '').host;
  await page.context().route('**/*', (route) => {
    const url = route.request().url();
    if (new URL(url).host === appHost) return route.continue();
    refused.push(url);
    return route.abort('blockedbyclient');
  });
  return refused;
}

test('Scan ISBN fills the field from the camera, with the decoder from our own server, and offers the listing', async ({
  ownerPage,
  freshMember,
}) => {
  // Another member lists a book with this ISBN: the form offers its details (D30).
  const title = uniqueTitle('Scanned Book');
  await uploadBookByApi(ownerPage, {
    title,
    author: 'Andrea Hirata',
    weeklyPrice: '15000',
    isbn: '602-03-3295-0',
  });

  const { page } = freshMember;
  const refused = await onlyTheApp(page);
  await page.context().grantPermissions(['camera']);
  const requested: string[] = [];
  page.on('request', (req) => requested.push(req.url()));

  await page.goto('/books/new');
  await expect(page.getByRole('button', { name: 'Upload Book' })).toBeVisible();
  // Nothing of the decoder is part of the page's first load.
  expect(requested.filter((url) => /barcode-decoder|zxing|\.wasm/.test(url))).toEqual([]);

  const wasm = page.waitForResponse((res) => /\/assets\/zxing_reader-[\w-]+\.wasm$/.test(res.url()));
  await page.getByRole('button', { name: 'Scan ISBN' }).click();
  const dialog = page.getByRole('dialog', { name: 'Scan ISBN' });
  await expect(dialog).toBeVisible();
  const served = await wasm;
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('application/wasm');

  await expect(page.getByLabel('ISBN (optional)')).toHaveValue(ISBN, { timeout: 20_000 });
  await expect(dialog).toBeHidden();
  // The camera is released once the scanner closes.
  await expect.poll(() => page.evaluate(() => [...document.querySelectorAll('video')].length)).toBe(0);

  const offer = page.getByRole('status').filter({ hasText: 'Another listing with this ISBN' });
  await expect(offer).toContainText(title);
  await offer.getByRole('button', { name: 'Use these details' }).click();
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByLabel('Author')).toHaveValue('Andrea Hirata');

  expect(refused).toEqual([]);
});

test('without camera permission the button explains, and the ISBN can still be typed', async ({
  freshMember,
}) => {
  const { page } = freshMember;
  await onlyTheApp(page);
  // The browser refuses the camera as it does when the member said no.
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await page.goto('/books/new');
  await page.getByRole('button', { name: 'Scan ISBN' }).click();
  await expect(page.getByText('Camera access was not allowed.')).toBeVisible();
  await page.getByLabel('ISBN (optional)').fill('602-03-3295-0');
  await expect(page.getByLabel('ISBN (optional)')).toHaveValue('602-03-3295-0');
});
