import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { ReceivedMail } from '@tests/support/smtp';

export const DEMO = {
  admin: { email: 'admin@example.com', password: 'admin12345' },
  borrower: { email: 'borrower@example.com', password: 'borrower123' },
  owner: { email: 'made@example.com', password: 'owner12345', name: 'Made Wirawan' },
} as const;

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
export async function confirmByApi(api: APIRequestContext, mail: ReceivedMail) {
  const link = new URL(linkIn(mail, '/confirm-email'));
  const res = await api.post('/api/account/confirm-email', {
    data: { token: link.searchParams.get('token') },
    headers: { origin: link.origin },
  });
  expect(res.ok(), `confirm ${mail.to}`).toBeTruthy();
}

/** Signs in through the real sign-in screen. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/signin/);
}
