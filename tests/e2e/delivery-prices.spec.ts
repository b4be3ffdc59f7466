import { expect, test } from '@tests/support/fixtures';
import { borrowerWithCart, checkoutWithDelivery } from './delivery-helpers';

// D49, D50: an admin prices a route through the Delivery prices tab; a borrower in that area
// sees the price before placing and the delivery order is payable at once. On a route with no
// price the confirmation keeps the spec's promise: payment instructions within 24 hours.
//
// Each journey makes its own members in areas of its own, so no other journey's route is priced.

test.describe.configure({ timeout: 180_000 });

test('an admin prices a route; a borrower there sees the price before placing and pays at once (D49)', async ({
  adminPage: admin,
  newMember,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  const ownerArea = `Sidemen ${suffix}`;
  const borrowerArea = `Amed ${suffix}`;

  await admin.goto('/admin?tab=deliveryPrices');
  await expect(admin.getByRole('tab', { name: 'Delivery prices' })).toHaveAttribute('aria-selected', 'true');
  await admin.getByRole('textbox', { name: "Owner's area" }).fill(ownerArea);
  await admin.getByRole('textbox', { name: "Borrower's area" }).fill(borrowerArea);
  await admin.getByRole('textbox', { name: 'Delivery price' }).fill('15000');
  await admin.getByRole('button', { name: 'Save price' }).click();
  await expect(admin.getByRole('status')).toHaveText(`Saved: ${ownerArea} to ${borrowerArea}, Rp 15.000.`);
  const row = admin.getByTestId('delivery-price').filter({ hasText: borrowerArea });
  await expect(row).toContainText(ownerArea);
  await expect(row).toContainText('Rp 15.000');

  // Replacing the route's price keeps one row with the new price.
  await admin.getByRole('textbox', { name: "Owner's area" }).fill(ownerArea);
  await admin.getByRole('textbox', { name: "Borrower's area" }).fill(borrowerArea);
  await admin.getByRole('textbox', { name: 'Delivery price' }).fill('12.000');
  await admin.getByRole('button', { name: 'Save price' }).click();
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Rp 12.000');

  const page = await borrowerWithCart(newMember, baseURL!, ownerArea, borrowerArea);
  await checkoutWithDelivery(page);
  await expect(page.getByTestId('review-delivery-price')).toHaveText('Rp 12.000');
  await expect(page.getByTestId('review-total')).toHaveText('Rp 22.000');
  await expect(page.getByTestId('checkout-pay-now')).toContainText('Delivery to your area has a set price');
  await expect(page.getByText(/within 24 hours/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Place Order' }).click();

  await expect(page).toHaveURL(/\/order-confirmation$/);
  await expect(page.getByText('Shipping is our delivery price for your area')).toBeVisible();
  await expect(page.getByTestId('pay-now')).toContainText('Pay now, by');
  await expect(page.getByTestId('shipping-promise')).toHaveCount(0);
  await page.getByRole('link', { name: 'Open the payment panel' }).click();
  // The order is payable at once (Payment due), its amount with the route's price (D49).
  await expect(page.getByText('Payment due').first()).toBeVisible();
  await expect(page.getByTestId('payment-panel')).toContainText('Rp 22.000');

  // Deleting the price removes its row; the placed order keeps its price (server-tested).
  await admin.getByRole('button', { name: `Delete the price from ${ownerArea} to ${borrowerArea}` }).click();
  await expect(row).toHaveCount(0);
});

test('with no price for the route, checkout and confirmation keep the 24-hour promise (D50)', async ({
  newMember,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  const page = await borrowerWithCart(newMember, baseURL!, `Munduk ${suffix}`, `Pemuteran ${suffix}`);
  await checkoutWithDelivery(page);
  await expect(page.getByTestId('review-delivery-price')).toHaveText('Set later');
  await expect(page.getByText('Total before shipping')).toBeVisible();
  await expect(page.getByTestId('checkout-pay-now')).toHaveCount(0);
  await expect(page.getByText(/emails you the payment instructions within 24 hours/)).toBeVisible();
  await page.getByRole('button', { name: 'Place Order' }).click();

  await expect(page).toHaveURL(/\/order-confirmation$/);
  await expect(page.getByText('Shipping cost is set later by our team.')).toBeVisible();
  await expect(page.getByTestId('shipping-promise')).toBeVisible();
  await expect(page.getByText(/payment instructions within 24 hours/)).toBeVisible();
  await expect(page.getByTestId('pay-now')).toHaveCount(0);
});
