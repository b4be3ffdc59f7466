import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import type { UiLanguage } from '@domain/ui-language';
import { type FakeGateway, startFakeGateway } from '@server/modules/payments/fake-gateway/server';
import { DEMO, expect, test } from '@tests/support/fixtures';
import { type ServerProcess, startServer } from '@tests/support/server-process';
import { coverPng, uniqueTitle } from './catalog-helpers';
import { wordsIn } from './words';

// D44: late money is a task, not a revival. This journey runs its own server whose payments go
// through the production Xendit adapter to a fake gateway started here (the shared journey
// server's in-process gateway cannot be reached from a spec): a borrower checks out with pickup,
// opens the order (its codes are created at the gateway), cancels it, and then pays the QRIS
// code at the gateway. The admin finds the late payment on the Payment tasks tab and refunds it
// through the provider, in English and in Indonesian.

const SECRET = 'xnd_development_journey_secret';
const TOKEN = 'journey-callback-token-0123456789';
/** The notice route (payments/routes.ts); its module reads the catalogues, which this loader cannot. */
const NOTICE_PATH = '/api/payments/notices';

let gateway: FakeGateway;
let server: ServerProcess;
let dataDir: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  gateway = await startFakeGateway({
    secretKey: SECRET,
    callbackToken: TOKEN,
    noticeUrl: 'http://127.0.0.1:1/',
  });
  dataDir = mkdtempSync(join(tmpdir(), 'rakbuku-payment-tasks-'));
  server = await startServer({
    DATA_DIR: dataDir,
    WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR ?? '',
    SEED_DEMO: 'true',
    DATABASE_URL: '',
    PAYMENT_PROVIDER: 'xendit',
    XENDIT_SECRET_KEY: SECRET,
    XENDIT_CALLBACK_TOKEN: TOKEN,
    XENDIT_API_URL: gateway.url,
    // A mail transport, so a stored notice is processed at once (the outbox pass is kicked)
    // rather than at the next minute's pass; the emails are files under DATA_DIR/mail.
    MAIL_TRANSPORT: 'file',
  });
  gateway.noticeUrl = `${server.url}${NOTICE_PATH}`;
});

test.afterAll(async () => {
  await server?.kill('SIGTERM');
  await gateway?.close();
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

/** A pickup order of the demo borrower, its codes created at the gateway, then cancelled and paid. */
async function latePayment(): Promise<{ orderId: string; number: string; requestId: string }> {
  const owner = await signedIn(DEMO.owner);
  const { items: locations } = (await (await owner.get('/api/pickup-locations')).json()) as {
    items: Array<{ id: string }>;
  };
  expect(
    (await owner.put('/api/profile/pickup-locations', { data: { ids: [locations[0].id] } })).ok(),
  ).toBeTruthy();
  const listed = await owner.post('/api/books', {
    multipart: {
      title: uniqueTitle('Late money'),
      author: 'Wayan Refund',
      language: 'English',
      condition: 'Good',
      category: 'Adult',
      summary: 'A book whose payment comes late.',
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
  const { orders } = (await placed.json()) as { orders: Array<{ id: string; number: string }> };
  const [order] = orders;
  // The order page's payment: the codes are created at the gateway.
  const before = new Set(gateway.requests.keys());
  expect((await borrower.get(`/api/orders/${order.id}/payment/gateway`)).ok()).toBeTruthy();
  const qris = [...gateway.requests.values()].find(
    (r) => !before.has(r.payment_request_id) && r.channel_code === 'QRIS',
  );
  expect(qris).toBeDefined();
  const cancelled = await borrower.post(`/api/orders/${order.id}/actions`, { data: { type: 'cancel' } });
  expect(cancelled.ok(), await cancelled.text()).toBeTruthy();
  // The borrower's app pays the code anyway: the gateway takes the money and tells the server.
  const paid = await gateway.pay(qris!.payment_request_id);
  expect(paid.status).toBe(200);
  await Promise.all([owner.dispose(), borrower.dispose()]);
  return { orderId: order.id, number: order.number, requestId: qris!.payment_request_id };
}

for (const lang of ['en', 'id'] as const satisfies UiLanguage[]) {
  test(`an admin finds a payment that came after the order was cancelled and refunds it (${lang})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const w = wordsIn(lang);
    const late = await latePayment();

    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    const signIn = await page.request.post('/api/auth/sign-in/email', {
      data: DEMO.admin,
      headers: { origin: server.url },
    });
    expect(signIn.ok()).toBeTruthy();
    const saved = await page.request.put('/api/profile/language', {
      data: { language: lang },
      headers: { origin: server.url },
    });
    expect(saved.ok()).toBeTruthy();

    // The worker processes the notice at once; the task is listed once it has.
    await expect
      .poll(async () => {
        const res = await page.request.get('/api/admin/payment-tasks');
        const body = (await res.json()) as { items: Array<{ order: { id: string } | null }> };
        return body.items.some((t) => t.order?.id === late.orderId);
      })
      .toBe(true);

    await page.goto('/admin?tab=paymentTasks');
    await expect(page.getByRole('tab', { name: w('admin:tabs.paymentTasks') })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const task = page
      .getByTestId('payment-task')
      .filter({ hasText: w('finance:tasks.order', { number: late.number }) });
    await expect(task).toBeVisible();
    await expect(task).toContainText(w('finance:tasks.kinds.late'));
    await expect(task).toContainText('Rp 15.000');
    await expect(task).toContainText(w('finance:tasks.methods.qris'));

    await task.getByRole('button', { name: w('finance:tasks.actions.refund'), exact: true }).click();
    await expect(task).toContainText(w('finance:tasks.refund.provider', { amount: 'Rp 15.000' }));
    // The open panel passes axe (it is reached only by clicking).
    const a11y = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(a11y.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);

    const refundsBefore = gateway.refunds.length;
    await task
      .getByRole('button', { name: w('finance:tasks.refund.providerButton', { amount: 'Rp 15.000' }) })
      .click();
    await expect(page.getByText(w('finance:tasks.done.refunded'))).toBeVisible();
    await expect(task).toHaveCount(0);
    expect(gateway.refunds.length).toBe(refundsBefore + 1);
    expect(gateway.refunds.at(-1)).toMatchObject({ payment_request_id: late.requestId, amount: 15000 });

    // Resolved: listed under Resolved with how.
    await page.getByLabel(w('finance:tasks.stateLabel')).selectOption('resolved');
    const resolved = page
      .getByTestId('payment-task')
      .filter({ hasText: w('finance:tasks.order', { number: late.number }) });
    await expect(resolved).toContainText(
      w('finance:tasks.resolutions.refunded', { ref: gateway.refunds.at(-1)!.id }),
    );
    await expect(resolved.getByRole('button')).toHaveCount(0);

    // The borrower is told, in their language (the demo borrower's is English).
    const subject = wordsIn('en')('emails:orders.paymentRefunded.subject', { number: late.number });
    await expect
      .poll(() =>
        readdirSync(join(dataDir, 'mail')).some((f) =>
          readFileSync(join(dataDir, 'mail', f), 'utf8').includes(subject),
        ),
      )
      .toBe(true);
    await context.close();
  });
}
