import type { Page } from '@playwright/test';
import { expect, test } from '@tests/support/fixtures';

// Loans that run themselves (issue 13, D21): an overdue loan is marked so for the borrower, the
// owner and the admin. The demo seeds the demo borrower's loan of Made Wirawan's 'Circe',
// delivered 10 days before for 1 week: 3 days overdue (and one due in 5 days, one due tomorrow).

const OVERDUE_BOOK = 'Circe';

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

test('an overdue loan is marked so for the borrower, the owner and the admin', async ({
  memberPage: borrower,
  ownerPage: owner,
  adminPage: admin,
}) => {
  // --- The borrower: My Orders and the order page ------------------------------------------
  const number = await overdueNumber(borrower);
  await borrower.goto('/my-orders');
  const row = borrower.getByTestId('order-row').filter({ hasText: `Order #${number}` });
  await expect(row.getByTestId('due-badge')).toHaveText(/^\d+ days? overdue$/);
  await expect(row.getByTestId('due-badge')).toHaveAttribute('data-state', 'overdue');
  // The other demo loans: one due in days, one due soon.
  await expect(
    borrower.getByTestId('due-badge').filter({ hasText: /^due (in \d+ days?|tomorrow)$/ }),
  ).toHaveCount(2);
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
  await owner.goto('/my-orders');
  await owner.getByRole('tab', { name: 'Orders for my books' }).click();
  const ownerRow = owner.getByTestId('order-row').filter({ hasText: `Order #${number}` });
  await expect(ownerRow.getByTestId('due-badge')).toHaveText(/^\d+ days? overdue$/);
  await ownerRow.getByRole('link', { name: 'View Details' }).click();
  await expect(owner.getByText(OVERDUE_BOOK)).toBeVisible();
  await expect(owner.getByTestId('loan-panel').getByTestId('due-badge')).toHaveText(/^\d+ days? overdue$/);
  await owner.context().close();

  // --- The admin: the Overdue stat card and filter -----------------------------------------
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
    /^due (in 2 days|tomorrow|today)$/,
  );
  await admin.context().close();
});
