import type { APIRequestContext } from '@playwright/test';
import { DEMO, expect, test } from '@tests/support/fixtures';
import { uniqueTitle, uploadBookByApi } from './catalog-helpers';

// The admin's bulk status change on the orders list: a new borrower has three orders on their
// way and one still Processed; the admin finds them by the borrower's email, selects all on the
// page and presses Mark as Delivered once. Three move; the fourth is named with the reason.

test.describe.configure({ timeout: 180_000 });

/** The admin's single-order action through the API (what a card's button sends). */
async function act(api: APIRequestContext, orderId: string, data: Record<string, string>) {
  const res = await api.post(`/api/orders/${orderId}/actions`, { data });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { total: string | null };
}

test('bulk Mark as Delivered: three orders move at once, the one that cannot is named with why', async ({
  newMember,
  apiAs,
  adminPage: admin,
  baseURL,
}) => {
  const { page: ownerPage } = await newMember({ prefix: 'bulk-owner' });
  const books = [];
  for (let i = 0; i < 4; i++) {
    books.push(
      await uploadBookByApi(ownerPage, {
        title: uniqueTitle(`Bulk ${i}`),
        author: 'Bulk Journey',
        weeklyPrice: '8000',
      }),
    );
  }
  await ownerPage.context().close();

  // One order per checkout: four orders of the same borrower.
  const { page: borrowerPage, email: borrowerEmail } = await newMember({ prefix: 'bulk-borrower' });
  const headers = { origin: baseURL! };
  const orders: Array<{ id: string; number: string }> = [];
  for (const book of books) {
    const added = await borrowerPage.request.post('/api/cart/items', { headers, data: { bookId: book.id } });
    expect(added.ok()).toBe(true);
    const checkout = await borrowerPage.request.post('/api/checkout', {
      headers,
      data: {
        idempotencyKey: `bulk-journey-${book.id}`,
        deliveryMethod: 'delivery',
        deliveryAddress: {
          fullName: 'Putu Bulk',
          phone: '081234567890',
          address: 'Jl. Raya Ubud No. 1, Bali',
        },
      },
    });
    expect(checkout.status(), await checkout.text()).toBe(201);
    orders.push(((await checkout.json()).orders as Array<{ id: string; number: string }>)[0]);
  }
  await borrowerPage.context().close();

  // The admin takes three to Delivery in Progress and leaves the fourth at Processed.
  const api = await apiAs(DEMO.admin);
  for (const [i, order] of orders.entries()) {
    const { total } = await act(api, order.id, { type: 'set_shipping_cost', shippingCost: '15000' });
    await act(api, order.id, { type: 'confirm_payment', amountReceived: total!, bankReference: `BULK-${i}` });
    if (i < 3) await act(api, order.id, { type: 'mark_shipped' });
  }

  await admin.goto('/admin?tab=orders');
  await admin.getByPlaceholder(/Search by order number/).fill(borrowerEmail);
  await admin.getByRole('button', { name: 'Search', exact: true }).click();
  for (const order of orders) {
    await expect(admin.getByRole('article', { name: `Order #${order.number}` })).toBeVisible();
  }

  // Select all on the page, then one action for all of them.
  await expect(admin.getByRole('region', { name: 'Change the selected orders' })).toHaveCount(0);
  await admin.getByRole('checkbox', { name: 'Select all on this page' }).check();
  const bar = admin.getByRole('region', { name: 'Change the selected orders' });
  await expect(bar).toContainText('4 orders selected');
  for (const order of orders) {
    await expect(admin.getByRole('checkbox', { name: `Select order #${order.number}` })).toBeChecked();
  }
  await bar.getByRole('button', { name: 'Mark as Delivered' }).click();

  await expect(admin.getByRole('status').filter({ hasText: '3 orders updated' })).toBeVisible();
  const refused = admin.getByRole('alert').filter({ hasText: '1 order could not change:' });
  await expect(refused).toContainText(
    `Order #${orders[3].number}: This action is not possible while the order is Processed`,
  );
  for (const order of orders.slice(0, 3)) {
    await expect(admin.getByRole('article', { name: `Order #${order.number}` })).toContainText('Delivered');
  }
  await expect(admin.getByRole('article', { name: `Order #${orders[3].number}` })).toContainText('Processed');
  // The moved ones leave the selection; the refused one stays chosen for another try.
  await expect(bar).toContainText('1 order selected');
  await expect(admin.getByRole('checkbox', { name: `Select order #${orders[3].number}` })).toBeChecked();

  // The server agrees: each moved once, by the admin.
  for (const order of orders.slice(0, 3)) {
    const detail = await api.get(`/api/orders/${order.id}`);
    const body = (await detail.json()) as { status: string; events: Array<{ action: string }> };
    expect(body.status).toBe('Delivered');
    expect(body.events.filter((e) => e.action === 'mark_delivered')).toHaveLength(1);
  }
});
