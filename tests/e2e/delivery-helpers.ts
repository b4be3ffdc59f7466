import type { Page } from '@playwright/test';
import { expect, type test } from '@tests/support/fixtures';
import { uniqueTitle, uploadBookByApi } from './catalog-helpers';

// Setup of the delivery journeys (D49, D50): members in areas of their own, a book in the
// borrower's cart, and the checkout filled for delivery.

/** Moves the page's member to an area of their own (the profile location, D38). */
async function moveTo(page: Page, baseURL: string, location: string) {
  const res = await page.request.patch('/api/profile', {
    headers: { origin: baseURL },
    data: { name: 'Putu Journey', phone: '081234567890', location, address: 'Jl. Raya No. 1, Bali' },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** An owner in `ownerArea` with one book, and a borrower in `borrowerArea` with it in their cart. */
export async function borrowerWithCart(
  newMember: Parameters<Parameters<typeof test>[2]>[0]['newMember'],
  baseURL: string,
  ownerArea: string,
  borrowerArea: string,
) {
  const owner = await newMember({ prefix: 'dp-owner' });
  await moveTo(owner.page, baseURL, ownerArea);
  const book = await uploadBookByApi(owner.page, {
    title: uniqueTitle('Priced Route'),
    author: 'Delivery Journey',
    weeklyPrice: '10000',
  });
  await owner.page.context().close();
  const borrower = await newMember({ prefix: 'dp-borrower' });
  await moveTo(borrower.page, baseURL, borrowerArea);
  const added = await borrower.page.request.post('/api/cart/items', {
    headers: { origin: baseURL },
    data: { bookId: book.id },
  });
  expect(added.ok(), await added.text()).toBe(true);
  return borrower.page;
}

export async function checkoutWithDelivery(page: Page) {
  await page.goto('/checkout');
  await expect(page.getByRole('radio', { name: /^Delivery/ })).toBeChecked();
  await page.getByRole('textbox', { name: 'Full name' }).fill('Putu Journey');
  await page.getByRole('textbox', { name: 'Phone' }).fill('+6281234567890');
  await page.getByRole('textbox', { name: 'Address' }).fill('Jl. Raya No. 1, Bali');
}
