import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO } from './support';

// Loans that run themselves (issue 13, D21): an overdue loan is marked so for the borrower, the
// owner and the admin. The demo seeds the demo borrower's loan of Made Wirawan's 'Circe',
// delivered 10 days before for 1 week: 3 days overdue (and one due in 5 days, one due tomorrow).

const OVERDUE_BOOK = 'Circe';

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

/** The number of the demo borrower's overdue order, read from the API. */
async function overdueNumber(page: Page): Promise<string> {
  const res = await page.request.get('/api/orders?as=borrower');
  const { items } = (await res.json()) as {
    items: Array<{ id: string; number: string; loan: { state: string } | null }>;
  };
  const overdue = items.find((o) => o.loan?.state === 'overdue');
  expect(overdue, 'the demo has an overdue loan').toBeTruthy();
  return overdue!.number;
}

test('an overdue loan is marked so for the borrower, the owner and the admin', async ({ browser }) => {
  // --- The borrower: My Orders and the order page ------------------------------------------
  const borrower = await signedInPage(browser, DEMO.borrower.email, DEMO.borrower.password);
  const number = await overdueNumber(borrower);
  await borrower.goto('/my-orders');
  const row = borrower.getByTestId('order-row').filter({ hasText: `Order #${number}` });
  await expect(row.getByTestId('due-badge')).toHaveText(/^\d+ days? overdue$/);
  await expect(row.getByTestId('due-badge')).toHaveAttribute('data-state', 'overdue');
  // The other demo loans: one due in days, one due soon.
  await expect(borrower.getByTestId('due-badge').filter({ hasText: /^due in \d+ days?$/ })).toHaveCount(2);
  await row.getByRole('link', { name: 'View Details' }).click();
  const panel = borrower.getByTestId('loan-panel');
  await expect(panel.getByTestId('due-badge')).toHaveText(/^\d+ days? overdue$/);
  await expect(panel).toContainText('This loan is overdue. Please return the books as soon as you can.');
  await expect(panel.getByRole('button', { name: 'Extend loan' })).toHaveCount(0);
  await expect(panel.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
    'href',
    /\/api\/orders\/[0-9a-f-]+\/due-date\.ics$/,
  );
  await borrower.context().close();

  // --- The owner: Orders for my books --------------------------------------------------------
  const owner = await signedInPage(browser, DEMO.owner.email, DEMO.owner.password);
  await owner.goto('/my-orders');
  await owner.getByRole('tab', { name: 'Orders for my books' }).click();
  const ownerRow = owner.getByTestId('order-row').filter({ hasText: `Order #${number}` });
  await expect(ownerRow.getByTestId('due-badge')).toHaveText(/^\d+ days? overdue$/);
  await ownerRow.getByRole('link', { name: 'View Details' }).click();
  await expect(owner.getByText(OVERDUE_BOOK)).toBeVisible();
  await expect(owner.getByTestId('loan-panel').getByTestId('due-badge')).toHaveText(/^\d+ days? overdue$/);
  await owner.context().close();

  // --- The admin: the Overdue stat card and filter -----------------------------------------
  const admin = await signedInPage(browser, DEMO.admin.email, DEMO.admin.password);
  await admin.goto('/admin');
  await expect(admin.getByText('Overdue loans', { exact: true })).toBeVisible();
  await admin.getByRole('tab', { name: /^Orders/ }).click();
  await admin.getByLabel('Status', { exact: true }).selectOption({ label: 'Overdue' });
  await expect(admin).toHaveURL(/status=overdue/);
  const card = admin.getByRole('article', { name: `Order #${number}` });
  await expect(card.getByTestId('due-badge')).toHaveText(/^\d+ days? overdue$/);
  await admin.getByLabel('Status', { exact: true }).selectOption({ label: 'Due within 2 days' });
  await expect(admin).toHaveURL(/status=due_soon/);
  await expect(admin.getByRole('article', { name: `Order #${number}` })).toHaveCount(0);
  await expect(admin.getByRole('article').first().getByTestId('due-badge')).toHaveText(
    /^due (in [12] days?|today)$/,
  );
  await admin.context().close();
});
