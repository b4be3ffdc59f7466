import type { Page } from '@playwright/test';
import { DEMO, e2eBaseUrl, expect, signInByApi, test } from '@tests/support/fixtures';
import { cardPrices, type UploadedBook, uniqueTitle, uploadBookByApi } from './catalog-helpers';

// Browsing: search from home, filters and sorts that live in the URL (D17), Clear all, a
// category page, the book detail and the owner's shelf. Demo books are only read; the books
// searched for by name are uploaded here by the demo owner, so no other journey can take them.

const showing = (page: Page) => page.getByText(/^Showing \d+ books?$/);
const shownCount = async (page: Page) =>
  Number(((await showing(page).textContent()) ?? '').replace(/\D/g, ''));

let mine: UploadedBook;
let cheaper: UploadedBook;
const token = uniqueTitle('Lontar').split(' ')[1];

test.beforeAll(async ({ browser }) => {
  // Fixtures are per test: the books every test here reads are uploaded once, as the demo owner.
  const context = await browser.newContext({ baseURL: e2eBaseUrl() });
  const page = await context.newPage();
  await signInByApi(page.request, DEMO.owner);
  mine = await uploadBookByApi(page, {
    title: `Lontar Tales ${token}`,
    author: 'Ketut Journey',
    weeklyPrice: '25000',
    monthlyPrice: '80000',
    category: 'Teen',
  });
  cheaper = await uploadBookByApi(page, {
    title: `Lontar Notes ${token}`,
    author: 'Ketut Journey',
    weeklyPrice: '7000',
    category: 'Teen',
  });
  await context.close();
});

test('search from home trims the text, ignores an empty search and finds title or author', async ({
  page,
}) => {
  await page.goto('/');
  const search = page.getByPlaceholder('Search by title or author...');
  await search.fill('   ');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/$/);

  await search.fill(`  lontar TALES ${token.toUpperCase()}  `);
  await search.press('Enter');
  await expect(page).toHaveURL(`/books?q=${encodeURIComponent(`lontar TALES ${token.toUpperCase()}`)}`);
  await expect(page.getByText('Showing 1 book')).toBeVisible();
  await expect(page.getByRole('heading', { name: mine.title })).toBeVisible();
  await expect(page.getByPlaceholder('Search by title or author...')).toHaveValue(
    `lontar TALES ${token.toUpperCase()}`,
  );

  // By author, case-insensitive: both uploaded books.
  const again = page.getByPlaceholder('Search by title or author...');
  await again.fill('ketut journey');
  await again.press('Enter');
  await expect(page.getByText(/^Showing \d+ books$/)).toBeVisible();
  await expect(page.getByRole('heading', { name: mine.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: cheaper.title })).toBeVisible();
});

test('filters and sort live in the URL, Back restores the previous state, Clear all resets', async ({
  page,
}) => {
  await page.goto('/books');
  await expect(showing(page)).toBeVisible();
  const everything = await shownCount(page);
  expect(everything).toBeGreaterThan(20);

  await page.getByRole('radio', { name: 'Good' }).click();
  await expect(page.getByRole('radio', { name: 'Good' })).toBeChecked();
  await expect(page).toHaveURL(/[?&]condition=Good/);
  await expect.poll(() => shownCount(page)).toBeLessThan(everything);
  const good = await shownCount(page);
  await expect(page.locator('article').first()).toContainText('Good');

  await page.getByLabel('Sort by').selectOption({ label: 'Price low to high' });
  await expect(page).toHaveURL(/sort=price-low/);
  await expect
    .poll(async () => {
      const prices = await cardPrices(page);
      return prices.length > 1 && prices.every((p, i) => i === 0 || prices[i - 1] <= p);
    })
    .toBe(true);

  await page.getByRole('radio', { name: 'Indonesian' }).click();
  await expect(page.getByRole('radio', { name: 'Indonesian' })).toBeChecked();
  await expect(page).toHaveURL(/language=Indonesian/);
  await expect.poll(() => shownCount(page)).toBeLessThan(good);

  // Back: the language filter goes, condition and sort stay, and the screen shows them.
  await page.goBack();
  await expect(page).toHaveURL(/condition=Good/);
  await expect(page).not.toHaveURL(/language=/);
  await expect(page.getByRole('radio', { name: 'Indonesian' })).not.toBeChecked();
  await expect(page.getByRole('radio', { name: 'Good' })).toBeChecked();
  await expect(page.getByLabel('Sort by')).toHaveValue('price-low');
  await expect.poll(() => shownCount(page)).toBe(good);

  await page.goBack();
  await expect(page).not.toHaveURL(/sort=/);
  await expect(page.getByLabel('Sort by')).toHaveValue('newest');

  // Title Z to A puts titles in reverse order.
  await page.getByLabel('Sort by').selectOption({ label: 'Title Z to A' });
  await expect(page).toHaveURL(/sort=title-za/);
  await expect
    .poll(async () => {
      const titles = await page.locator('article h3').allInnerTexts();
      return titles.length > 1 && titles.every((t, i) => i === 0 || titles[i - 1].localeCompare(t) >= 0);
    })
    .toBe(true);

  // The price slider (keyboard): every book shown costs at most the chosen price (D4).
  const slider = page.getByRole('slider', { name: 'Price per week' });
  await slider.focus();
  for (let i = 0; i < 8; i++) await slider.press('ArrowLeft');
  await expect(page).toHaveURL(/maxPrice=\d+/);
  const maxPrice = Number(new URL(page.url()).searchParams.get('maxPrice'));
  await expect(page.getByText(/^Up to Rp/)).toBeVisible();
  await expect.poll(async () => (await cardPrices(page)).every((p) => p <= maxPrice)).toBe(true);
  // The run of key presses is one history entry: one Back undoes it.
  await page.goBack();
  await expect(page).not.toHaveURL(/maxPrice=/);
  await expect(page).toHaveURL(/sort=title-za/);
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`maxPrice=${maxPrice}`));

  await page.getByRole('button', { name: 'Clear all' }).first().click();
  await expect(page).not.toHaveURL(/maxPrice=|condition=/);
  await expect(page).toHaveURL(/sort=title-za/);
  await expect(page.getByRole('radio', { name: 'Good' })).not.toBeChecked();
  await expect(page.getByText('Any price')).toBeVisible();
  await expect.poll(() => shownCount(page)).toBe(everything);

  // Paging is in the URL too (a cursor: the page after the last book shown).
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/cursor=/);
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeHidden();
  await page.goBack();
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
});

/** The books on screen, by their links (titles may repeat). */
const shownIds = (page: Page) =>
  page
    .locator('article a:has(h3)')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));

test('paging forward and back by cursor: a book added meanwhile neither repeats nor hides one; Back and Forward keep the pages', async ({
  page,
  browser,
}) => {
  await page.goto('/books?sort=title-az');
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await expect.poll(async () => (await shownIds(page)).length).toBe(20);
  const first = await shownIds(page);

  // Meanwhile someone lists a book that sorts onto page 1: by page number, page 2 would
  // start with page 1's last book again.
  const context = await browser.newContext({ baseURL: e2eBaseUrl() });
  const owner = await context.newPage();
  await signInByApi(owner.request, DEMO.owner);
  const early = await uploadBookByApi(owner, {
    // Not the shared token: the owner's shelf journey counts the books that carry it.
    title: uniqueTitle('AAA First'),
    author: 'Ketut Journey',
    weeklyPrice: '9000',
    category: 'Adult',
  });
  await context.close();

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/cursor=/);
  await expect.poll(async () => (await shownIds(page))[0]).not.toBe(first[0]);
  const second = await shownIds(page);
  expect(second.filter((id) => first.includes(id))).toEqual([]);
  expect(second).not.toContain(`/books/${early.id}`);
  const secondUrl = page.url();

  // Previous, until the first page: the books before the second page's first, as they are now
  // (page 1's books and the new one, each once, none of the second page's).
  const pages: { url: string; ids: string[] }[] = [];
  for (let i = 0; i < 3 && (await page.getByRole('button', { name: 'Previous' }).isEnabled()); i++) {
    const from = { url: page.url(), ids: await shownIds(page) };
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page).not.toHaveURL(from.url);
    // The page before stays on screen until the new one arrives.
    await expect.poll(() => shownIds(page)).not.toEqual(from.ids);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    pages.push({ url: page.url(), ids: await shownIds(page) });
  }
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  const before = new Set(pages.flatMap((p) => p.ids));
  expect(before).toEqual(new Set([...first, `/books/${early.id}`]));
  expect([...before].filter((id) => second.includes(id))).toEqual([]);

  // The browser's Back and Forward return to the pages as they were asked.
  for (const earlier of [...pages.slice(0, -1)].reverse()) {
    await page.goBack();
    await expect(page).toHaveURL(earlier.url);
    await expect.poll(() => shownIds(page)).toEqual(earlier.ids);
  }
  await page.goBack();
  await expect(page).toHaveURL(secondUrl);
  await expect.poll(() => shownIds(page)).toEqual(second);
  await page.goForward();
  await expect.poll(() => shownIds(page)).toEqual(pages[0].ids);
});

test('a search of one or two letters says how many it needs, and searches nothing', async ({ page }) => {
  await page.goto('/books');
  await page.getByRole('searchbox').first().fill(' ab ');
  await page.getByRole('searchbox').first().press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Type at least 3 letters to search');
  await expect(page).not.toHaveURL(/q=/);
  // A hand-written URL gets the server's answer, with the way back.
  await page.goto('/books?q=ab');
  await expect(page.getByText('Type at least 3 letters to search')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).first().click();
  await expect(page).not.toHaveURL(/q=/);
  await expect(showing(page)).toBeVisible();
});

test('a filter that matches nothing shows the empty state', async ({ page }) => {
  await page.goto(`/books?q=${encodeURIComponent(mine.title)}&condition=Fair`);
  await expect(page.getByRole('heading', { name: 'No books found' })).toBeVisible();
  await expect(page.getByText('Try adjusting your search or filter criteria')).toBeVisible();
  await page.getByRole('button', { name: 'Clear all' }).last().click();
  await expect(page.getByText('Showing 1 book')).toBeVisible();
  await expect(page).toHaveURL(/q=/);
});

test('a category page has its own header and searches within the category', async ({ page }) => {
  await page.goto('/books/category/Teen');
  await expect(page.getByRole('heading', { level: 1, name: 'Teen Books' })).toBeVisible();
  await expect(showing(page)).toBeVisible();
  const search = page.getByPlaceholder('Search by title or author...');
  await search.fill(token);
  await search.press('Enter');
  await expect(page).toHaveURL(`/books/category/Teen?q=${token}`);
  await expect(page.getByText('Showing 2 books')).toBeVisible();

  // The same books are not Children's books.
  await page.goto(`/books/category/Children?q=${token}`);
  await expect(page.getByRole('heading', { level: 1, name: "Children's Books" })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No books found' })).toBeVisible();

  await page.goto('/books/category/Adult');
  await expect(page.getByRole('heading', { level: 1, name: 'Adult Books' })).toBeVisible();
  await page.goto('/books/category/poetry');
  await expect(page.getByRole('heading', { level: 1, name: 'Books' })).toBeVisible();
});

test('book detail shows the book, both prices with the saving, the owner and more of their books', async ({
  page,
}) => {
  await page.goto(`/books?q=${encodeURIComponent(mine.title)}`);
  await page.getByRole('heading', { name: mine.title }).click();
  await expect(page).toHaveURL(`/books/${mine.id}`);
  await expect(page.getByRole('heading', { level: 1, name: mine.title })).toBeVisible();
  await expect(page.getByText('by Ketut Journey')).toBeVisible();
  await expect(page).toHaveTitle(`${mine.title} · Rakbuku`);
  await expect(page.getByText('Rp 25.000', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Rp 80.000', { exact: true }).first()).toBeVisible();
  // D3: 4 x 25.000 = 100.000, the monthly price 80.000 saves 20.000.
  await expect(page.getByText('Save Rp 20.000 when you borrow for a month')).toBeVisible();
  await expect(page.getByText('A book uploaded by the catalog journey.')).toBeVisible();

  const ownerCard = page.getByRole('link', { name: new RegExp(DEMO.owner.name) }).first();
  await expect(ownerCard).toContainText('Member since');
  await expect(ownerCard).not.toContainText('4.8');
  const more = page.getByRole('region', { name: `More Books from ${DEMO.owner.name}` });
  await expect(more.getByRole('heading', { name: cheaper.title })).toBeVisible();
  await expect(more.getByRole('heading', { name: mine.title })).toHaveCount(0);
  await more.getByRole('link', { name: 'View All Books' }).click();
  await expect(page).toHaveURL(`/owner/${mine.ownerId}`);

  // A guest pressing Add goes to sign in.
  await page.goto(`/books/${mine.id}`);
  await page.getByRole('button', { name: 'Add' }).first().click();
  await expect(page).toHaveURL(/\/signin/);
});

test('the owner sees "This is Your Book" on their own book', async ({ ownerPage: page }) => {
  await page.goto(`/books/${mine.id}`);
  await expect(page.getByText('This is Your Book')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit book' })).toHaveAttribute(
    'href',
    `/books/${mine.id}/edit`,
  );
});

test("the owner's shelf shows who they are and searches, filters and sorts their books", async ({ page }) => {
  await page.goto(`/books/${mine.id}`);
  await page
    .getByRole('link', { name: new RegExp(DEMO.owner.name) })
    .first()
    .click();
  await expect(page).toHaveURL(`/owner/${mine.ownerId}`);
  await expect(page.getByRole('heading', { level: 1, name: DEMO.owner.name })).toBeVisible();
  await expect(page.getByText('Ubud').first()).toBeVisible();
  await expect(page.getByText(/^Joined \w+ \d{4}$/)).toBeVisible();
  await expect(page.getByText(/^\d+ books? available$/)).toBeVisible();

  const search = page.getByPlaceholder('Search by title or author...');
  await search.fill(token);
  await search.press('Enter');
  await expect(page).toHaveURL(`/owner/${mine.ownerId}?q=${token}`);
  await expect(page.getByText('Showing 2 books')).toBeVisible();
  await page.getByLabel('Sort by').selectOption({ label: 'Price high to low' });
  await expect(page.locator('article h3').first()).toHaveText(mine.title);
  await page.getByLabel('Sort by').selectOption({ label: 'Price low to high' });
  await expect(page.locator('article h3').first()).toHaveText(cheaper.title);
});

test('failures and missing books or owners say so', async ({ page }) => {
  await page.route(
    (url) => url.pathname === '/api/books',
    (route) => route.fulfill({ status: 500, body: '{}' }),
  );
  await page.goto('/books');
  await expect(page.getByText('Failed to load books')).toBeVisible();
  await page.unrouteAll();

  await page.goto('/books/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Book not found' })).toBeVisible();
  await page.route(`**/api/books/${mine.id}`, (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.goto(`/books/${mine.id}`);
  await expect(page.getByText('Failed to load book details')).toBeVisible();
  await page.unrouteAll();

  await page.goto('/owner/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Owner not found' })).toBeVisible();
  await page.route(`**/api/owners/${mine.ownerId}`, (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.goto(`/owner/${mine.ownerId}`);
  await expect(page.getByText('Failed to load owner information')).toBeVisible();
});

/** The distinct rows the first cards of the grid sit on, by their top edge. */
async function cardsPerRow(page: Page): Promise<number> {
  const tops = await page
    .locator('article')
    .evaluateAll((cards) => cards.slice(0, 12).map((card) => Math.round(card.getBoundingClientRect().top)));
  return tops.filter((top) => top === tops[0]).length;
}

test('the grid has five columns on a wide screen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/books');
  await expect(page.locator('article').nth(6)).toBeVisible();
  expect(await cardsPerRow(page)).toBe(5);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('two columns, and the filters open from the Filters button', async ({ page }) => {
    await page.goto('/books');
    await expect(page.locator('article').nth(3)).toBeVisible();
    expect(await cardsPerRow(page)).toBe(2);
    await expect(page.getByRole('radio', { name: 'Fair' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('radio', { name: 'Fair' }).click();
    await expect(page).toHaveURL(/condition=Fair/);
    await expect(page.getByRole('radio', { name: 'Fair' })).toBeChecked();
    await page.getByRole('button', { name: 'Clear all' }).first().click();
    await expect(page).not.toHaveURL(/condition=/);
  });
});

test('the area filter narrows the shop, kept in the URL, on a wide screen and on a phone, in both languages', async ({
  page,
  context,
}) => {
  // D38: a book's area is its owner's location. Demo owners live in several areas.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/books');
  await expect(showing(page)).toBeVisible();
  const everywhere = await shownCount(page);
  const area = page.getByLabel('Area', { exact: true });
  await expect(area.getByRole('option', { name: 'Sanur' })).toHaveCount(1);
  await area.selectOption('Sanur');
  await expect(page).toHaveURL(/[?&]area=Sanur(&|$)/);
  await expect(async () => {
    const inSanur = await shownCount(page);
    const api = (await (await page.request.get('/api/books?area=Sanur')).json()) as { total: number };
    expect(inSanur).toBe(api.total);
    expect(inSanur).toBeGreaterThan(0);
    expect(inSanur).toBeLessThan(everywhere);
  }).toPass({ timeout: 10_000 });
  // Every card says where its book is, and all of them are in Sanur.
  const places = await page.getByRole('main').getByTestId('book-area').allTextContents();
  expect(places.length).toBeGreaterThan(0);
  expect(new Set(places)).toEqual(new Set(['Sanur']));
  // A shared link opens the same filter; Clear all removes it.
  await page.reload();
  await expect(page.getByLabel('Area', { exact: true })).toHaveValue('Sanur');
  await page.getByRole('button', { name: 'Clear all' }).first().click();
  await expect(page).not.toHaveURL(/area=/);
  await expect(page.getByLabel('Area', { exact: true })).toHaveValue('');

  // On a phone, in Indonesian: the area is among the filters the Filters button opens.
  await context.addCookies([{ name: 'rakbuku_lang', value: 'id', url: e2eBaseUrl() }]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/books');
  await page.getByRole('button', { name: 'Filter' }).click();
  const mobileArea = page.locator('#catalog-filters-mobile').getByLabel('Area', { exact: true });
  await expect(mobileArea.getByRole('option', { name: 'Semua area' })).toHaveCount(1);
  await mobileArea.selectOption('Ubud');
  await expect(page).toHaveURL(/[?&]area=Ubud(&|$)/);
  await expect(page.getByRole('main').getByTestId('book-area').first()).toHaveText('Ubud');
  expect(new Set(await page.getByRole('main').getByTestId('book-area').allTextContents())).toEqual(
    new Set(['Ubud']),
  );
});
