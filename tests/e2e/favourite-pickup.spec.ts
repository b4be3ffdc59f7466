import AxeBuilder from '@axe-core/playwright';
import { e2eBaseUrl, expect, test } from '@tests/support/fixtures';
import { uniqueTitle, uploadBookByApi } from './catalog-helpers';

// A favourite pickup location: a borrower makes the location they chose their favourite, and
// the next checkout chooses it for them; forgotten, the checkout chooses the first location
// offered again (a visible choice the borrower may change). A new owner drops books off at two
// locations, so the first is not chosen for being the only one.

test('a borrower makes a pickup location their favourite and the next checkout chooses it', async ({
  newMember,
}) => {
  test.setTimeout(120_000);
  const { page: owner } = await newMember();
  const { items } = (await (await owner.request.get('/api/pickup-locations')).json()) as {
    items: Array<{ id: string; name: string }>;
  };
  const [first, second] = items;
  const chosen = await owner.request.put('/api/profile/pickup-locations', {
    data: { ids: [first.id, second.id] },
    headers: { origin: e2eBaseUrl() },
  });
  expect(chosen.ok(), await chosen.text()).toBeTruthy();
  const title = uniqueTitle('Favourite Pickup');
  await uploadBookByApi(owner, { title, author: 'Wayan Fav', weeklyPrice: '10.000' });

  const { page } = await newMember();
  await page.goto(`/books?q=${encodeURIComponent(title)}`);
  const card = page.locator('article').filter({ has: page.getByRole('heading', { name: title }) });
  await card.getByRole('button', { name: 'Add' }).click();
  await expect(card.getByRole('button', { name: 'Added' })).toBeDisabled();

  // No favourite yet: two locations, the first one offered chosen.
  await page.goto('/checkout');
  await page.getByRole('radio', { name: /Self pickup/ }).check();
  const secondRadio = page.getByRole('radio', { name: new RegExp(second.name) });
  await expect(page.getByRole('radio', { name: new RegExp(first.name) })).toBeChecked();
  await expect(secondRadio).not.toBeChecked();
  await secondRadio.check();
  await page.getByRole('button', { name: 'Make this my favourite' }).click();
  await expect(page.getByText(/This is your favourite/)).toBeVisible();
  await expect(page.getByRole('radio', { name: new RegExp(`${second.name}.*Favourite`) })).toBeVisible();
  const results = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);

  // The next checkout chooses it.
  await page.reload();
  await page.getByRole('radio', { name: /Self pickup/ }).check();
  await expect(page.getByRole('radio', { name: new RegExp(second.name) })).toBeChecked();

  // Forgotten, it is no longer chosen for them: the first one offered is, as before.
  await page.getByRole('button', { name: 'Forget favourite' }).click();
  await expect(page.getByRole('button', { name: 'Make this my favourite' })).toBeVisible();
  await page.reload();
  await page.getByRole('radio', { name: /Self pickup/ }).check();
  await expect(page.getByRole('radio', { name: new RegExp(first.name) })).toBeChecked();
  await expect(page.getByRole('radio', { name: new RegExp(second.name) })).not.toBeChecked();
});
