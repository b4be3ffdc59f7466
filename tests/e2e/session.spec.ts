import type { BookDetail, BookPage } from '@domain/api-types';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  DEMO,
  e2eBaseUrl,
  expect,
  type NewMemberOptions,
  registerMember,
  signInByApi,
  test,
  uniqueEmail,
} from '@tests/support/fixtures';

// A member's session from end to end: the guest who presses Add and comes back signed in with
// the book added (20 times in a row), success states that come into view on a phone, a session
// that dies under a signed-in page, and the book page on a phone. Each journey makes its own
// member or only reads shared demo data, so the order of journeys does not matter.

const PHONE = { width: 390, height: 844 };

/** The members this file registers itself (the ones it signs in on the sign-in screen). */
const SESSION_MEMBER: NewMemberOptions = {
  prefix: 'session',
  password: 'session-pass-1',
  name: 'Wayan Session',
};

/** A demo book of Made's (an owner with pickup points) that can be borrowed now. */
async function madesBook(request: APIRequestContext): Promise<BookDetail> {
  const page = (await (await request.get('/api/books?pageSize=30&sort=newest')).json()) as BookPage;
  for (const summary of page.items) {
    const detail = (await (await request.get(`/api/books/${summary.id}`)).json()) as BookDetail;
    if (detail.owner.name === DEMO.owner.name && detail.availability === 'available') return detail;
  }
  throw new Error('No available demo book of Made');
}

async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('a guest who presses Add signs in and lands on the book with it added', () => {
  let member: { email: string; password: string };
  let book: { id: string; title: string };

  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: e2eBaseUrl() });
    member = await registerMember(request, SESSION_MEMBER);
    // A book far from the ones other journeys borrow: the last title, Z to A.
    const list = (await (await request.get('/api/books?sort=title-za&pageSize=1')).json()) as BookPage;
    book = { id: list.items[0].id, title: list.items[0].title };
    await request.dispose();
  });

  for (let round = 1; round <= 20; round++) {
    test(`round ${round} of 20`, async ({ page }) => {
      await page.goto(`/books/${book.id}`);
      // The first Add is the book's own (the cards of 'More Books from' come after it).
      await page.getByRole('button', { name: 'Add', exact: true }).first().click();
      // The intent is in the URL, not only in memory.
      await expect(page).toHaveURL(`/signin?next=${encodeURIComponent(`/books/${book.id}`)}&add=${book.id}`);
      await expect(page.getByText(`Sign in to borrow ${book.title}`)).toBeVisible();
      await fillSignIn(page, member.email, member.password);

      await expect(page).toHaveURL(`/books/${book.id}`);
      await expect(page.getByText(`“${book.title}” is in your cart.`)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Added' }).first()).toBeVisible();
      await expect(page.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible();
      // Added exactly once: one item in the cart, and Back does not return to the sign-in screen.
      const cart = await (await page.request.get('/api/cart')).json();
      expect(cart.groups.flatMap((g: { items: unknown[] }) => g.items)).toHaveLength(1);
      await page.goBack();
      await expect(page).not.toHaveURL(/\/signin/);

      // Leave the member as found: an empty cart, signed out.
      const cleared = await page.request.delete('/api/cart', { headers: { origin: e2eBaseUrl() } });
      expect(cleared.ok()).toBe(true);
    });
  }
});

test("a book that can't be added shows the server's message, not a success toast", async ({ page }) => {
  const book = await madesBook(page.request);
  await page.goto(`/books/${book.id}`);
  await page.getByRole('button', { name: 'Add', exact: true }).first().click();
  // Made signs in on a book of his own: the server refuses the add, and says why.
  await fillSignIn(page, DEMO.owner.email, DEMO.owner.password);
  await expect(page).toHaveURL(`/books/${book.id}`);
  await expect(page.getByText('You cannot add your own book to the cart')).toBeVisible();
  await expect(page.getByText(/is in your cart\./)).toHaveCount(0);
  await expect(page.getByText('This is Your Book')).toBeVisible();
});

test('a signed-in member sent to /signin by the guard comes back to the page they asked for', async ({
  freshMember: member,
}) => {
  const { page } = member;
  await page.context().clearCookies(); // a guest
  await page.goto('/my-orders');
  await expect(page).toHaveURL(`/signin?next=${encodeURIComponent('/my-orders')}`);
  await fillSignIn(page, member.email, member.password);
  await expect(page).toHaveURL('/my-orders');
  // Opening the sign-in link again while signed in goes straight on to the page it names.
  await page.goto(`/signin?next=${encodeURIComponent('/cart')}`);
  await expect(page).toHaveURL('/cart');
  // Never off-site.
  await page.goto(`/signin?next=${encodeURIComponent('//evil.example.com/x')}`);
  await expect(page).toHaveURL('/books/manage');
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('sign-up, forgot password and password change bring their success to the top, heading focused', async ({
    page,
  }) => {
    const email = uniqueEmail('phone');
    await page.goto('/signup');
    await page.getByLabel('Full name').fill('Ni Luh Phone');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('phone-pass-1');
    await page.getByLabel('Confirm password').fill('phone-pass-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    const checkEmail = page.getByRole('heading', { name: 'Check your email' });
    await expect(checkEmail).toBeFocused();
    await expect(checkEmail).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(checkEmail).toBeFocused();
    await expect(checkEmail).toBeInViewport();

    const member = await registerMember(page.request, SESSION_MEMBER);
    await signInByApi(page.request, member);
    await page.goto('/profile/edit');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByLabel('Current password').fill(member.password);
    await page.getByLabel('New password', { exact: true }).fill('session-pass-2');
    await page.getByLabel('Confirm new password').fill('session-pass-2');
    await page.getByRole('button', { name: 'Send Change Request' }).click();
    await expect(page.getByRole('heading', { name: 'Password', exact: true })).toBeFocused();
    await expect(page.getByText('Your password has been changed.')).toBeInViewport();
  });

  test('the book page: price and Add stay at the bottom, no repeated details, pickup points named', async ({
    page,
  }) => {
    const book = await madesBook(page.request);
    expect(book.owner.pickupPoints).toEqual([
      'Canggu Coworking Hub',
      'Sanur Beach Library',
      'Ubud Readers Café',
    ]);
    const pickup = 'Pickup: Canggu Coworking Hub, Sanur Beach Library, Ubud Readers Café';
    await page.goto(`/books/${book.id}`);
    const bar = page.getByTestId('book-action-bar');
    const add = bar.getByRole('button', { name: 'Add', exact: true });
    await expect(add).toBeInViewport();
    await expect(bar).toContainText(/Rp [\d.]+ per week/);
    await expect(page.getByText(pickup)).toBeVisible();

    // Category, condition and language each said once about this book (the tiles), no badges too.
    const main = page.locator('main');
    const more = page.getByRole('region', { name: `More Books from ${DEMO.owner.name}` });
    await expect(more).toBeVisible();
    for (const value of [book.condition, book.language]) {
      const all = await main.getByText(value, { exact: true }).count();
      const inMore = await more.getByText(value, { exact: true }).count();
      expect(all - inMore, value).toBe(1);
    }

    // Scrolled to the very end, footer included: the bar is still there and does not cover it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(add).toBeInViewport();
    const rights = page.getByText(/Made in Bali\./);
    const barTop = (await bar.boundingBox())!.y;
    const rightsBottom = (await rights.boundingBox())!;
    expect(rightsBottom.y + rightsBottom.height).toBeLessThanOrEqual(barTop);

    // The owner's shelf names the pickup points too.
    await page.goto(`/owner/${book.ownerId}`);
    await expect(page.getByText(pickup)).toBeVisible();
  });
});

test('a session that dies under a signed-in page: reset, told, sent to sign in and back', async ({
  freshMember: { page, email, password },
}) => {
  await page.goto('/my-orders');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  // The session ends on the server (as an expiry or a sign-out elsewhere would).
  const [cookie] = (await page.context().cookies()).filter((c) => c.name === 'rakbuku.session_token');
  expect(cookie).toBeTruthy();
  const res = await page.request.post('/api/auth/sign-out', { data: {}, headers: { origin: e2eBaseUrl() } });
  expect(res.ok(), await res.text()).toBe(true);

  // The next page asks the API and gets 401.
  await page.getByRole('link', { name: /^Cart/ }).click();
  await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible();
  await expect(page).toHaveURL(`/signin?next=${encodeURIComponent('/cart')}`);
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
  await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();

  await fillSignIn(page, email, password);
  await expect(page).toHaveURL('/cart');
  await expect(header.getByRole('button', { name: 'Account menu' })).toBeVisible();
});

test('listings: skeleton cards while loading, no Available badge, an empty search keeps the price range and offers Clear search', async ({
  page,
}) => {
  // The books answer is held until the skeleton has been seen.
  let release: () => void = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route(
    (url) => url.pathname === '/api/books',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.goto('/books');
  await expect(page.getByRole('status', { name: 'Loading books...' })).toBeVisible();
  await expect(page.getByText('Price per week')).toHaveCount(0); // no slider before its range is known
  release();
  await expect(page.locator('article').first()).toBeVisible();
  await page.unrouteAll();
  await expect(page.locator('article').getByText('Available', { exact: true })).toHaveCount(0);

  await page.goto('/books?q=zzqx-nothing-here');
  await expect(page.getByRole('heading', { name: 'No books found' })).toBeVisible();
  await expect(page.getByText('Price per week')).toBeVisible();
  await expect(page.getByText('Rp 0', { exact: true })).toBeVisible();
  // The empty state's own button (the chip above the list says the same).
  await page.getByRole('button', { name: 'Clear search' }).last().click();
  await expect(page).toHaveURL('/books');
  await expect(page.locator('article').first()).toBeVisible();
});

test("the home page's failed list offers Try again, and a picked file that is not an image is refused at once", async ({
  page,
  freshMember: { page: member },
}) => {
  let fail = true;
  await page.route(
    (url) => url.pathname === '/api/books',
    (route) => (fail ? route.fulfill({ status: 500, body: '{}' }) : route.continue()),
  );
  await page.goto('/');
  await expect(page.getByText('Failed to load books')).toBeVisible();
  fail = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.locator('article').first()).toBeVisible();
  await page.unrouteAll();

  // A member's own page from here on.
  await member.goto('/books/new');
  await expect(member).toHaveTitle('Upload a Book · Rakbuku');
  await member.getByLabel(/Choose cover/).setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not really a picture'),
  });
  await expect(member.getByText('Invalid file: Must be JPG, PNG, or WEBP, max 2MB')).toBeVisible();
  await expect(member.getByRole('img', { name: 'Cover preview' })).toHaveCount(0);
});
