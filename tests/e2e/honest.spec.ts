import type { Page } from '@playwright/test';
import { DEMO, expect, linkIn, test, uniqueEmail, waitForMail } from '@tests/support/fixtures';

// Every sentence true for the state it is shown in: the next step of an overdue loan, a pickup
// order that says to pay now and by when, a guest's Add kept through sign-up, My Orders that
// a person can scan, and an unknown page that says 404. The demo seeds the demo borrower's
// loan of Made Wirawan's 'Circe': 3 days overdue, its three reminders all due on first start.

const OVERDUE_BOOK = 'Circe';
/** Books other journeys use: this one leaves them alone. */
const TAKEN = new Set(['Negeri 5 Menara', 'Ronggeng Dukuh Paruk', OVERDUE_BOOK]);

/** The 'd MMM yyyy, HH:mm' date of a "Pay now, by ..." sentence, as a comparable number. */
function dateIn(text: string | null): number {
  const match = /by (\d{1,2} \w{3} \d{4}), (\d{2}:\d{2})/.exec(text ?? '');
  expect(match, text ?? '').toBeTruthy();
  return Date.parse(`${match![1]} ${match![2]}`);
}

async function overdueOrder(page: Page): Promise<{ id: string; number: string }> {
  const res = await page.request.get('/api/orders?as=borrower');
  const { items } = (await res.json()) as {
    items: Array<{ id: string; number: string; loan: { state: string } | null }>;
  };
  const overdue = items.find((o) => o.loan?.state === 'overdue');
  expect(overdue, 'the demo has an overdue loan').toBeTruthy();
  return overdue!;
}

test('an overdue loan: the borrower is asked to return now, first in My Orders; the owner reads it is late and reminded', async ({
  memberPage: borrower,
  ownerPage: owner,
  apiAs,
}) => {
  const order = await overdueOrder(borrower);
  await borrower.goto('/my-orders');
  const first = borrower.getByTestId('order-row').first();
  // Urgent first, with its book's title.
  await expect(first).toContainText(`Order #${order.number}`);
  await expect(first).toHaveAttribute('data-urgency', 'overdue');
  await expect(first.getByTestId('order-titles')).toContainText(OVERDUE_BOOK);
  await expect(first.getByTestId('next-step')).toContainText('Return now: 3 days late');
  await borrower.goto(`/orders/${order.id}`);
  const step = borrower.getByTestId('next-step');
  await expect(step).toContainText('Return now: 3 days late');
  await expect(step).not.toContainText('Enjoy');
  await expect(borrower.getByRole('button', { name: 'Return Books' })).toBeVisible();

  // The owner: once the worker has run (the admin's Process emails runs it now, as the 60-second
  // pass would), the reminders of the first start have fired (D37: one email, the latest).
  const admin = await apiAs(DEMO.admin);
  expect((await admin.post('/api/admin/emails/process')).ok()).toBeTruthy();
  await expect(async () => {
    await owner.goto(`/orders/${order.id}`);
    await expect(owner.getByTestId('next-step')).toContainText(
      'This loan is 3 days overdue. We have reminded the borrower by email',
      { timeout: 2_000 },
    );
  }).toPass({ timeout: 30_000 });
  // Plain words for the owner, not the admin's status names.
  await expect(owner.getByRole('main').locator('header')).toContainText('With the borrower');
});

test('a pickup checkout says pay now, by a date, with the way to the payment panel', async ({
  newMember,
  baseURL,
}) => {
  const { page } = await newMember({ prefix: 'paynow', name: 'Kadek Pickup' });
  // A borrowable book whose owner drops off at a pickup point, not used by other journeys.
  const list = (await (await page.request.get('/api/books?pageSize=48&sort=oldest')).json()) as {
    items: Array<{ id: string; title: string }>;
  };
  let chosen: { id: string; title: string } | null = null;
  for (const book of list.items) {
    if (TAKEN.has(book.title)) continue;
    const detail = (await (await page.request.get(`/api/books/${book.id}`)).json()) as {
      owner: { pickupPoints: string[] };
    };
    if (detail.owner.pickupPoints.length > 0) {
      chosen = book;
      break;
    }
  }
  expect(chosen, 'a demo book with a pickup point').toBeTruthy();
  const added = await page.request.post('/api/cart/items', {
    data: { bookId: chosen!.id },
    headers: { origin: baseURL! },
  });
  expect(added.ok(), await added.text()).toBeTruthy();

  await page.goto('/checkout');
  // Delivery waits for the shipping cost: nothing to pay yet, so no date to pay by.
  await page.getByRole('radio', { name: /^Delivery/ }).check();
  await expect(page.getByText(/^No payment now: our team sets the shipping cost first/)).toBeVisible();
  await expect(page.getByTestId('checkout-pay-now')).toHaveCount(0);
  // Pickup is payable the moment it is placed: the checkout itself says by when, and where to pay.
  await page.getByRole('radio', { name: /Self pickup/ }).check();
  const promise = page.getByTestId('checkout-pay-now');
  await expect(promise).toContainText(/Pay now, by \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/);
  await expect(promise).toContainText('Place the order, then open its payment panel');
  await expect(page.getByText(/within 24 hours/)).toHaveCount(0);
  const promisedBy = dateIn(await promise.textContent());
  await page.getByRole('group', { name: 'Pickup location' }).getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Place Order' }).click();

  await expect(page).toHaveURL(/\/order-confirmation$/);
  const payNow = page.getByTestId('pay-now');
  await expect(payNow).toContainText(/Pay now, by \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/);
  // The order's own deadline is the one promised, or a minute later if the clock turned meanwhile.
  const deadline = dateIn(await payNow.textContent());
  expect(deadline - promisedBy).toBeGreaterThanOrEqual(0);
  expect(deadline - promisedBy).toBeLessThanOrEqual(60_000);
  await expect(page.getByText(/within 24 hours/)).toHaveCount(0);
  await expect(page.getByText('Our team reviews your order')).toHaveCount(0);
  await payNow.getByRole('link', { name: 'Open the payment panel' }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]+#payment$/);
  await expect(page.getByTestId('payment-panel')).toBeVisible();
});

test('a guest presses Add, signs up, confirms, and lands on the book with it in the cart', async ({
  page,
}) => {
  const list = (await (await page.request.get('/api/books?pageSize=48&sort=newest')).json()) as {
    items: Array<{ id: string; title: string }>;
  };
  const book = list.items.find((b) => !TAKEN.has(b.title))!;
  await page.goto(`/books/${book.id}`);
  await page.getByRole('main').getByRole('button', { name: 'Add', exact: true }).first().click();
  await expect(page).toHaveURL(/\/signin\?next=.*&add=/);
  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(new RegExp(`/signup\\?next=%2Fbooks%2F${book.id}&add=${book.id}$`));

  const email = uniqueEmail('intent');
  await page.getByLabel('Full name').fill('Gede Tamu');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('guest-pass-1');
  await page.getByLabel('Confirm password').fill('guest-pass-1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  const mail = await waitForMail(email, 'Confirm your Rakbuku account');
  await page.goto(linkIn(mail, '/confirm-email'));
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(page).toHaveURL(new RegExp(`/books/${book.id}$`));
  await expect(page.getByText(`“${book.title}” is in your cart.`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible();
  await expect(page).not.toHaveURL(/profile/);
});

test('an unknown path answers 404 with the designed page', async ({ page }) => {
  const res = await page.goto('/no-such-page/at-all');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  const known = await page.goto('/how-it-works');
  expect(known?.status()).toBe(200);
  const description = await page.locator('meta[name="description"]').getAttribute('content');
  expect(description).toMatch(/How Rakbuku works/);
  expect((await page.request.get('/robots.txt')).status()).toBe(200);
  expect(await (await page.request.get('/sitemap.xml')).text()).toContain('<urlset');
});
