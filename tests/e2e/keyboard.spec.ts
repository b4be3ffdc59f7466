import AxeBuilder from '@axe-core/playwright';
import { type Locator, type Page, request } from '@playwright/test';
import { e2eBaseUrl, expect, test } from '@tests/support/fixtures';

// From search to a placed order with the keyboard only (Tab, Shift+Tab, typing, Enter): no
// mouse click anywhere. Sophie borrows one of Wayan's books; her cart is emptied first (over
// the API, as a setup step), and the book is picked at run time among Wayan's listed books, so
// the journey runs again on the same server.

const SOPHIE = { email: 'sophie@example.com', password: 'owner12345' };
const WAYAN = 'Wayan Dharma';

/** Presses Tab until `target` has the focus (it must be reachable in tab order). */
async function tabTo(page: Page, target: Locator, maxPresses = 80) {
  for (let i = 0; i < maxPresses; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Could not reach ${target} with Tab in ${maxPresses} presses`);
}

async function wayansListedBook(): Promise<{ id: string; title: string }> {
  const api = await request.newContext({ baseURL: e2eBaseUrl() });
  try {
    const page = (await (await api.get('/api/books?pageSize=60')).json()) as { items: { ownerId: string }[] };
    for (const ownerId of new Set(page.items.map((b) => b.ownerId))) {
      const owner = (await (await api.get(`/api/owners/${ownerId}`)).json()) as { name: string };
      if (owner.name !== WAYAN) continue;
      const shelf = (await (await api.get(`/api/owners/${ownerId}/books?pageSize=60`)).json()) as {
        items: { id: string; title: string; availability: string }[];
      };
      // The last one: other journeys that borrow from the demo take books from the front.
      const book = shelf.items.filter((b) => b.availability === 'available').at(-1);
      if (book) return book;
    }
  } finally {
    await api.dispose();
  }
  throw new Error(`No listed book of ${WAYAN}`);
}

test('keyboard only: search, open a book, add it, check out, place the order', async ({ page, apiAs }) => {
  const book = await wayansListedBook();
  const api = await apiAs(SOPHIE);
  expect((await api.delete('/api/cart')).status()).toBeLessThan(300);
  await api.dispose();

  // Sign in.
  await page.goto('/signin');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(SOPHIE.email);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(SOPHIE.password);
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/signin/);

  // Search from the home page.
  await page.goto('/');
  const search = page.getByRole('searchbox', { name: 'Search books' }).first();
  await tabTo(page, search);
  await page.keyboard.type(book.title);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/books\?q=/);

  // Open the book from the results.
  const titleLink = page.getByRole('link', { name: book.title, exact: true }).first();
  await expect(titleLink).toBeVisible();
  await tabTo(page, titleLink);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/books/${book.id}$`));
  await expect(page.getByRole('heading', { name: book.title })).toBeVisible();

  // Add it to the cart.
  const add = page.getByRole('main').getByRole('button', { name: /add/i }).first();
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main').getByRole('button', { name: /added/i }).first()).toBeVisible();

  // Go to the cart through the header link.
  const cartLink = page.getByRole('banner').getByRole('link', { name: /cart/i }).first();
  await tabTo(page, cartLink);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('main').getByText(book.title).first()).toBeVisible();

  // Proceed to checkout.
  const proceed = page
    .getByRole('link', { name: 'Proceed to Checkout' })
    .or(page.getByRole('button', { name: 'Proceed to Checkout' }));
  await tabTo(page, proceed.first());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/checkout$/);

  // Delivery is the default and the address comes from Sophie's profile: place the order.
  await expect(page.getByLabel('Full name')).not.toHaveValue('');
  const place = page.getByRole('button', { name: 'Place Order' });
  await tabTo(page, place);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/order-confirmation/);
  await expect(page.getByRole('heading', { name: /Your order is placed/ })).toBeVisible();
  // The confirmation page exists only right after a checkout: check its accessibility here.
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);

  // The order holds the book now (D6).
  const detail = await page.request.get(`/api/books/${book.id}`);
  expect(((await detail.json()) as { availability: string }).availability).toBe('reserved');
});
