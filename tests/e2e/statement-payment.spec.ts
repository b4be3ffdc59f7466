import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import type { OrderMoney } from '@domain/order-types';
import type { UiLanguage } from '@domain/ui-language';
import { DEMO, expect, test } from '@tests/support/fixtures';
import { type ServerProcess, startServer } from '@tests/support/server-process';
import { sampleStatement } from '@tests/support/statements';
import { coverPng, uniqueTitle } from './catalog-helpers';
import { wordsIn } from './words';

// D42's statement adapter: this journey runs its own server with PAYMENT_PROVIDER=statement. The
// demo borrower checks out with pickup and their order asks for a unique amount (the total minus
// a code); the admin uploads the bank's statement (BCA's export) on the Payment tasks tab, sees
// the line confirmed, and the order page shows Payment confirmed, in English and in Indonesian.

let server: ServerProcess;
let dataDir: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = mkdtempSync(join(tmpdir(), 'rakbuku-statement-'));
  server = await startServer({
    DATA_DIR: dataDir,
    WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR ?? '',
    SEED_DEMO: 'true',
    DATABASE_URL: '',
    PAYMENT_PROVIDER: 'statement',
  });
});

test.afterAll(async () => {
  await server?.kill('SIGTERM');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function signedIn(who: { email: string; password: string }): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({
    baseURL: server.url,
    extraHTTPHeaders: { origin: server.url },
  });
  const res = await api.post('/api/auth/sign-in/email', {
    data: { email: who.email, password: who.password },
  });
  expect(res.ok(), `sign in ${who.email}: ${res.status()}`).toBeTruthy();
  return api;
}

/** A pickup order of the demo borrower and the unique amount it asks for. */
async function payableOrder(): Promise<{ orderId: string; number: string; amount: number }> {
  const owner = await signedIn(DEMO.owner);
  const { items: locations } = (await (await owner.get('/api/pickup-locations')).json()) as {
    items: Array<{ id: string }>;
  };
  expect(
    (await owner.put('/api/profile/pickup-locations', { data: { ids: [locations[0].id] } })).ok(),
  ).toBeTruthy();
  const listed = await owner.post('/api/books', {
    multipart: {
      title: uniqueTitle('Statement money'),
      author: 'Made Mutasi',
      language: 'English',
      condition: 'Good',
      category: 'Adult',
      summary: 'A book paid by bank transfer.',
      weeklyPrice: '15.000',
      monthlyPrice: '',
      isbn: '',
      cover: { name: 'cover.png', mimeType: 'image/png', buffer: await coverPng() },
    },
  });
  expect(listed.status(), await listed.text()).toBe(201);
  const book = (await listed.json()) as { id: string };
  const borrower = await signedIn(DEMO.borrower);
  expect((await borrower.post('/api/cart/items', { data: { bookId: book.id } })).status()).toBe(201);
  const placed = await borrower.post('/api/checkout', {
    data: { idempotencyKey: randomUUID(), deliveryMethod: 'pickup', pickupLocationId: locations[0].id },
  });
  expect(placed.ok(), await placed.text()).toBeTruthy();
  const [order] = ((await placed.json()) as { orders: Array<{ id: string; number: string }> }).orders;
  const money = (await (await borrower.get(`/api/orders/${order.id}/money`)).json()) as OrderMoney;
  const transfer = money.payment?.transfer;
  expect(transfer).toBeTruthy();
  await Promise.all([owner.dispose(), borrower.dispose()]);
  return { orderId: order.id, number: order.number, amount: Number.parseInt(transfer!.amount, 10) };
}

for (const lang of ['en', 'id'] as const satisfies UiLanguage[]) {
  test(`an admin uploads the bank statement and the order shows Payment confirmed (${lang})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const w = wordsIn(lang);
    const order = await payableOrder();
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    expect(
      (
        await page.request.post('/api/auth/sign-in/email', {
          data: DEMO.admin,
          headers: { origin: server.url },
        })
      ).ok(),
    ).toBeTruthy();
    expect(
      (
        await page.request.put('/api/profile/language', {
          data: { language: lang },
          headers: { origin: server.url },
        })
      ).ok(),
    ).toBeTruthy();

    await page.goto('/admin?tab=paymentTasks');
    const upload = page.getByTestId('statement-upload');
    await expect(upload).toContainText(w('finance:statement.title'));
    const today = new Date().toISOString().slice(0, 10);
    await upload.getByLabel(w('finance:statement.file')).setInputFiles({
      name: 'mutasi-bca.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        sampleStatement('bca', [{ date: today, description: 'DEMO BORROWER', amount: order.amount }]),
      ),
    });
    await upload.getByRole('button', { name: w('finance:statement.upload') }).click();
    const line = upload.getByTestId('statement-line').filter({ hasText: 'DEMO BORROWER' });
    await expect(line).toContainText(w('finance:statement.outcomes.matched'));
    await expect(upload.getByTestId('statement-result')).toContainText(
      w('finance:statement.read', { count: 1, layout: 'BCA' }),
    );
    const a11y = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(a11y.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);

    await line.getByRole('link', { name: w('finance:tasks.order', { number: order.number }) }).click();
    await expect(page.getByTestId('payment-confirmed')).toBeVisible();
    await context.close();
  });
}
