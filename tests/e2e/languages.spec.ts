import type { BrowserContext, Page } from '@playwright/test';
import { NAME_MIN } from '@domain/constants';
import type { UiLanguage } from '@domain/ui-language';
import { e2eBaseUrl, expect, type SignedInMember, test, uniqueEmail } from '@tests/support/fixtures';
import { uniqueTitle, uploadBookByApi } from './catalog-helpers';
import { CATALOGUES, wordsIn } from './words';

// The journeys in both languages (D29): every text a journey looks for is read from the catalogue
// of the language it runs in, never written here. A switch keeps the page and is remembered for
// the next visit (the cookie) and, for a member, on the profile. The Indonesian pages show none of
// the English catalogue's words.

const LANGUAGES: UiLanguage[] = ['en', 'id'];
const other = (lang: UiLanguage): UiLanguage => (lang === 'en' ? 'id' : 'en');

/** A text with a number in it (`{{count}}`), as a pattern matching any number there. */
function withAnyNumber(lang: UiLanguage, key: string, name = 'count'): RegExp {
  const sample = wordsIn(lang)(key, { [name]: 987654 });
  const [before, after] = sample.split('987654');
  const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escapeRegExp(before)}[\\d.,]+${escapeRegExp(after)}$`);
}

/** The language cookie the switcher sets, so the next page starts in `lang`. */
async function chooseByCookie(context: BrowserContext, lang: UiLanguage) {
  await context.addCookies([{ name: 'rakbuku_lang', value: lang, url: e2eBaseUrl() }]);
}

/** A member's saved language (the profile), as the switcher saves it. */
async function saveLanguage(page: Page, lang: UiLanguage) {
  const res = await page.request.put('/api/profile/language', {
    data: { language: lang },
    headers: { origin: e2eBaseUrl() },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

// The English a page must not show in Indonesian: every sentence-like text of the catalogues the
// shop's pages use, where the Indonesian differs (names and words both languages share are left
// out), without placeholders.
const ENGLISH_ONLY = (() => {
  const found = new Set<string>();
  const walk = (en: unknown, id: unknown) => {
    if (typeof en === 'string') {
      if (en !== id && !en.includes('{{') && !en.includes('<') && /\s/.test(en) && en.length >= 8)
        found.add(en);
      return;
    }
    if (en && typeof en === 'object') {
      for (const [key, value] of Object.entries(en)) walk(value, (id as Record<string, unknown>)?.[key]);
    }
  };
  for (const ns of ['common', 'home', 'catalog', 'cart', 'checkout', 'orders', 'payments'] as const) {
    walk(CATALOGUES.en[ns], CATALOGUES.id[ns]);
  }
  return [...found];
})();

/** The English catalogue texts visible on an Indonesian page: none. */
async function expectNoEnglish(page: Page) {
  await page.waitForLoadState('networkidle');
  expect(ENGLISH_ONLY.length).toBeGreaterThan(300);
  const shown = await page.locator('body').innerText();
  expect(ENGLISH_ONLY.filter((text) => shown.includes(text))).toEqual([]);
}

for (const lang of LANGUAGES) {
  const t = wordsIn(lang);

  test.describe(`in ${lang === 'en' ? 'English' : 'Indonesian'}`, () => {
    test('sign-up shows its rules in this language', async ({ newPage }) => {
      const page = await newPage();
      await chooseByCookie(page.context(), lang);
      await page.goto('/signup');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { name: t('account:signUp.title') })).toBeVisible();
      await page.getByLabel(t('account:fields.name')).fill('K');
      await page.getByLabel(t('account:fields.email')).fill(uniqueEmail('lang'));
      // Sign-up asks only what an account needs; the profile asks the rest when it is needed.
      await expect(page.getByLabel(t('account:fields.location'), { exact: true })).toHaveCount(0);
      await page.getByLabel(t('account:fields.password'), { exact: true }).fill('first-pass-1');
      await page.getByLabel(t('account:fields.confirmPassword')).fill('first-pass-2');
      await page.getByRole('button', { name: t('account:signUp.submit') }).click();
      await expect(page.getByText(t('errors:fields.nameMin', { minimum: NAME_MIN }))).toBeVisible();
      await expect(page.getByText(t('errors:fields.passwordsDontMatch'))).toBeVisible();
      await expect(page).toHaveURL(/\/signup$/);
    });

    test('the catalog filters and sorts with words of this language', async ({ newPage }) => {
      const page = await newPage();
      await chooseByCookie(page.context(), lang);
      await page.goto('/books');
      const showing = page.getByText(withAnyNumber(lang, 'catalog:results.showing'));
      await expect(showing).toBeVisible();
      const good = t('common:enums.condition.Good');
      await page.getByRole('radio', { name: good, exact: true }).click();
      await expect(page).toHaveURL(/[?&]condition=Good/);
      await expect(page.locator('article').first()).toContainText(good);
      await page.getByLabel(t('catalog:sort.label')).selectOption({ label: t('catalog:sort.price-low') });
      await expect(page).toHaveURL(/sort=price-low/);
      await page.getByRole('radio', { name: t('common:enums.language.Indonesian'), exact: true }).click();
      await expect(page).toHaveURL(/language=Indonesian/);
      await expect(page.locator('article').first()).toContainText(t('common:enums.language.Indonesian'));
      await expect(page.locator('article p', { hasText: t('catalog:card.perWeek') }).first()).toBeVisible();
      await page
        .getByRole('button', { name: t('catalog:filters.clearAll') })
        .first()
        .click();
      await expect(page).not.toHaveURL(/condition=|language=/);
      await expect(page.getByText(t('catalog:filters.anyPrice'))).toBeVisible();
      if (lang === 'id') await expectNoEnglish(page);
    });

    test('add to cart, check out and read the order, all in this language', async ({ newMember }) => {
      test.setTimeout(120_000);
      const owner = await newMember({ prefix: `lang-owner-${lang}`, name: 'Wayan Lingua' });
      const book = await uploadBookByApi(owner.page, {
        title: uniqueTitle(`Bahasa ${lang}`),
        author: 'Dua Bahasa',
        weeklyPrice: '15000',
      });
      const borrower: SignedInMember = await newMember({
        prefix: `lang-borrower-${lang}`,
        name: 'Ketut Lingua',
      });
      const page = borrower.page;
      await saveLanguage(page, lang);

      await page.goto(`/books?q=${encodeURIComponent(book.title)}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const card = page
        .locator('article')
        .filter({ has: page.getByRole('heading', { name: book.title, exact: true }) });
      await card.getByRole('button', { name: t('cart:add.add') }).click();
      await expect(card.getByRole('button', { name: t('cart:add.added') })).toBeDisabled();
      if (lang === 'id') await expectNoEnglish(page);

      await page.goto('/cart');
      await expect(page.getByRole('heading', { level: 1, name: t('cart:title') })).toBeVisible();
      await expect(page.getByRole('region', { name: owner.name })).toContainText(book.title);
      await expect(page.getByText(t('cart:summary.title'))).toBeVisible();
      if (lang === 'id') await expectNoEnglish(page);
      await page.getByRole('button', { name: t('cart:summary.proceed') }).click();

      await expect(page).toHaveURL(/\/checkout$/);
      await expect(page.getByRole('heading', { level: 1, name: t('checkout:title') })).toBeVisible();
      // Delivery is the default, the form prefilled from the profile; emptied, it is refused.
      const fullName = page.getByLabel(t('checkout:address.fullName'));
      await expect(fullName).toHaveValue(borrower.name);
      await fullName.fill('');
      await page.getByRole('button', { name: t('checkout:review.place') }).click();
      await expect(page.getByRole('alert')).toContainText(t('checkout:errors.addressRequired'));
      await fullName.fill(borrower.name);
      if (lang === 'id') await expectNoEnglish(page);
      await page.getByRole('button', { name: t('checkout:review.place') }).click();

      await expect(page).toHaveURL(/\/order-confirmation$/);
      await expect(
        page.getByRole('heading', { name: t('checkout:confirmation.title', { count: 1 }) }),
      ).toBeVisible();
      const number = ((await page.getByTestId('order-number').textContent()) ?? '').replace('#', '').trim();
      expect(number).toMatch(/^[0-9A-Z]{8}$/);
      await page.getByRole('link', { name: t('checkout:confirmation.myOrders') }).click();

      await expect(page).toHaveURL(/\/my-orders$/);
      const row = page.getByTestId('order-row').filter({ hasText: t('orders:list.order', { number }) });
      // A delivery order waits for the shipping cost: the borrower's words for Draft (D35).
      await expect(row).toContainText(t('payments:borrowerStatus.Draft'));
      await row.getByRole('link', { name: t('orders:list.viewDetails') }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: t('orders:detail.title', { number }) }),
      ).toBeVisible();
      await expect(page.getByText(book.title).first()).toBeVisible();
      await expect(page.getByText(t('payments:borrowerStatus.Draft')).first()).toBeVisible();
      // The history names who did what, the role in this language too.
      const role = t('orders:detail.actorRoles.borrower');
      await expect(page.getByText(t('orders:detail.eventBy', { name: borrower.name, role }))).toBeVisible();
      if (lang === 'id') await expectNoEnglish(page);
    });

    test('switching the language keeps the page, and the next visit starts in it', async ({
      newPage,
      browser,
    }) => {
      const from = other(lang);
      const page = await newPage();
      await chooseByCookie(page.context(), from);
      await page.goto('/books?condition=Good');
      await expect(page.locator('html')).toHaveAttribute('lang', from);
      const url = page.url();

      await page
        .getByRole('banner')
        .getByRole('button', { name: wordsIn(from)(`common:language.${lang}`) })
        .click();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      expect(page.url()).toBe(url);
      await expect(
        page.getByRole('radio', { name: t('common:enums.condition.Good'), exact: true }),
      ).toBeChecked();
      await expect(page.getByText(withAnyNumber(lang, 'catalog:results.showing'))).toBeVisible();

      // A new page load keeps it (the cookie), and so does a new browser with this one's cookies.
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByText(withAnyNumber(lang, 'catalog:results.showing'))).toBeVisible();
      const cookies = await page.context().cookies();
      expect(cookies.find((c) => c.name === 'rakbuku_lang')?.value).toBe(lang);
      const later = await browser.newContext({ baseURL: e2eBaseUrl() });
      try {
        await later.addCookies(cookies);
        const next = await later.newPage();
        await next.goto('/');
        await expect(next.locator('html')).toHaveAttribute('lang', lang);
        await expect(next.getByRole('heading', { name: t('home:hero.title') })).toBeVisible();
      } finally {
        await later.close();
      }
    });

    test("a member's switch is saved on the profile and follows them to a new browser", async ({
      newMember,
      browser,
    }) => {
      const member = await newMember({ prefix: `lang-switch-${lang}` });
      const page = member.page;
      await saveLanguage(page, other(lang));
      await page.goto('/my-orders');
      await expect(page.locator('html')).toHaveAttribute('lang', other(lang));
      const url = page.url();
      await page
        .getByRole('contentinfo')
        .getByRole('button', { name: wordsIn(other(lang))(`common:language.${lang}`) })
        .click();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      expect(page.url()).toBe(url);
      await expect
        .poll(async () => (await (await page.request.get('/api/me')).json()).user.language)
        .toBe(lang);

      // Signing in elsewhere, with no language cookie and a browser asking for the other one.
      const elsewhere = await browser.newContext({
        baseURL: e2eBaseUrl(),
        locale: other(lang) === 'id' ? 'id-ID' : 'en-GB',
      });
      try {
        const next = await elsewhere.newPage();
        const signedIn = await next.request.post('/api/auth/sign-in/email', {
          data: { email: member.email, password: member.password },
          headers: { origin: e2eBaseUrl() },
        });
        expect(signedIn.ok()).toBeTruthy();
        await next.goto('/my-orders');
        await expect(next.locator('html')).toHaveAttribute('lang', lang);
        await expect(next.getByRole('heading', { level: 1, name: t('orders:title') })).toBeVisible();
      } finally {
        await elsewhere.close();
      }
    });
  });
}
