import { e2eBaseUrl, expect, type SignedInMember, test } from '@tests/support/fixtures';
import { uniqueTitle, uploadBookByApi } from './catalog-helpers';

// Checkout on a phone: choosing Self pickup selects a pickup point at once (a visible choice the
// member may change), and Place Order stays on screen in a bar at the bottom, wherever the page
// is scrolled; it places the order. On a wide screen the review's own button is the one.

const PHONE = { width: 390, height: 844 };

/** A new owner offering two pickup points lists a book; a new member has it in their cart. */
async function cartWithPickup(newMember: (o?: { name?: string }) => Promise<SignedInMember>) {
  const { page: owner } = await newMember();
  const { items: locations } = (await (await owner.request.get('/api/pickup-locations')).json()) as {
    items: Array<{ id: string; name: string }>;
  };
  expect(locations.length).toBeGreaterThan(1);
  const offered = locations.slice(0, 2);
  const chosen = await owner.request.put('/api/profile/pickup-locations', {
    data: { ids: offered.map((l) => l.id) },
    headers: { origin: e2eBaseUrl() },
  });
  expect(chosen.ok(), await chosen.text()).toBeTruthy();
  const book = await uploadBookByApi(owner, {
    title: uniqueTitle('Phone Checkout'),
    author: 'Wayan Phone',
    weeklyPrice: '9000',
  });
  const { page } = await newMember();
  const added = await page.request.post('/api/cart/items', {
    data: { bookId: book.id },
    headers: { origin: e2eBaseUrl() },
  });
  expect(added.status()).toBe(201);
  return { page, offered };
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('pickup is preselected and Place Order never scrolls away', async ({ newMember }) => {
    const { page, offered } = await cartWithPickup(newMember);
    await page.goto('/checkout');
    const bar = page.getByTestId('place-order-bar');
    const place = page.getByRole('button', { name: 'Place Order' });
    // One Place Order on a phone: the bar's, on screen before any scroll.
    await expect(place).toHaveCount(1);
    await expect(bar.getByRole('button', { name: 'Place Order' })).toBeInViewport();

    await page.getByRole('radio', { name: /Self pickup/ }).check();
    const pickupPoints = new RegExp(offered.map((l) => l.name).join('|'));
    await expect(page.getByRole('radio', { name: pickupPoints })).toHaveCount(2);
    await expect(page.getByRole('radio', { name: pickupPoints, checked: true })).toHaveCount(1);

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(place).toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(place).toBeInViewport();
    await place.click();
    await expect(page).toHaveURL(/\/order-confirmation$/);
  });
});

test('on a wide screen the review holds Place Order and no bar shows', async ({ newMember }) => {
  const { page } = await cartWithPickup(newMember);
  await page.goto('/checkout');
  await expect(page.getByRole('button', { name: 'Place Order' })).toHaveCount(1);
  await expect(page.getByTestId('place-order-bar')).toBeHidden();
  await expect(
    page.getByRole('complementary').or(page.locator('main')).getByRole('button', { name: 'Place Order' }),
  ).toBeVisible();
});
