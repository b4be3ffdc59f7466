import type { Page } from '@playwright/test';
import { e2eBaseUrl, expect, test } from '@tests/support/fixtures';
import { coverPng, uniqueTitle, uploadBookByApi } from './catalog-helpers';
import { englishCode } from './words';

// An owner's own books: upload with a cover, see it in Manage and in All Books, edit its price,
// switch it off and on, delete it through the dialog. Only books uploaded here are touched.

const statusSaved = (page: Page) =>
  page.waitForResponse(
    (res) => res.url().endsWith('/status') && res.request().method() === 'PATCH' && res.ok(),
  );

test('a member with no books sees the empty state and its add button', async ({ freshMember }) => {
  const { page } = freshMember;
  await page.goto('/books/manage');
  await expect(page.getByRole('heading', { name: 'No books yet' })).toBeVisible();
  await expect(page.getByText('Start by adding your first book to share with the community!')).toBeVisible();
  await page.getByRole('link', { name: 'Add New Book' }).click();
  await expect(page).toHaveURL('/books/new');
  await expect(page.getByRole('button', { name: 'Upload Book' })).toBeVisible();
});

test('a member who never gave a location is asked it before the first listing (D38), then sees the form', async ({
  freshMember,
}) => {
  const { page } = freshMember;
  // Sign-up asks no location: a member who signed up in the form has none.
  const cleared = await page.request.patch('/api/profile', {
    data: { name: freshMember.name, location: '' },
    headers: { origin: e2eBaseUrl() },
  });
  expect(cleared.ok(), await cleared.text()).toBeTruthy();
  await page.goto('/books/new');
  const ask = page.getByTestId('location-first');
  await expect(ask.getByRole('heading', { name: 'First, where are your books?' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveCount(0);
  await ask.getByRole('button', { name: 'Save and continue' }).click();
  await expect(ask.getByText('Location must be at least 2 characters')).toBeVisible();
  await ask.getByLabel('Location').fill('Amed');
  await ask.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByLabel('Title')).toBeVisible();
  await expect(ask).toHaveCount(0);
  const me = await (await page.request.get('/api/me')).json();
  expect(me.user.location).toBe('Amed');
});

test('upload a book with a cover, find it, edit its price, switch it off and on, delete it', async ({
  ownerPage: page,
}) => {
  const title = uniqueTitle('Journey Book');
  await page.goto('/books/new');

  // The spec's rules, with its exact messages, before anything is sent.
  await page.getByRole('button', { name: 'Upload Book' }).click();
  await expect(page.getByText('Book cover is required')).toBeVisible();
  await expect(page.getByText('Title is required')).toBeVisible();
  await expect(page.getByText('Author is required')).toBeVisible();
  await expect(page.getByText('Weekly price must be at least Rp 1.000')).toBeVisible();

  const picker = page.getByLabel(/Choose cover/);
  await picker.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an image'),
  });
  await expect(page.getByText('Invalid file: Must be JPG, PNG, or WEBP, max 2MB')).toBeVisible();
  await picker.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await coverPng('#b45309') });
  await expect(page.getByText('Invalid file: Must be JPG, PNG, or WEBP, max 2MB')).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Cover preview' })).toBeVisible();

  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Author').fill('Wayan Journey');
  await expect(page.getByLabel('Language')).toHaveValue('English');
  await expect(page.getByLabel('Condition')).toHaveValue('Good');
  await expect(page.getByLabel('Category')).toHaveValue('Adult');
  await page.getByLabel('Category').selectOption('Teen');
  await page.getByLabel('Summary (optional)').fill('A tale of the rice terraces.');
  await expect(page.getByText('28/500')).toBeVisible();
  // D32: whole rupiah, typed the Indonesian way; the input regroups as you type.
  await page.getByLabel('Weekly price (IDR)').fill('12,5');
  await page.getByRole('button', { name: 'Upload Book' }).click();
  await expect(page.getByText('Price must be a whole number of rupiah')).toBeVisible();
  await page.getByLabel('Weekly price (IDR)').fill('12000');
  await expect(page.getByLabel('Weekly price (IDR)')).toHaveValue('12.000');
  await page.getByLabel('Weekly price (IDR)').fill('12.000');
  await page.getByLabel('Monthly price (IDR, optional)').fill('0');
  await page.getByRole('button', { name: 'Upload Book' }).click();
  await expect(page.getByText('Monthly price must be greater than 0')).toBeVisible();
  await page.getByLabel('Monthly price (IDR, optional)').fill('48.000');
  await page.getByRole('button', { name: 'Upload Book' }).click();
  await expect(page.getByText('Monthly price must be below 4 x the weekly price')).toBeVisible();
  await page.getByLabel('Monthly price (IDR, optional)').fill('40.000');
  await page.getByRole('button', { name: 'Upload Book' }).click();

  // Manage: the new row, with 'Category • Language' and the weekly price in rupiah (D1).
  await expect(page).toHaveURL('/books/manage');
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('Teen • English');
  await expect(row).toContainText('Rp 12.000');
  await expect(row).not.toContainText('$');

  // All Books lists it, with its served cover.
  await page.goto(`/books?q=${encodeURIComponent(title)}`);
  const card = page.locator('article', { hasText: title });
  await expect(card).toContainText('Rp 12.000 per week');
  const cover = await page.request.get((await card.locator('img').getAttribute('src'))!);
  expect(cover.headers()['content-type']).toBe('image/webp');

  // Edit: the same form, prefilled; a new price shows everywhere.
  await page.goto('/books/manage');
  await page.getByRole('link', { name: `Edit ${title}` }).click();
  await expect(page).toHaveURL(/\/books\/[^/]+\/edit$/);
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByLabel('Category')).toHaveValue('Teen');
  await expect(page.getByLabel('Weekly price (IDR)')).toHaveValue('12.000');
  await expect(page.getByLabel('Monthly price (IDR, optional)')).toHaveValue('40.000');
  await page.getByLabel('Weekly price (IDR)').fill('30.000');
  await page.getByLabel('Monthly price (IDR, optional)').fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL('/books/manage');
  await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('Rp 30.000');
  await page.goto(`/books?q=${encodeURIComponent(title)}`);
  await expect(page.locator('article', { hasText: title })).toContainText('Rp 30.000 per week');
  // The cleared monthly price falls back to 4 x weekly (D3).
  await page.locator('article', { hasText: title }).getByRole('heading').click();
  await expect(page.getByText('Rp 120.000', { exact: true })).toBeVisible();
  await expect(page.getByText('4 weeks at the weekly price')).toBeVisible();

  // Unavailable: it leaves the shop (D6); Available again: it is back.
  await page.goto('/books/manage');
  const status = page.getByRole('combobox', { name: `Status of ${title}` });
  await Promise.all([statusSaved(page), status.selectOption('Unavailable')]);
  await page.reload();
  await expect(status).toHaveValue('Unavailable');
  await page.goto(`/books?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole('heading', { name: 'No books found' })).toBeVisible();
  await page.goto('/books/manage');
  await Promise.all([statusSaved(page), status.selectOption('Available')]);
  await page.reload();
  await expect(status).toHaveValue('Available');
  await page.goto(`/books?q=${encodeURIComponent(title)}`);
  await expect(page.getByText('Showing 1 book')).toBeVisible();
  await page.goto('/books/manage');

  // Delete: the exact confirmation; Cancel keeps it, Delete removes it.
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(
    `Are you sure you want to delete "${title}"? This action cannot be undone.`,
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(title) })).toBeVisible();
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0);
  await page.goto(`/books?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole('heading', { name: 'No books found' })).toBeVisible();
});

test('Cancel on the upload form goes back to Manage', async ({ ownerPage: page }) => {
  await page.goto('/books/new');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL('/books/manage');
});

test('a book in an open order can be neither deleted nor switched off, and Manage says why', async ({
  ownerPage: page,
  freshMember: { page: borrower },
  baseURL,
}) => {
  const book = await uploadBookByApi(page, {
    title: uniqueTitle('Reserved Journey'),
    author: 'Nyoman Journey',
    weeklyPrice: '12000',
  });

  // Another member borrows it: the order reserves the book (D6).
  const headers = { origin: baseURL! };
  const added = await borrower.request.post('/api/cart/items', { headers, data: { bookId: book.id } });
  expect(added.status(), await added.text()).toBe(201);
  const ordered = await borrower.request.post('/api/checkout', {
    headers,
    data: {
      idempotencyKey: `journey-${book.id}`,
      deliveryMethod: 'delivery',
      deliveryAddress: { fullName: 'Putu Journey', phone: '081234567890', address: 'Jl. Raya Ubud No. 1' },
    },
  });
  expect(ordered.status(), await ordered.text()).toBe(201);
  await borrower.context().close();

  // D6, D46: the shop no longer lists it; the owner's shelf shows it as Reserved in its section
  // of books out now.
  await page.goto(`/books?q=${encodeURIComponent(book.title)}`);
  await expect(page.getByRole('heading', { name: 'No books found' })).toBeVisible();
  await page.goto(`/owner/${book.ownerId}?q=${encodeURIComponent(book.title)}`);
  const card = page.getByTestId('borrowed-book').filter({ hasText: book.title });
  await expect(card.getByText('Reserved', { exact: true }).first()).toBeVisible();

  await page.goto('/books/manage');
  const row = page.getByRole('row', { name: new RegExp(book.title) });
  await expect(row.getByText('Reserved', { exact: true })).toBeVisible();
  await expect(row.getByText('In an order')).toBeVisible();
  await expect(row.getByRole('combobox')).toHaveCount(0);

  await page.getByRole('button', { name: `Delete ${book.title}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(englishCode('BOOK_IN_OPEN_ORDER'));
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
});

test("an upload shows on the home page's latest books without a reload", async ({ ownerPage: page }) => {
  const title = uniqueTitle('Fresh Upload');
  // Home first, so its latest books are cached (fresh for 30 s) when the owner comes back.
  await page.goto('/');
  const latest = page.locator('section[aria-labelledby="latest-books"]');
  await expect(latest.locator('article').first()).toBeVisible();
  await expect(latest).not.toContainText(title);

  // Client-side from here on: the upload form, then Home through the header.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/books/new');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.getByLabel(/Choose cover/).setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: await coverPng('#047857'),
  });
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Author').fill('Made Fresh');
  await page.getByLabel('Weekly price (IDR)').fill('9.000');
  await page.getByRole('button', { name: 'Upload Book' }).click();
  await expect(page).toHaveURL('/books/manage');
  await page.getByRole('banner').getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(latest.locator('article', { hasText: title })).toBeVisible();

  // Leave the shared catalog as it was.
  const bookId = await latest
    .locator('article', { hasText: title })
    .locator('a')
    .first()
    .getAttribute('href');
  const id = bookId?.split('/').pop() ?? '';
  const origin = new URL(page.url()).origin;
  expect((await page.request.delete(`/api/books/${id}`, { headers: { origin } })).status()).toBe(204);
});
