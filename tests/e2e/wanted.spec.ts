import { e2eBaseUrl, expect, linkIn, test, waitForMail } from '@tests/support/fixtures';
import { uniqueTitle, uploadBookByApi } from './catalog-helpers';

// Wanted books (D47) in the browser: a search that finds nothing offers "Tell me when it is
// listed"; the title waits on the member's Wanted books page; an owner lists it and the member
// gets the email with the link to the book; the list adds by ISBN and removes.

test('a wanted title is listed by an owner and the member is told, with the link to it', async ({
  newMember,
}) => {
  const title = uniqueTitle('Wanted Tide');
  const { page, email } = await newMember({ name: 'Wulan Wants' });
  await page.goto(`/books?q=${encodeURIComponent(title)}`);
  await expect(page.getByText('No books found')).toBeVisible();
  await page.getByRole('button', { name: 'Tell me when it is listed' }).click();
  await expect(page.getByTestId('wanted-added')).toContainText(`Added "${title}" to your wanted books`);
  await page.getByRole('link', { name: 'See my wanted books' }).click();
  await expect(page).toHaveURL(/\/wanted$/);
  await expect(page.getByTestId('wanted-entry').filter({ hasText: title })).toBeVisible();

  // An ISBN alone, then removed again.
  await page.getByLabel('ISBN', { exact: true }).fill('0-306-40615-2');
  await page.getByRole('button', { name: 'Add to wanted books' }).click();
  const byIsbn = page.getByTestId('wanted-entry').filter({ hasText: 'ISBN 9780306406157' });
  await expect(byIsbn).toBeVisible();
  await expect(page.getByText('2 of at most 50')).toBeVisible();
  await byIsbn.getByRole('button', { name: /Remove/ }).click();
  await expect(byIsbn).toHaveCount(0);

  const { page: owner } = await newMember({ name: 'Oka Lists' });
  const book = await uploadBookByApi(owner, { title, author: 'Oka Lists', weeklyPrice: '8000' });
  const mail = await waitForMail(email, 'A book you want can be borrowed');
  expect(mail.body).toContain(`It matches "${title}" on your wanted list.`);
  await page.goto(linkIn(mail, `/books/${book.id}`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});

test('a guest is asked to sign in before wanting a book', async ({ page }) => {
  await page.goto(`/books?q=${encodeURIComponent(uniqueTitle('Nobody Lists'))}`);
  await page.getByRole('link', { name: 'Tell me when it is listed' }).click();
  await expect(page).toHaveURL(/\/signin\?next=/);
});

test("a reserved book's page offers to want any copy, with its title and author", async ({ newMember }) => {
  const { page: owner } = await newMember({ name: 'Nyoman Owns' });
  const title = uniqueTitle('Any Copy');
  const book = await uploadBookByApi(owner, { title, author: 'Nyoman Owns', weeklyPrice: '7000' });
  const { page: borrower } = await newMember();
  const headers = { origin: e2eBaseUrl() };
  expect(
    (await borrower.request.post('/api/cart/items', { headers, data: { bookId: book.id } })).status(),
  ).toBe(201);
  const placed = await borrower.request.post('/api/checkout', {
    headers,
    data: {
      idempotencyKey: `want-${Date.now()}`,
      deliveryMethod: 'delivery',
      deliveryAddress: {
        fullName: 'Reserving Reader',
        phone: '+6281234567',
        address: 'Jl. Pesanan No. 3, Sanur',
      },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);

  const { page } = await newMember();
  await page.goto(`/books/${book.id}`);
  await page.getByRole('button', { name: 'Tell me when any copy can be borrowed' }).click();
  await expect(page.getByTestId('wanted-added')).toContainText(`Added "${title}" to your wanted books`);
  const mine = await (await page.request.get('/api/wanted')).json();
  expect(mine.items).toEqual([expect.objectContaining({ title, author: 'Nyoman Owns' })]);
  // The owner's own page offers nothing of the kind.
  await owner.goto(`/books/${book.id}`);
  await expect(owner.getByText('This is Your Book')).toBeVisible();
  await expect(owner.getByRole('button', { name: 'Tell me when any copy can be borrowed' })).toHaveCount(0);
});
