import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page, request } from '@playwright/test';
import { e2eBaseUrl, expect, registerMember, signInByApi, test } from '@tests/support/fixtures';
import sharp from 'sharp';
import { analyze, FIRST_PAGE_BUDGET_BYTES, isFirstPage, problemsOf } from '../../scripts/page-sizes.mjs';

// axe-core over every page of the app, signed out, as a member and as an admin: no serious
// or critical WCAG 2.1 A/AA violation. The member pages are shown with real content: two new
// members (so no demo data other journeys rely on is touched), one lending a book it uploads,
// the other borrowing it.

const PASSWORD = 'a11y-pass-123';

async function expectNoSeriousViolations(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main')).toBeVisible();
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
    }));
  expect(serious, `${path}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}

/** A new confirmed member, through sign-up and the emailed link; returns an API session. */
async function newMember(name: string): Promise<{ email: string; api: APIRequestContext }> {
  const origin = e2eBaseUrl();
  const api = await request.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
  const member = await registerMember(api, { name, prefix: 'a11y', password: PASSWORD });
  await signInByApi(api, member);
  return { email: member.email, api };
}

interface Fixture {
  lender: string;
  borrower: string;
  bookId: string;
  ownerId: string;
  orderId: string;
}
let fixture: Fixture;

test.beforeAll(async () => {
  const lender = await newMember('Ketut Aksesibel');
  const borrower = await newMember('Made Aksesibel');
  const cover = await sharp({ create: { width: 400, height: 600, channels: 3, background: '#7c3aed' } })
    .png()
    .toBuffer();
  const upload = await lender.api.post('/api/books', {
    multipart: {
      title: 'Accessible Gardens of Sanur',
      author: 'Ketut Aksesibel',
      weeklyPrice: '15000',
      summary: 'A book uploaded by the accessibility journey.',
      cover: { name: 'cover.png', mimeType: 'image/png', buffer: cover },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const book = (await upload.json()) as { id: string; owner: { id: string } };
  await borrower.api.delete('/api/cart');
  expect((await borrower.api.post('/api/cart/items', { data: { bookId: book.id } })).status()).toBe(201);
  const checkout = await borrower.api.post('/api/checkout', {
    data: {
      idempotencyKey: `a11y-${Date.now()}`,
      deliveryMethod: 'delivery',
      deliveryAddress: {
        fullName: 'Made Aksesibel',
        phone: '+6281234567',
        address: 'Jl. Danau Tamblingan No. 12',
      },
    },
  });
  expect(checkout.status(), await checkout.text()).toBe(201);
  const { orders } = (await checkout.json()) as { orders: { id: string }[] };
  fixture = {
    lender: lender.email,
    borrower: borrower.email,
    bookId: book.id,
    ownerId: book.owner.id,
    orderId: orders[0].id,
  };
  await lender.api.dispose();
  await borrower.api.dispose();
});

const GUEST_PAGES = [
  '/',
  '/how-it-works',
  '/shipping',
  '/contact',
  '/privacy',
  '/terms',
  '/cookies',
  '/sell-books',
  '/books',
  '/books?q=garden&sort=price-low',
  '/books/category/Adult',
  '/signin',
  '/signup',
  '/forgot-password',
  '/reset-password?token=not-a-real-token',
  '/profile/edit',
  '/no-such-page',
];

test.describe('signed out', () => {
  for (const path of GUEST_PAGES) {
    test(`${path} has no serious or critical violations`, async ({ page }) => {
      await expectNoSeriousViolations(page, path);
    });
  }
  test('book detail and owner shelf have no serious or critical violations', async ({ page }) => {
    await expectNoSeriousViolations(page, `/books/${fixture.bookId}`);
    await expectNoSeriousViolations(page, `/owner/${fixture.ownerId}`);
  });
});

test.describe('as a member', () => {
  test('borrower pages: cart, checkout, orders, order detail, profile', async ({ pageAs }) => {
    const page = await pageAs({ email: fixture.borrower, password: PASSWORD });
    for (const path of ['/cart', '/checkout', '/my-orders', `/orders/${fixture.orderId}`, '/profile/edit']) {
      await expectNoSeriousViolations(page, path);
    }
  });

  test('lender pages: manage, upload, edit, the order as its owner', async ({ pageAs }) => {
    const page = await pageAs({ email: fixture.lender, password: PASSWORD });
    for (const path of [
      '/books/manage',
      '/books/new',
      `/books/${fixture.bookId}/edit`,
      `/orders/${fixture.orderId}`,
    ]) {
      await expectNoSeriousViolations(page, path);
    }
  });

  // The order confirmation page needs a fresh checkout: keyboard.spec.ts checks it.
  test('a filled cart and its checkout', async ({ pageAs, baseURL }) => {
    const page = await pageAs({ email: fixture.lender, password: PASSWORD });
    // The lender borrows a demo book for a moment: the cart is emptied again below.
    const books = await (await page.request.get('/api/books?pageSize=1')).json();
    await page.request.post('/api/cart/items', {
      data: { bookId: books.items[0].id },
      headers: { origin: baseURL! },
    });
    await expectNoSeriousViolations(page, '/cart');
    await expectNoSeriousViolations(page, '/checkout');
    await page.request.delete('/api/cart', { headers: { origin: baseURL! } });
  });
});

test.describe('as an admin', () => {
  test('the admin dashboard and its tabs', async ({ adminPage: page }) => {
    await expectNoSeriousViolations(page, '/admin');
    for (const tab of ['Books', 'Users', 'Emails']) {
      const control = page.getByRole('tab', { name: new RegExp(tab, 'i') });
      await control.first().click();
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        tab,
      ).toEqual([]);
    }
  });
});

test.describe('production bundle', () => {
  test(`every first page needs at most ${FIRST_PAGE_BUDGET_BYTES / 1024} KB of JavaScript gzipped, and every page is its own chunk`, () => {
    const dist = process.env.E2E_WEB_DIST_DIR;
    if (!dist) throw new Error('E2E_WEB_DIST_DIR is not set (global setup did not run)');
    const report = analyze(dist);
    expect(problemsOf(report)).toEqual([]);
    const firstPages = report.pages.filter(isFirstPage);
    expect(firstPages.map((p) => p.path)).toEqual(expect.arrayContaining(['/', '/books', '/books/:bookId']));
    for (const page of firstPages)
      expect(page.totalBytes, page.path).toBeLessThanOrEqual(FIRST_PAGE_BUDGET_BYTES);
    expect(report.pages.length).toBeGreaterThanOrEqual(25);
  });
});

test.describe('under the content security policy', () => {
  test('a page with a form and its checks runs without a CSP violation (the schemas never try eval)', async ({
    page,
  }) => {
    const cdp = await page.context().newCDPSession(page);
    const violations: unknown[] = [];
    cdp.on('Audits.issueAdded', ({ issue }) => {
      if (issue.code === 'ContentSecurityPolicyIssue') violations.push(issue.details);
    });
    await cdp.send('Audits.enable');
    // The schemas are built as their chunk loads: the sign-in and sign-up forms load them.
    for (const path of ['/signin', '/signup']) {
      await page.goto(path);
      await expect(page.locator('form').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
    expect(violations).toEqual([]);
  });
});
