import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO, waitForMail } from './support';

// The admin's journey (issue 6): Wayan borrows one of Ayu's books with delivery; the admin sets
// the shipping cost on the Draft order and moves it through every status to Completed with the
// dashboard's buttons, the book Borrowed in between and Available at the end; the Emails tab
// lists the notices sent.
//
// Demo data used only here: Ayu Lestari's 'Bawang Merah Bawang Putih', borrowed by Wayan Dharma.

const WAYAN = { email: 'wayan@example.com', password: 'owner12345', name: 'Wayan Dharma' };
const AYU_EMAIL = 'ayu@example.com';
const BOOK = 'Bawang Merah Bawang Putih';

function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set (global setup did not run)');
  return url;
}

async function signedInPage(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: { origin: baseUrl() },
  });
  expect(res.ok(), `sign in ${email}`).toBeTruthy();
  return page;
}

/** Wayan checks out one of Ayu's books with delivery; returns the order number. */
async function placeOrder(browser: Browser): Promise<string> {
  const page = await signedInPage(browser, WAYAN.email, WAYAN.password);
  const cleared = await page.request.delete('/api/cart', { headers: { origin: baseUrl() } });
  expect(cleared.ok()).toBeTruthy();

  await page.goto(`/books?q=${encodeURIComponent(BOOK)}`);
  const card = page
    .locator('article')
    .filter({ has: page.getByRole('heading', { name: BOOK, exact: true }) });
  await card.getByRole('button', { name: 'Add' }).click();
  await expect(card.getByRole('button', { name: 'Added' })).toBeDisabled();

  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  // Delivery is the default; the address form is filled in from Wayan's profile.
  await expect(page.getByRole('radio', { name: /^Delivery/ })).toBeChecked();
  await page.getByRole('textbox', { name: 'Full name' }).fill(WAYAN.name);
  await page.getByRole('textbox', { name: 'Phone' }).fill('+6281234567890');
  await page.getByRole('textbox', { name: 'Address' }).fill('Jl. Labuansait No. 33, Pecatu, Badung, Bali');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order-confirmation$/);
  const number =
    (await page.getByTestId('order-number').first().textContent())?.replace('#', '').trim() ?? '';
  expect(number).toMatch(/^[0-9A-Z]{8}$/);
  await page.context().close();
  return number;
}

async function openTab(page: Page, tab: 'Orders' | 'Books' | 'Users' | 'Emails') {
  await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
  await expect(page.getByRole('tab', { name: new RegExp(`^${tab}`) })).toHaveAttribute(
    'aria-selected',
    'true',
  );
}

async function search(page: Page, placeholder: RegExp, text: string) {
  await page.getByPlaceholder(placeholder).fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

/** The order's card in the Orders tab, found by its number. */
async function orderCard(page: Page, number: string): Promise<Locator> {
  await openTab(page, 'Orders');
  await search(page, /Search by order number/, number);
  const card = page.getByRole('article', { name: `Order #${number}` });
  await expect(card).toBeVisible();
  return card;
}

async function expectBookStatus(page: Page, status: 'Available' | 'Borrowed') {
  await openTab(page, 'Books');
  await search(page, /Search by title/, BOOK);
  await expect(page.getByLabel(`Status of "${BOOK}"`)).toHaveValue(status);
}

test('the admin prices a Draft order and walks it to Completed; the book follows; the emails are listed', async ({
  browser,
}) => {
  const number = await placeOrder(browser);

  // --- A member is refused the dashboard ---------------------------------------------------
  const member = await signedInPage(browser, WAYAN.email, WAYAN.password);
  await member.goto('/admin');
  await expect(member.getByText('Access denied. Admin privileges required.')).toBeVisible();
  const refused = await member.request.get('/api/admin/stats');
  expect(refused.status()).toBe(403);
  await member.context().close();

  const admin = await signedInPage(browser, DEMO.admin.email, DEMO.admin.password);
  await admin.goto('/admin');
  await expect(admin.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  for (const label of ['Total Orders', 'Total Books', 'Total Users', 'Pending Emails']) {
    await expect(admin.getByText(label, { exact: true })).toBeVisible();
  }

  // --- Draft: the shipping cost form ------------------------------------------------------
  let card = await orderCard(admin, number);
  await expect(card.locator('header')).toContainText('Draft');
  await expect(card).toContainText(WAYAN.name);
  await expect(card).toContainText(AYU_EMAIL); // the owner's contact, for the admin only
  await expect(card).toContainText('Rp 6.000'); // subtotal, D1
  const cost = card.getByLabel(`Shipping cost for order #${number}`);
  const setCost = card.getByRole('button', { name: 'Set Shipping Cost' });
  await expect(setCost).toBeDisabled();
  await cost.fill('0');
  await expect(setCost).toBeDisabled();
  await expect(card.getByText('Please enter a valid shipping cost')).toBeVisible();
  await cost.fill('15000');
  await expect(setCost).toBeEnabled();
  await setCost.click();
  await expect(card.locator('header')).toContainText('Waiting for Payment');
  await expect(card).toContainText('Rp 15.000');
  await expect(card).toContainText('Rp 21.000');
  await expectBookStatus(admin, 'Available');

  // --- Every button in turn; the book is Borrowed while it is out -------------------------
  const steps: Array<[string, string]> = [
    ['Confirm Payment', 'Processed'],
    ['Mark as Shipped', 'Delivery in Progress'],
    ['Mark as Delivered', 'Delivered'],
    ['Mark Return Started', 'Returning in Progress'],
    ['Confirm Return Complete', 'Completed'],
  ];
  for (const [button, status] of steps) {
    card = await orderCard(admin, number);
    await card.getByRole('button', { name: button }).click();
    await expect(card.locator('header')).toContainText(status);
    if (status === 'Processed' || status === 'Returning in Progress')
      await expectBookStatus(admin, 'Borrowed');
  }
  card = await orderCard(admin, number);
  // A completed order offers no next step and no Cancel.
  await expect(card.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await expectBookStatus(admin, 'Available');

  // --- The notices reached Wayan over SMTP, and the Emails tab lists them ----------------
  const payment = await waitForMail(WAYAN.email, `Payment instructions for order #${number}`);
  expect(payment.body).toContain('Rp 21.000');
  await waitForMail(WAYAN.email, `Order #${number} is completed`);

  await openTab(admin, 'Emails');
  await search(admin, /Search by recipient/, number);
  const subjects = [
    `We received your order #${number}`,
    `New borrowing request #${number}`,
    `Payment instructions for order #${number}`,
    `Payment confirmed for order #${number}`,
    `Order #${number} is paid: please ship the books`,
    `Order #${number} has shipped`,
    `Order #${number} was delivered`,
    `Order #${number} is being returned`,
    `Order #${number} is completed`,
  ];
  for (const subject of subjects) await expect(admin.getByText(subject).first()).toBeVisible();
  await admin.getByRole('button', { name: 'Process emails' }).click();
  await expect(admin.getByText('Email processing triggered successfully')).toBeVisible();
  await expect(admin.getByText(/emails? waiting to be sent/)).toContainText('0 emails waiting to be sent');
  await admin.context().close();
});
