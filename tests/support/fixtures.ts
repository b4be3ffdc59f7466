import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type APIRequestContext,
  test as base,
  type BrowserContext,
  type BrowserContextOptions,
  expect,
  type Page,
} from '@playwright/test';
import type { ReceivedMail } from '@tests/support/smtp';

// Playwright fixtures for the journeys (tests/e2e): pages already signed in as the demo member,
// owner and admin, a freshly registered and confirmed member, and a page or an API session for
// anyone else. Signing in for a journey's setup goes through the auth API (the sign-in screen
// has journeys of its own); each page has a browser context of its own, closed after the test.
// Specs import `test` and `expect` from here.

export { expect };

export interface Credentials {
  email: string;
  password: string;
}

export const DEMO = {
  admin: { email: 'admin@example.com', password: 'admin12345' },
  borrower: { email: 'borrower@example.com', password: 'borrower123' },
  owner: { email: 'made@example.com', password: 'owner12345', name: 'Made Wirawan' },
} as const;

/** A member registered through sign-up and the emailed confirmation link. */
export interface Member extends Credentials {
  name: string;
}

/** A new member and a page signed in as them. */
export interface SignedInMember extends Member {
  page: Page;
}

export interface NewMemberOptions {
  /** Shown in the header and prefilled at checkout. */
  name?: string;
  password?: string;
  /** The start of the email address (it names the journey in the server's log). */
  prefix?: string;
}

interface JourneyFixtures {
  /** The demo borrower (Dewi Anggraini), signed in on a page of their own. */
  memberPage: Page;
  /** The demo owner (Made Wirawan), signed in on a page of their own. */
  ownerPage: Page;
  /** The demo admin, signed in on a page of their own. */
  adminPage: Page;
  /** A newly registered and confirmed member, signed in on a page of their own. */
  freshMember: SignedInMember;
  /** Another new member each call, for journeys with more than one. */
  newMember: (options?: NewMemberOptions) => Promise<SignedInMember>;
  /** A page signed in as anyone (demo members other than the three above). */
  pageAs: (who: Credentials) => Promise<Page>;
  /** A page of its own, signed out. */
  newPage: () => Promise<Page>;
  /** An API session signed in as anyone; it sends our Origin, as the same-origin rule wants. */
  apiAs: (who: Credentials) => Promise<APIRequestContext>;
}

/** The server global-setup started (tests/e2e/global-setup.ts). */
export function e2eBaseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set (global setup did not run)');
  return url;
}

let counter = 0;
/** An email address no other journey uses. */
export function uniqueEmail(prefix = 'member'): string {
  return `${prefix}-${Date.now().toString(36)}-${++counter}@example.com`;
}

function readMails(): ReceivedMail[] {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set (global setup did not run)');
  return readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as ReceivedMail);
}

/** Waits for an email to `to` whose subject contains `subject`, as received by the real SMTP server. */
export async function waitForMail(to: string, subject: string, timeoutMs = 15_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = readMails().find((m) => m.to.includes(to) && m.subject.includes(subject));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`No email "${subject}" to ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export function linkIn(mail: ReceivedMail, fragment: string): string {
  const link = mail.body.match(/https?:\/\/[^\s"<>]+/g)?.find((l) => l.includes(fragment));
  if (!link) throw new Error(`No link with ${fragment} in "${mail.subject}"`);
  return link.replace(/&amp;/g, '&');
}

/**
 * Confirms an account through the API the way our /confirm-email page does (the emailed link
 * opens that page; its button POSTs the token from our origin). Keeps the session it opens.
 */
async function confirmByApi(api: APIRequestContext, mail: ReceivedMail) {
  const link = new URL(linkIn(mail, '/confirm-email'));
  const res = await api.post('/api/account/confirm-email', {
    data: { token: link.searchParams.get('token') },
    headers: { origin: link.origin },
  });
  expect(res.ok(), `confirm ${mail.to}`).toBeTruthy();
}

/** Signs an API context (a page's `request` shares its cookies with the page) in through the auth API. */
export async function signInByApi(api: APIRequestContext, who: Credentials) {
  const res = await api.post('/api/auth/sign-in/email', {
    data: { email: who.email, password: who.password },
    headers: { origin: e2eBaseUrl() },
  });
  expect(res.ok(), `sign in ${who.email}: ${res.status()}`).toBeTruthy();
}

/** Signs in through the real sign-in screen. */
export async function signInOnScreen(page: Page, who: Credentials) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/signin/);
}

/**
 * Registers a member through the sign-up API and confirms them with the link of the real
 * confirmation email. The confirmation opens a session on `api`; sign out to drop it.
 * Usable outside a test (in beforeAll), unlike the fixtures.
 */
export async function registerMember(
  api: APIRequestContext,
  options: NewMemberOptions = {},
): Promise<Member> {
  const email = uniqueEmail(options.prefix ?? 'member');
  const password = options.password ?? 'journey-pass-1';
  const name = options.name ?? 'Putu Journey';
  const res = await api.post('/api/auth/sign-up/email', {
    data: {
      email,
      password,
      name,
      phone: '081234567890',
      location: 'Ubud',
      address: 'Jl. Raya Ubud No. 1, Gianyar, Bali',
    },
    headers: { origin: e2eBaseUrl() },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  await confirmByApi(api, await waitForMail(email, 'Confirm your Rakbuku account'));
  return { email, password, name };
}

export const test = base.extend<JourneyFixtures>({
  newPage: async ({ browser, baseURL, viewport, timezoneId, serviceWorkers, userAgent }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async () => {
      // A journey may set the device's zone (`test.use({ timezoneId })`); the dates stay the operator's.
      // Service workers are blocked (playwright.config.ts) except in the journeys that allow them,
      // which may also be a phone (`userAgent`).
      const options: BrowserContextOptions = {
        baseURL: baseURL ?? e2eBaseUrl(),
        viewport,
        timezoneId,
        serviceWorkers,
        userAgent,
      };
      const context = await browser.newContext(options);
      contexts.push(context);
      return context.newPage();
    });
    // A journey may close a page's context itself when it is done with that person.
    for (const context of contexts) await context.close().catch(() => {});
  },
  pageAs: async ({ newPage }, use) => {
    await use(async (who) => {
      const page = await newPage();
      await signInByApi(page.request, who);
      return page;
    });
  },
  apiAs: async ({ playwright, baseURL }, use) => {
    const sessions: APIRequestContext[] = [];
    await use(async (who) => {
      const origin = baseURL ?? e2eBaseUrl();
      const api = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
      sessions.push(api);
      await signInByApi(api, who);
      return api;
    });
    for (const api of sessions) await api.dispose().catch(() => {});
  },
  newMember: async ({ newPage }, use) => {
    await use(async (options) => {
      const page = await newPage();
      const member = await registerMember(page.request, options);
      await signInByApi(page.request, member);
      return { ...member, page };
    });
  },
  memberPage: async ({ pageAs }, use) => use(await pageAs(DEMO.borrower)),
  ownerPage: async ({ pageAs }, use) => use(await pageAs(DEMO.owner)),
  adminPage: async ({ pageAs }, use) => use(await pageAs(DEMO.admin)),
  freshMember: async ({ newMember }, use) => use(await newMember()),
});
