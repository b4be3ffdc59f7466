import type { APIRequestContext } from '@playwright/test';
import { DEMO, e2eBaseUrl, expect, type SignedInMember, test } from '@tests/support/fixtures';
import { uniqueTitle, uploadBookByApi } from './catalog-helpers';

// Every book findable (D46) in the browser: a search that finds a book only on loan shows it in
// the section below the results with its expected return, and a member joins its waitlist from
// there; a misspelled search offers "Did you mean" and one click finds the book.

const ADDRESS = { fullName: 'Findable Borrower', phone: '+6281234567', address: 'Jl. Cari No. 3, Ubud' };

/** A new book of a new owner, borrowed by a new member through a paid order. */
async function lentBook(
  newMember: (o?: { name?: string }) => Promise<SignedInMember>,
  admin: APIRequestContext,
) {
  const owner = await newMember({ name: 'Wayan Lender' });
  const book = await uploadBookByApi(owner.page, {
    title: uniqueTitle('Gatsby Lagoon'),
    author: 'Wayan Lender',
    weeklyPrice: '12000',
  });
  const borrower = await newMember({ name: 'Ayu Peminjam' });
  const headers = { origin: e2eBaseUrl() };
  expect(
    (await borrower.page.request.post('/api/cart/items', { headers, data: { bookId: book.id } })).status(),
  ).toBe(201);
  const placed = await borrower.page.request.post('/api/checkout', {
    headers,
    data: { idempotencyKey: `find-${Date.now()}`, deliveryMethod: 'delivery', deliveryAddress: ADDRESS },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { orders: Array<{ id: string }> }).orders[0].id;
  for (const data of [
    { type: 'set_shipping_cost', shippingCost: '10000' },
    { type: 'confirm_payment', amountReceived: '22000', bankReference: 'E2E-FIND' },
  ]) {
    const res = await admin.post(`/api/orders/${orderId}/actions`, { data });
    expect(res.status(), await res.text()).toBe(200);
  }
  return book;
}

test('a search finds a borrowed book below the results, and a member joins its waitlist there', async ({
  newMember,
  apiAs,
}) => {
  const admin = await apiAs(DEMO.admin);
  const book = await lentBook(newMember, admin);
  const member = await newMember({ name: 'Bagus Pencari' });
  const { page } = member;

  await page.goto('/books');
  await page.getByRole('searchbox').first().fill(book.title);
  await page.getByRole('searchbox').first().press('Enter');
  await expect(page.getByRole('heading', { name: 'No books found' })).toBeVisible();
  const section = page.getByTestId('borrowed-section');
  await expect(section.getByRole('heading', { name: 'Out on loan now' })).toBeVisible();
  const row = section.getByTestId('borrowed-book').filter({ hasText: book.title });
  await expect(row).toHaveAttribute('data-state', 'can_join');
  await expect(row).toContainText(/Expected back around \d{1,2}/);
  await row.getByRole('button', { name: 'Join waitlist' }).click();
  await expect(row).toHaveAttribute('data-state', 'waiting');
  await expect(row).toContainText('You are number 1 in line.');
  await expect(row).toContainText('1 waiting');

  // The book page agrees: the member is first in line.
  await row.getByRole('link', { name: book.title }).click();
  await expect(page.getByTestId('waitlist-panel')).toHaveAttribute('data-state', 'waiting');
});

test('a misspelled search offers "Did you mean", and one click finds the book', async ({ newMember }) => {
  const owner = await newMember({ name: 'Nyoman Typo' });
  const word = `Quetzalcoatl${Math.floor(Math.random() * 1e4)}`.toLowerCase();
  const book = await uploadBookByApi(owner.page, {
    title: `Legends of ${word}`,
    author: 'Nyoman Typo',
    weeklyPrice: '9000',
  });
  const typo = `${word.slice(0, 4)}${word[5]}${word[4]}${word.slice(6)}`;
  const { page } = await newMember({ name: 'Ketut Searcher' });

  await page.goto(`/books?q=${encodeURIComponent(typo)}`);
  await expect(page.getByRole('heading', { name: 'No books found' })).toBeVisible();
  const offer = page.getByTestId('did-you-mean');
  await expect(offer).toContainText('Did you mean:');
  await offer.getByRole('button', { name: word }).click();
  await expect(page).toHaveURL(new RegExp(`q=${word}`));
  await expect(page.getByRole('link', { name: book.title }).first()).toBeVisible();
});
