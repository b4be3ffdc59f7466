import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@tests/support/fixtures';
import { coverPng, uniqueTitle } from './catalog-helpers';

// Shelf import: an owner uploads a CSV, sees what became drafts and which row could not be
// read, gives two drafts their condition, price and photo, and lists both at once: they leave
// the drafts and are on the owner's shelf.

test('an owner imports a CSV and lists two drafts at once', async ({ newMember }) => {
  test.setTimeout(180_000);
  const { page } = await newMember();
  const first = uniqueTitle('Imported One');
  const second = uniqueTitle('Imported Two');
  const csv = `Title,Author,ISBN\n${first},Ketut Import,\n${second},Made Import,\n,Nobody,\n`;

  await page.goto('/books/manage');
  await page.getByRole('link', { name: 'Import from CSV' }).click();
  await expect(page.getByRole('heading', { name: 'Import books' })).toBeVisible();
  await page
    .getByLabel('CSV file', { exact: true })
    .setInputFiles({ name: 'shelf.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const summary = page.getByTestId('import-summary');
  await expect(summary).toContainText('2 drafts added.');
  await expect(summary).toContainText('Line 4: no title and no ISBN');

  const photo = await coverPng('#b45309');
  for (const [title, price] of [
    [first, '15000'],
    [second, '20000'],
  ]) {
    const draft = page.getByTestId('draft').filter({ has: page.locator(`input[value="${title}"]`) });
    await expect(draft.getByTestId('draft-state')).toContainText(
      'Still needed: condition, weekly price, photo',
    );
    await draft.getByLabel('Condition').selectOption('Good');
    await draft.getByLabel('Weekly price (IDR)').fill(price);
    await draft.getByLabel('Weekly price (IDR)').blur();
    await draft
      .getByLabel(`Add a photo of ${title}`)
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: photo });
    await expect(draft.getByTestId('draft-state')).toContainText('Ready to list');
    await draft.getByRole('checkbox', { name: `Select ${title}` }).check();
  }
  const results = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);

  await page.getByRole('button', { name: 'List selected (2)' }).click();
  await expect(page.getByText('2 books listed')).toBeVisible();
  await expect(page.getByTestId('draft')).toHaveCount(0);

  // On the owner's shelf (My Books), listed.
  await page.goto('/books/manage');
  await expect(page.getByRole('link', { name: first, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: second, exact: true })).toBeVisible();
});
