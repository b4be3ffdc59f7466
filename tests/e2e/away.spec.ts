import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@tests/support/fixtures';
import { uniqueTitle, uploadBookByApi } from './catalog-helpers';

// Owners away (D48): an owner sets the days they are away on Manage books; a borrower then sees
// "Back on <day>" on the card and the book's page and cannot add the book to a cart.

/** An operator day (Makassar, the default zone) `days` from now, as YYYY-MM-DD. */
const operatorDay = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Makassar' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
const inWords = (day: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));

/** The card's short form (a badge has little room): "11 Dec". */
const inShortWords = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

test('an owner sets away dates; a borrower sees “Back on” and cannot add the book', async ({ newMember }) => {
  test.setTimeout(120_000);
  const { page: owner } = await newMember();
  const title = uniqueTitle('Away Owner');
  await uploadBookByApi(owner, { title, author: 'Ketut Away', weeklyPrice: '10.000' });

  await owner.goto('/books/manage');
  const section = owner.getByTestId('away-section');
  await expect(section.getByRole('heading', { name: 'Going away?' })).toBeVisible();
  const from = operatorDay(0);
  const to = operatorDay(3);
  const backOn = inWords(operatorDay(4));
  const backOnShort = inShortWords(operatorDay(4));
  await section.getByLabel('First day away').fill(from);
  await section.getByLabel('Last day away').fill(to);
  await section.getByRole('button', { name: 'Save away dates' }).click();
  await expect(owner.getByTestId('away-status')).toContainText(`Back on ${backOn}`);
  await expect(section.getByRole('button', { name: "I'm back" })).toBeVisible();
  const results = await new AxeBuilder({ page: owner })
    .include('main')
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);

  const { page } = await newMember();
  await page.goto(`/books?q=${encodeURIComponent(title)}`);
  const card = page.locator('article').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(card.getByText(`Back on ${backOnShort}`).first()).toBeVisible();
  await expect(card.getByRole('button', { name: `Back on ${backOnShort}` })).toBeDisabled();
  await card.getByRole('heading', { name: title }).click();
  await expect(page.getByText(`The owner is away: you can borrow this book from ${backOn}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add' })).toHaveCount(0);

  // The server refuses it too, with the day.
  const bookId = new URL(page.url()).pathname.split('/').pop();
  const refused = await page.request.post('/api/cart/items', {
    data: { bookId },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).error.code).toBe('OWNER_AWAY');

  // Back early: the book can be borrowed again.
  await owner.getByTestId('away-section').getByRole('button', { name: "I'm back" }).click();
  await expect(owner.getByTestId('away-section').getByText(/Set the days you are away/)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Add' }).first()).toBeEnabled();
});
