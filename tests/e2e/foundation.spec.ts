import { expect, test } from '@tests/support/fixtures';

// The site shell: home with the latest demo books, every info page, the 404 page and the
// JSON 404 of unknown API paths.

test('home shows the hero, categories and the 10 latest books with covers', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Find your next favorite book' })).toBeVisible();
  for (const category of ['Children', 'Teen', 'Adult']) {
    await expect(
      page.getByRole('main').getByRole('link', { name: new RegExp(`^${category}`) }),
    ).toBeVisible();
  }
  const latest = page.getByRole('region', { name: 'Our Latest Books' });
  const cards = latest.locator('article');
  await expect(cards).toHaveCount(10);
  // Every cover is a real image the server serves.
  const covers = cards.locator('img');
  await covers.first().scrollIntoViewIfNeeded();
  const src = await covers.first().getAttribute('src');
  const cover = await page.request.get(src!);
  expect(cover.status()).toBe(200);
  expect(cover.headers()['content-type']).toBe('image/webp');
  await expect(cards.first()).toContainText(/Rp\s?\d{1,3}(\.\d{3})* per week/);
  await expect(page.getByRole('heading', { name: 'Have books to share?' })).toBeVisible();
  for (const step of ['Browse Books', 'Add to Cart', 'Checkout & Enjoy']) {
    await expect(page.getByRole('heading', { name: step })).toBeVisible();
  }
  await page.getByRole('link', { name: 'View all' }).click();
  await expect(page).toHaveURL(/\/books$/);
});

test('the header links lead to the catalog, the categories and How it Works', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Teen' }).click();
  await expect(page).toHaveURL(/\/books\/category\/Teen$/);
  await nav.getByRole('link', { name: 'How it Works' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'How it Works' })).toBeVisible();
  await expect(page.getByRole('main').locator('ol > li')).toHaveCount(7);
  // A guest has no cart yet: the link, no count badge.
  await expect(page.getByRole('link', { name: 'Cart', exact: true })).toHaveAttribute('href', '/cart');
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toHaveAttribute('href', '/signin');
});

test('on a phone the menu button opens the same links and a page change closes it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/how-it-works');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Main' });
  await expect(menu.getByRole('link')).toHaveCount(6);
  await menu.getByRole('link', { name: 'All Books' }).click();
  await expect(page).toHaveURL(/\/books$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
});

const INFO_PAGES = [
  { path: '/shipping', heading: 'Shipping & Pickup', facts: ['2 x 24 hours'] },
  { path: '/contact', heading: 'Contact', facts: ['Bali'] },
  {
    path: '/privacy',
    heading: 'Privacy Policy',
    facts: ['children under 13', 'June 6, 2025'],
  },
  {
    path: '/terms',
    heading: 'Terms of Service',
    facts: [
      'not a party to the transactions',
      'up to 20%',
      'at least 18 years old',
      'courts of Bali',
      'June 6, 2025',
    ],
  },
  { path: '/cookies', heading: 'Cookie Policy', facts: ['June 6, 2025'] },
  { path: '/sell-books', heading: 'Sell Books', facts: ["'For Sale' price"] },
];

for (const info of INFO_PAGES) {
  test(`${info.path} shows its heading and the facts it must state`, async ({ page }) => {
    await page.goto(info.path);
    await expect(page.getByRole('heading', { level: 1, name: info.heading })).toBeVisible();
    for (const fact of info.facts) await expect(page.getByRole('main')).toContainText(fact);
  });
}

test('the footer links every page the spec lists', async ({ page }) => {
  await page.goto('/how-it-works');
  const footer = page.getByRole('contentinfo');
  for (const href of [
    '/books',
    '/books/category/Children',
    '/books/category/Teen',
    '/books/category/Adult',
    '/shipping',
    '/contact',
    '/signin',
    '/signup',
    '/sell-books',
    '/privacy',
    '/terms',
    '/cookies',
  ]) {
    await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
  }
  await expect(footer.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/signup');
});

test('an unknown path shows Page not found', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('an unknown API path answers a JSON 404, not the web app', async ({ request }) => {
  const res = await request.get('/api/nope');
  expect(res.status()).toBe(404);
  expect(res.headers()['content-type']).toContain('application/json');
  expect(await res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
});

// A landing page's HTML preloads its first data request (src/server/web-app/page-hints.ts). The
// server must name exactly the URL the app then fetches, or the phone downloads it twice: here
// the app's request is answered by the preload (one `link` resource, no `fetch` one).
test('home, the catalog and a book link get their first data from the preload their HTML names', async ({
  page,
}) => {
  const unused: string[] = [];
  page.on('console', (message) => {
    if (/preload/i.test(message.text())) unused.push(message.text());
  });
  const apiResources = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.startsWith('/api/books'))
        .map(
          (entry) =>
            `${(entry as PerformanceResourceTiming).initiatorType} ${entry.name.replace(location.origin, '')}`,
        ),
    );

  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Our Latest Books' }).locator('article')).toHaveCount(10);
  expect(await apiResources()).toEqual(['link /api/books?sort=newest&pageSize=10']);
  const bookPath = await page.locator('article a[href^="/books/"]').first().getAttribute('href');

  await page.goto('/books?sort=title-az&condition=Good&q=%20the%20');
  await page.waitForLoadState('networkidle');
  expect(await apiResources()).toEqual(['link /api/books?q=the&condition=Good&sort=title-az&page=1']);

  await page.goto(bookPath!);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const detail = await apiResources();
  expect(detail[0]).toBe(`link /api${bookPath}`);
  expect(detail.filter((resource) => resource.startsWith('fetch') && resource.endsWith(bookPath!))).toEqual(
    [],
  );
  expect(unused).toEqual([]);
});
