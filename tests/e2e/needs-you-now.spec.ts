import { expect, test } from '@tests/support/fixtures';
import { borrowerWithCart, checkoutWithDelivery } from './delivery-helpers';

// D50: the admin dashboard opens on "Needs you now". A delivery order on a route with no
// delivery price waits there for its shipping cost, at the top with the time left of its 24 hours;
// pricing it from the queue makes it payable and takes it off the queue.

test.describe.configure({ timeout: 180_000 });

test('an unpriced delivery order leads the admin’s queue with its time left and leaves it once priced there', async ({
  adminPage: admin,
  newMember,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  const ownerArea = `Tejakula ${suffix}`;
  const borrowerArea = `Kintamani ${suffix}`;
  const borrower = await borrowerWithCart(newMember, baseURL!, ownerArea, borrowerArea);
  await checkoutWithDelivery(borrower);
  await borrower.getByRole('button', { name: 'Place Order' }).click();
  await expect(borrower).toHaveURL(/\/order-confirmation$/);
  const number = ((await borrower.getByTestId('order-number').first().textContent()) ?? '')
    .replace('#', '')
    .trim();
  expect(number).toMatch(/^[0-9A-Z]{8}$/);

  await admin.goto('/admin');
  await expect(admin.getByRole('tab', { name: /^Needs you now/ })).toHaveAttribute('aria-selected', 'true');
  const rows = admin.getByTestId('queue-row');
  const ours = rows.filter({ hasText: `Order #${number}: set the shipping cost` });
  await expect(ours).toHaveCount(1);

  // Orders placed before ours (the demo's, other journeys') have less time left: the admin prices
  // them from the queue too, each leaving it, until ours is the first row.
  for (let i = 0; i < 10 && !((await rows.first().textContent()) ?? '').includes(`#${number}`); i++) {
    const first = rows.first();
    await expect(first).toHaveAttribute('data-kind', 'shipping_cost');
    const title = (await first.getByRole('heading').textContent()) ?? '';
    const other = title.match(/#([0-9A-Z]{8})/)?.[1] ?? '';
    await first.getByLabel(`Shipping cost for order #${other}`).fill('10000');
    await first.getByRole('button', { name: 'Set Shipping Cost' }).click();
    await expect(rows.filter({ hasText: `Order #${other}:` })).toHaveCount(0);
  }

  const first = rows.first();
  await expect(first).toContainText(`Order #${number}: set the shipping cost`);
  await expect(first).toContainText(/(23 h \d+ min|24 h 0 min) left/);
  await expect(first).toContainText(`No delivery price covers ${ownerArea} to ${borrowerArea}.`);
  await expect(first.getByText('Late', { exact: true })).toHaveCount(0);

  const cost = first.getByLabel(`Shipping cost for order #${number}`);
  await cost.fill('18000');
  await first.getByRole('button', { name: 'Set Shipping Cost' }).click();
  await expect(admin.getByText(`Order #${number} is priced`)).toBeVisible();
  await expect(ours).toHaveCount(0);

  // Priced: the borrower's order is payable now, with its shipping cost.
  const mine = await borrower.request.get('/api/orders?as=borrower');
  const { items } = (await mine.json()) as {
    items: Array<{ number: string; status: string; shippingCost: string | null }>;
  };
  expect(items.find((o) => o.number === number)).toMatchObject({
    status: 'Waiting for Payment',
    shippingCost: '18000.00',
  });
});
