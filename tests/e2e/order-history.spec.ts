import type { Page } from '@playwright/test';
import { expect, signInOnScreen, test } from '@tests/support/fixtures';
import { historyTitle, ORDER_HISTORY } from '@tests/support/order-history';

// My orders at scale (docs/architecture.md, "Lists at scale"): a borrower with 600 orders pages
// forward and back, reaches the oldest, and each page holds the next 20 in turn.

/** The first and last book titles of the page shown, and how many rows it has. */
async function pageShows(page: Page, newest: number, oldest: number) {
  const rows = page.getByTestId('order-row');
  await expect(rows.first().getByTestId('order-titles')).toContainText(historyTitle(newest));
  await expect(rows.last().getByTestId('order-titles')).toContainText(historyTitle(oldest));
  await expect(rows).toHaveCount(newest - oldest + 1);
}

test('a borrower with 600 orders pages through My orders, forward and back, and reaches the oldest', async ({
  page,
}) => {
  await signInOnScreen(page, { email: ORDER_HISTORY.email, password: ORDER_HISTORY.password });
  await page.goto('/my-orders');
  const pager = page.getByTestId('orders-pager');
  await pageShows(page, 600, 581);
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await pager.getByRole('button', { name: 'Next' }).click();
  await pageShows(page, 580, 561);
  await expect(page).toHaveURL(/cursor=/);
  await pager.getByRole('button', { name: 'Next' }).click();
  await pageShows(page, 560, 541);
  await pager.getByRole('button', { name: 'Previous' }).click();
  await pageShows(page, 580, 561);
  // Reloading keeps the page (the cursor is in the address).
  await page.reload();
  await pageShows(page, 580, 561);

  await pager.getByRole('button', { name: 'Oldest' }).click();
  await pageShows(page, 20, 1);
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
  await pager.getByRole('button', { name: 'Previous' }).click();
  await pageShows(page, 40, 21);
  await pager.getByRole('button', { name: 'Newest' }).click();
  await pageShows(page, 600, 581);
  await expect(page).not.toHaveURL(/cursor=/);
});
