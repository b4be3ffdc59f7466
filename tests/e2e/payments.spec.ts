import type { Page } from '@playwright/test';
import { e2eBaseUrl, expect, test } from '@tests/support/fixtures';
import { coverPng, uniqueTitle, uploadBookByApi } from './catalog-helpers';

// Paying and getting paid (D32-D35): a new owner lists a book at "12.000"; a new
// borrower checks it out with free pickup, sees the payment panel at once and presses "I have
// paid" with a receipt; the admin sees the claim and the receipt and confirms with the amount
// and the bank reference; the loan runs to Completed; the owner sees the share payable on
// Earnings; the admin records payouts (twenty small ones, then the rest on the Payouts tab),
// pages the payout history, and the owner sees it paid and pages their payouts; each page's
// cursor stays in the URL across a reload and Back.

async function act(page: Page, orderId: string, data: Record<string, string>) {
  const res = await page.request.post(`/api/orders/${orderId}/actions`, {
    data,
    headers: { origin: e2eBaseUrl() },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

test('pickup checkout, payment panel, "I have paid" with a receipt, confirmation, Completed, earnings and payout', async ({
  newMember,
  adminPage: admin,
}) => {
  test.setTimeout(180_000);
  // --- A new owner with a pickup location lists a book at "12.000" (D32) ----------------------
  const { page: owner } = await newMember();
  const { items: locations } = (await (await owner.request.get('/api/pickup-locations')).json()) as {
    items: Array<{ id: string; name: string }>;
  };
  const location = locations[0];
  const chosen = await owner.request.put('/api/profile/pickup-locations', {
    data: { ids: [location.id] },
    headers: { origin: e2eBaseUrl() },
  });
  expect(chosen.ok(), await chosen.text()).toBeTruthy();
  const title = uniqueTitle('Payment Journey');
  await uploadBookByApi(owner, { title, author: 'Ketut Pay', weeklyPrice: '12.000' });

  // --- A new borrower finds it at Rp 12.000 and checks out with free pickup ------------------
  const { page: borrower } = await newMember();
  await borrower.goto(`/books?q=${encodeURIComponent(title)}`);
  const card = borrower.locator('article').filter({ has: borrower.getByRole('heading', { name: title }) });
  await expect(card).toContainText('Rp 12.000 per week');
  await card.getByRole('button', { name: 'Add' }).click();
  await expect(card.getByRole('button', { name: 'Added' })).toBeDisabled();
  await borrower.goto('/cart');
  await expect(borrower.getByText(/You pay by bank transfer/)).toBeVisible();
  await borrower.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await borrower.getByRole('radio', { name: /Self pickup/ }).check();
  await borrower.getByRole('radio', { name: new RegExp(location.name) }).check();
  await borrower.getByRole('button', { name: 'Place Order' }).click();
  await expect(borrower).toHaveURL(/\/order-confirmation$/);
  const number = ((await borrower.getByTestId('order-number').first().textContent()) ?? '')
    .replace('#', '')
    .trim();

  // --- My orders: plain words and the next step (D35); the panel at once (D33) -------------
  await borrower.goto('/my-orders');
  const row = borrower.getByTestId('order-row').filter({ hasText: number });
  await expect(row).toContainText('Payment due');
  await expect(row.getByTestId('next-step')).toContainText('I have paid');
  await row.getByRole('link', { name: 'View Details' }).click();
  await expect(borrower).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  const orderId = borrower.url().split('/orders/')[1];
  const panel = borrower.getByTestId('payment-panel');
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('Rp 12.000');
  await expect(panel).toContainText(number);
  await expect(panel.getByRole('button', { name: /Copy Account number/ })).toBeVisible();
  await expect(panel).toContainText('Pay by');
  await panel.getByLabel(/Photo of the receipt/).setInputFiles({
    name: 'receipt.png',
    mimeType: 'image/png',
    buffer: await coverPng('#1d4ed8'),
  });
  await panel.getByRole('button', { name: 'I have paid' }).click();
  await expect(borrower.getByTestId('payment-claim')).toContainText('You told us you paid');
  await expect(borrower.getByRole('img', { name: 'Photo of the payment receipt' })).toBeVisible();
  await expect(borrower.getByTestId('next-step')).toContainText('checking your transfer');

  // --- The admin sees the claim and the receipt, and confirms with amount and reference -------
  await admin.goto(`/admin?tab=orders&q=${number}`);
  const adminCard = admin.getByRole('article', { name: `Order #${number}` });
  await expect(adminCard.getByTestId('payment-claim')).toBeVisible();
  await expect(adminCard.getByRole('img', { name: 'Photo of the payment receipt' })).toBeVisible();
  await admin.goto(`/orders/${orderId}`);
  await expect(admin.getByTestId('payment-claim')).toContainText('The borrower says they paid');
  await expect(admin.getByLabel('Amount received')).toHaveValue('12.000');
  await admin.getByLabel('Bank reference').fill('BCA-E2E-777');
  await admin.getByRole('button', { name: 'Confirm Payment' }).click();
  await expect(admin.getByTestId('event-payment')).toContainText(
    'Received Rp 12.000, bank reference BCA-E2E-777',
  );

  // --- The loan runs to Completed ------------------------------------------------------------
  for (const type of ['mark_shipped', 'mark_delivered', 'mark_return_started', 'confirm_return_complete']) {
    await act(admin, orderId, { type });
  }

  // --- The owner sees the share payable on Earnings (account menu) --------------------------
  await owner.goto('/');
  await owner.getByRole('button', { name: /Account menu|Putu Journey/ }).click();
  await owner.getByRole('menuitem', { name: 'Earnings' }).click();
  await expect(owner).toHaveURL(/\/earnings$/);
  await expect(owner.getByTestId('earnings-payable')).toHaveText('Rp 10.800');
  await expect(owner.getByTestId('earnings-row').filter({ hasText: number })).toContainText('Payable');

  // --- Twenty small payouts on earlier days: more payouts than one page of 20 ----------------
  const ownerId = ((await (await owner.request.get('/api/me')).json()) as { user: { id: string } }).user.id;
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  for (let i = 0; i < 20; i++) {
    const res = await admin.request.post('/api/admin/payouts', {
      data: { ownerId, amount: '100', paidOn: daysAgo(40 - i), reference: `PAYOUT-E2E-STEP-${i}` },
      headers: { origin: e2eBaseUrl() },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  }

  // --- The admin records the rest; the owner sees it paid -----------------------------------
  await admin.goto('/admin?tab=payouts');
  const payable = admin
    .getByTestId('payable-owner')
    .filter({ hasText: 'Putu Journey' })
    .filter({ hasText: 'Rp 8.800' });
  await expect(payable.first()).toBeVisible();
  await payable.first().getByLabel('Transfer reference').fill('PAYOUT-E2E-1');
  await payable.first().getByRole('button', { name: 'Record payout' }).click();
  await expect(admin.getByTestId('payout-history')).toContainText('PAYOUT-E2E-1');

  // --- The payout history's second page lives in the URL: reload and Back keep it ------------
  await admin.getByTestId('payout-pager').getByRole('button', { name: 'Next' }).click();
  await expect(admin).toHaveURL(/[?&]tab=payouts(&|$)/);
  await expect(admin).toHaveURL(/[?&]cursor=/);
  await expect(admin.getByTestId('payout-history')).not.toContainText('PAYOUT-E2E-1');
  const secondPage = await admin.getByTestId('payout-history').locator('li').first().textContent();
  await admin.reload();
  await expect(admin.getByRole('tab', { name: 'Payouts' })).toHaveAttribute('aria-selected', 'true');
  await expect(admin.getByTestId('payout-history').locator('li').first()).toHaveText(secondPage ?? '');
  await admin.goBack();
  await expect(admin).not.toHaveURL(/[?&]cursor=/);
  await expect(admin.getByTestId('payout-history')).toContainText('PAYOUT-E2E-1');
  // Another tab starts at its own first page: no cursor of the payouts travels with it.
  await admin.getByTestId('payout-pager').getByRole('button', { name: 'Next' }).click();
  await expect(admin).toHaveURL(/[?&]cursor=/);
  await admin.getByRole('tab', { name: 'Reviews' }).click();
  await expect(admin).toHaveURL(/[?&]tab=reviews$/);

  await owner.reload();
  await expect(owner.getByTestId('earnings-paid')).toHaveText('Rp 10.800');
  await expect(owner.getByTestId('earnings-payable')).toHaveText('Rp 0');
  await expect(owner.getByTestId('payout-row')).toHaveCount(20);
  await expect(owner.getByTestId('payout-row').first()).toContainText('PAYOUT-E2E-1');

  // --- The owner's payouts page on their own: the oldest on page 2, kept across a reload -----
  await owner.getByTestId('payouts-pager').getByRole('button', { name: 'Next' }).click();
  await expect(owner).toHaveURL(/[?&]payouts=/);
  await expect(owner.getByTestId('payout-row')).toHaveCount(1);
  await expect(owner.getByTestId('payout-row')).toContainText('PAYOUT-E2E-STEP-0');
  await owner.reload();
  await expect(owner).toHaveURL(/[?&]payouts=/);
  await expect(owner.getByTestId('payout-row')).toHaveCount(1);
  await expect(owner.getByTestId('payout-row')).toContainText('PAYOUT-E2E-STEP-0');
  // The orders' list stays on its first page meanwhile.
  await expect(owner.getByTestId('earnings-row').filter({ hasText: number })).toBeVisible();
  await owner.goBack();
  await expect(owner).toHaveURL(/\/earnings$/);
  await expect(owner.getByTestId('payout-row').first()).toContainText('PAYOUT-E2E-1');

  // --- On a phone the page fits its width: the books total and fee go under the share -------
  await owner.setViewportSize({ width: 390, height: 844 });
  const earningsRow = owner.getByTestId('earnings-row').filter({ hasText: number });
  await expect(earningsRow).toContainText('Books total Rp 12.000');
  await expect(earningsRow).toContainText('Service fee − Rp 1.200');
  const overflow = await owner.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const table = owner.getByRole('table');
  expect(await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)).toBe(0);
});
