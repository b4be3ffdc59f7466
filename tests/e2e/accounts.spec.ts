import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import {
  DEMO,
  expect,
  linkIn,
  registerMember,
  signInOnScreen,
  test,
  uniqueEmail,
  waitForMail,
} from '@tests/support/fixtures';

// Accounts: sign-up with the emailed confirmation, Remember me, the profile with pickup
// locations and the password change, the guest/member redirects, tabs that follow each
// other, and the forgot/reset flow. Every journey makes its own accounts.

async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === 'rakbuku.session_token');
}

async function signOutFromMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
}

/** A confirmed member made through the API and the real confirmation email, signed out. */
async function confirmedMember(page: Page, password = 'first-pass-1') {
  const { email } = await registerMember(page.request, { prefix: 'acct', name: 'Putu Lestari', password });
  // Confirm without keeping the session (the journey signs in itself).
  await page.context().clearCookies();
  return { email, password };
}

test('sign up, confirm by email, Remember me, edit the profile and pickup locations, change the password', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('journey');
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Komang Putri');
  await page.getByLabel('Email').fill(email);
  // Sign-up asks only what an account needs; the rest is asked when it is needed.
  for (const later of ['Phone number', 'Location', 'Address'])
    await expect(page.getByLabel(later, { exact: true })).toHaveCount(0);
  await page.getByLabel('Password', { exact: true }).fill('first-pass-1');
  await page.getByLabel('Confirm password').fill('first-pass-2');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('Confirm password').fill('first-pass-1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  // The link in the real email opens our confirm page; its button confirms the account and
  // signs the member in (opening the link alone signs nobody in: login CSRF).
  const mail = await waitForMail(email, 'Confirm your Rakbuku account');
  await page.goto(linkIn(mail, '/confirm-email'));
  await expect(page.getByText(email)).toBeVisible();
  expect(await sessionCookie(context)).toBeUndefined();
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(page.getByText('Your email is confirmed. Welcome to Rakbuku!')).toBeVisible();
  // A new account is not sent to owner setup: that waits for a first book.
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/profile/edit');
  await expect(page.getByLabel('Full name')).toHaveValue('Komang Putri');
  await signOutFromMenu(page);

  // Remember me: a 30-day cookie (D9).
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('first-pass-1');
  await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  const cookie = await sessionCookie(context);
  expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);
  expect(cookie?.httpOnly).toBe(true);

  // Profile: phone, location and address start empty; a rule, then a good update.
  await page.goto('/profile/edit');
  await expect(page.getByLabel('Location', { exact: true })).toHaveValue('');
  const address = 'Jl. Kayu Aya No. 5, Seminyak, Badung, Bali';
  await page.getByLabel('Address').fill(address);
  await expect(page.getByText(`${address.length}/250`)).toBeVisible();
  await page.getByLabel('Phone number').fill('0812-555');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Phone number can only contain numbers and + at the beginning')).toBeVisible();
  await page.getByLabel('Phone number').fill('+6285550001');
  await page.getByLabel('Location', { exact: true }).fill('Canggu');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();

  // Two pickup locations, kept after a reload.
  const checklist = page.getByRole('region', { name: 'Pickup / Drop-off Locations' });
  const boxes = checklist.getByRole('checkbox');
  await expect(boxes.first()).toBeVisible();
  await expect(checklist.getByText('0 locations selected')).toBeVisible();
  const names: string[] = [];
  for (const i of [0, 1]) {
    const box = boxes.nth(i);
    names.push((await box.locator('xpath=following-sibling::span/span[1]').textContent()) ?? '');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/profile/pickup-locations') && r.request().method() === 'PUT',
    );
    await box.check();
    expect((await saved).ok()).toBe(true);
  }
  await expect(checklist.getByText('2 locations selected')).toBeVisible();
  await expect(checklist.getByText('Free self-pickup is enabled for your books.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Phone number')).toHaveValue('+6285550001');
  await expect(page.getByLabel('Location', { exact: true })).toHaveValue('Canggu');
  await expect(checklist.getByText('2 locations selected')).toBeVisible();
  for (const name of names) {
    await expect(checklist.getByRole('checkbox', { name })).toBeChecked();
  }

  // Change the password (D11): a wrong current password first.
  await page.getByRole('button', { name: 'Change Password' }).click();
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password', { exact: true }).fill('second-pass-2');
  await page.getByLabel('Confirm new password').fill('second-pass-2');
  await page.getByRole('button', { name: 'Send Change Request' }).click();
  await expect(page.getByText('Current password is incorrect')).toBeVisible();
  await page.getByLabel('Current password').fill('first-pass-1');
  await page.getByRole('button', { name: 'Send Change Request' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await expect(page.getByLabel('Current password')).toBeHidden();
  await waitForMail(email, 'Your Rakbuku password was changed');

  await signOutFromMenu(page);
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('first-pass-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await signInOnScreen(page, { email, password: 'second-pass-2' });
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
});

test("a guest opening /cart sees 'Loading...', signs in and comes back to /cart, on a browser-session cookie", async ({
  page,
  context,
}) => {
  // The real session answer, held back a moment so the guard's 'Loading...' can be seen.
  await page.route('**/api/me', async (route) => {
    await new Promise((r) => setTimeout(r, 1000));
    await route.continue();
  });
  await page.goto('/cart');
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
  await expect(page).toHaveURL(`/signin?next=${encodeURIComponent('/cart')}`);
  await page.unroute('**/api/me');
  await page.getByLabel('Email').fill(DEMO.borrower.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.borrower.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  // Without Remember me the cookie ends with the browser (D9).
  expect((await sessionCookie(context))?.expires).toBe(-1);
  // Back does not return to the sign-in screen (history was replaced).
  await page.goBack();
  await expect(page).not.toHaveURL(/\/signin/);
});

test('signed-in members are sent away from /signin and /signup', async ({ page }) => {
  await signInOnScreen(page, DEMO.borrower);
  await page.goto('/signin');
  await expect(page).toHaveURL(/\/books\/manage$/);
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/books\/manage$/);

  await page.context().clearCookies();
  await signInOnScreen(page, DEMO.admin);
  await page.goto('/signin');
  await expect(page).toHaveURL(/\/admin$/);
});

test('sign-in and sign-out in one tab show in the other tab', async ({ page, context }) => {
  const member = await confirmedMember(page);
  const other = await context.newPage();
  await other.goto('/profile/edit');
  await expect(other.getByText('Please sign in to edit your profile')).toBeVisible();

  await signInOnScreen(page, member);
  await expect(other.getByRole('heading', { name: 'Edit Profile' })).toBeVisible();
  await expect(other.getByLabel('Full name')).toHaveValue('Putu Lestari');

  await signOutFromMenu(page);
  await expect(other.getByText('Please sign in to edit your profile')).toBeVisible();
});

test('an unconfirmed member is refused and can ask for a new confirmation link (D10)', async ({ page }) => {
  const email = uniqueEmail('unconfirmed');
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: {
      name: 'Gede Arta',
      email,
      password: 'gede-pass-1',
      phone: '081234567',
      location: 'Amed',
      address: 'Jl. Raya Amed No. 1, Karangasem, Bali',
    },
  });
  expect(res.ok()).toBe(true);
  await waitForMail(email, 'Confirm your Rakbuku account');

  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('gede-pass-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Please confirm your email address before signing in.')).toBeVisible();
  await page.getByRole('button', { name: 'Resend the confirmation link' }).click();
  await expect(page.getByText(`We sent a new confirmation link to ${email}.`)).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
});

test('forgot password, reset through the emailed link, then sign in with the new password', async ({
  page,
}) => {
  const member = await confirmedMember(page, 'before-reset-1');
  await page.goto('/signin');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(member.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  const mail = await waitForMail(member.email, 'Reset your Rakbuku password');
  await page.goto(linkIn(mail, '/api/auth/reset-password/'));
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel('New password', { exact: true }).fill('after-reset-2');
  await page.getByLabel('Confirm new password').fill('after-reset-3');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm new password').fill('after-reset-2');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByText('Your password has been reset.')).toBeVisible();
  await signInOnScreen(page, { email: member.email, password: 'after-reset-2' });
});

test('the account screens have no serious accessibility problems', async ({ page }) => {
  const scan = async () => {
    const result = await new AxeBuilder({ page }).include('main').analyze();
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  };
  for (const path of ['/signin', '/signup', '/forgot-password', '/reset-password?token=x', '/profile/edit']) {
    await page.goto(path);
    await expect(
      page
        .getByRole('heading', { level: 1 })
        .or(page.getByRole('heading', { level: 2 }))
        .first(),
    ).toBeVisible();
    expect(await scan(), path).toEqual([]);
  }
  // The error states too.
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  expect(await scan()).toEqual([]);
  await signInOnScreen(page, DEMO.borrower);
  await page.goto('/profile/edit');
  await expect(page.getByRole('checkbox').first()).toBeVisible();
  await page.getByRole('button', { name: 'Change Password' }).click();
  expect(await scan()).toEqual([]);
});
