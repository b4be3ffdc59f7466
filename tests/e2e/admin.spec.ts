import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { DEMO, e2eBaseUrl, expect, test, waitForMail } from '@tests/support/fixtures';
import { uniqueTitle, uploadBookByApi } from './catalog-helpers';

// The admin's journey (spec section 4, D8): Wayan borrows one of Ayu's books with delivery; the admin sets
// the shipping cost on the Draft order and moves it through every status to Completed with the
// dashboard's buttons, the book Borrowed in between and Available at the end; the Emails tab
// lists the notices sent.
//
// Demo data used only here: Ayu Lestari's 'Bawang Merah Bawang Putih', borrowed by Wayan Dharma.
// The second journey makes its own members and books.

const WAYAN = { email: 'wayan@example.com', password: 'owner12345', name: 'Wayan Dharma' };
const AYU_EMAIL = 'ayu@example.com';
const BOOK = 'Bawang Merah Bawang Putih';

// Each journey takes an order through many screens and waits for real emails: on a busy
// machine that is more than the default minute.
test.describe.configure({ timeout: 180_000 });

/** Wayan checks out one of Ayu's books with delivery; returns the order number. */
async function placeOrder(page: Page): Promise<string> {
  const cleared = await page.request.delete('/api/cart', { headers: { origin: e2eBaseUrl() } });
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
  pageAs,
  adminPage: admin,
}) => {
  const number = await placeOrder(await pageAs(WAYAN));

  // --- A member is refused the dashboard ---------------------------------------------------
  const member = await pageAs(WAYAN);
  await member.goto('/admin');
  await expect(member.getByText('Access denied. Admin privileges required.')).toBeVisible();
  const refused = await member.request.get('/api/admin/stats');
  expect(refused.status()).toBe(403);
  await member.context().close();

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
    // D33: Confirm Payment records the amount received (prefilled with the total) and the bank reference.
    if (button === 'Confirm Payment') {
      await expect(card.getByLabel('Amount received')).toHaveValue('21.000');
      await card.getByLabel('Bank reference').fill('E2E-ADMIN-REF');
    }
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

test('books and users tabs: status, delete with confirmation, roles (D12), deleting a member (D13)', async ({
  newMember,
  adminPage: admin,
  baseURL,
}) => {
  // --- Setup through the API: a new owner with two books, a new borrower with an open order ---
  const { page: ownerPage, email: ownerEmail } = await newMember();
  const spare = await uploadBookByApi(ownerPage, {
    title: uniqueTitle('Admin Spare'),
    author: 'Admin Journey',
    weeklyPrice: '9000',
  });
  const lent = await uploadBookByApi(ownerPage, {
    title: uniqueTitle('Admin Lent'),
    author: 'Admin Journey',
    weeklyPrice: '8000',
  });
  await ownerPage.context().close();

  const { page: borrowerPage, email: borrowerEmail } = await newMember();
  const headers = { origin: baseURL! };
  expect(
    (await borrowerPage.request.post('/api/cart/items', { headers, data: { bookId: lent.id } })).ok(),
  ).toBe(true);
  const checkout = await borrowerPage.request.post('/api/checkout', {
    headers,
    data: {
      idempotencyKey: `admin-journey-${Date.now()}`,
      deliveryMethod: 'delivery',
      deliveryAddress: {
        fullName: 'Putu Journey',
        phone: '081234567890',
        address: 'Jl. Raya Ubud No. 1, Bali',
      },
    },
  });
  expect(checkout.status(), await checkout.text()).toBe(201);
  const [order] = (await checkout.json()).orders as Array<{ id: string; number: string }>;
  await borrowerPage.context().close();

  await admin.goto('/admin?tab=books');

  // --- Books: the status select, then delete with the spec's confirmation --------------------
  await search(admin, /Search by title/, spare.title);
  const status = admin.getByLabel(`Status of "${spare.title}"`);
  await status.selectOption('Unavailable');
  await expect(admin.getByText(`"${spare.title}" is now Unavailable`)).toBeVisible();
  await admin.reload();
  await expect(status).toHaveValue('Unavailable');
  await status.selectOption('Available');
  await expect(admin.getByText(`"${spare.title}" is now Available`)).toBeVisible();

  await admin.getByRole('button', { name: `Delete ${spare.title}` }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog).toContainText(
    `Are you sure you want to delete "${spare.title}"? This action cannot be undone.`,
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(status).toBeVisible();
  await admin.getByRole('button', { name: `Delete ${spare.title}` }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(admin.getByText('No books found')).toBeVisible();

  // A book in an open order is not deleted; the operator is told why.
  await search(admin, /Search by title/, lent.title);
  await expect(admin.getByText('In an open order')).toBeVisible();
  await admin.getByRole('button', { name: `Delete ${lent.title}` }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(admin.getByRole('alert')).toContainText(
    'Failed to delete book: This book is part of an open order',
  );
  await expect(admin.getByLabel(`Status of "${lent.title}"`)).toBeVisible();

  // --- Users: roles between user and admin, never one's own (D12) ----------------------------
  await openTab(admin, 'Users');
  await search(admin, /Search by name, email/, ownerEmail);
  // Rows are named by email: every member made by the helper is called Putu Journey.
  const ownerRow = admin.getByRole('listitem', { name: ownerEmail });
  const role = ownerRow.getByLabel('Role of Putu Journey');
  await role.selectOption('admin');
  // Granting the admin role asks first.
  await admin.getByRole('button', { name: 'Make admin' }).click();
  await expect(admin.getByText('Putu Journey is now Admin')).toBeVisible();
  await expect(ownerRow.getByRole('button', { name: 'Delete Putu Journey' })).toBeDisabled();
  await role.selectOption('user');
  await admin.getByRole('button', { name: 'Remove admin' }).click();
  await expect(admin.getByText('Putu Journey is now User')).toBeVisible();
  await expect(ownerRow.getByRole('button', { name: 'Delete Putu Journey' })).toBeEnabled();

  await search(admin, /Search by name, email/, DEMO.admin.email);
  const selfRow = admin.getByRole('listitem', { name: DEMO.admin.email });
  await expect(selfRow.getByLabel('Role of Rakbuku Admin')).toBeDisabled();
  await expect(selfRow.getByRole('button', { name: 'Delete Rakbuku Admin' })).toBeDisabled();

  // --- Deleting a member: refused while they have an open order, then done (D13) -------------
  await search(admin, /Search by name, email/, borrowerEmail);
  const borrowerRow = admin.getByRole('listitem', { name: borrowerEmail });
  await expect(borrowerRow).toContainText('1 open order');
  await borrowerRow.getByRole('button', { name: 'Delete Putu Journey' }).click();
  await expect(admin.getByRole('dialog')).toContainText(borrowerEmail);
  await admin.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(admin.getByRole('alert')).toContainText('Failed to delete user: This user has open orders');

  const card = await orderCard(admin, order.number);
  await card.getByRole('button', { name: 'Cancel' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Cancel Order' }).click();
  await expect(card.locator('header')).toContainText('Cancelled');

  await openTab(admin, 'Users');
  await search(admin, /Search by name, email/, borrowerEmail);
  await admin
    .getByRole('listitem', { name: borrowerEmail })
    .getByRole('button', { name: 'Delete Putu Journey' })
    .click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(admin.getByText('No users found')).toBeVisible();

  // The order stays, with the name taken at checkout (D7, D13).
  const kept = await orderCard(admin, order.number);
  await expect(kept).toContainText('Putu Journey');
  await expect(kept).toContainText(borrowerEmail);

  // --- Accessibility of the dashboard, and its failure state ---------------------------------
  const results = await new AxeBuilder({ page: admin })
    .include('main')
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  await admin.route('**/api/admin/users**', (route) => route.fulfill({ status: 500, body: '{}' }));
  await openTab(admin, 'Users');
  await expect(admin.getByRole('alert')).toHaveText('Failed to load data');
  await admin.context().close();
});
