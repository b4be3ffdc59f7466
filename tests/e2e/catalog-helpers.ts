import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { confirmByApi, DEMO, uniqueEmail, waitForMail } from './support';

// Setup for the catalog and book journeys. Setup goes through the API (it is not what these
// journeys test); what the journeys check goes through the screens.

const origin = () => process.env.E2E_BASE_URL!;

/** Signs the page's browser context in through the API (the cookie is shared with the page). */
export async function signInByApi(page: Page, email: string, password: string) {
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: { origin: origin() },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

export const signInAsOwner = (page: Page) => signInByApi(page, DEMO.owner.email, DEMO.owner.password);

/** A fresh, confirmed member with no books (signs the page in as them). */
export async function signInAsNewMember(page: Page): Promise<string> {
  const email = uniqueEmail('shelf');
  const password = 'journey-pass-1';
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: {
      email,
      password,
      name: 'Putu Journey',
      phone: '081234567890',
      location: 'Ubud',
      address: 'Jl. Raya Ubud No. 1, Gianyar, Bali',
    },
    headers: { origin: origin() },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const mail = await waitForMail(email, 'Confirm your Rakbuku account');
  await confirmByApi(page.request, mail);
  await signInByApi(page, email, password);
  return email;
}

/** A small real PNG cover, drawn here so no fixture file is needed. */
export async function coverPng(colour = '#0f766e'): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 450, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** A title no demo book and no other run has, so a search finds exactly this book. */
export function uniqueTitle(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

export interface UploadedBook {
  id: string;
  ownerId: string;
  title: string;
}

/** Uploads a book as the signed-in member through POST /api/books. */
export async function uploadBookByApi(
  page: Page,
  fields: { title: string; author: string; weeklyPrice: string; monthlyPrice?: string; category?: string },
): Promise<UploadedBook> {
  const res = await page.request.post('/api/books', {
    headers: { origin: origin() },
    multipart: {
      title: fields.title,
      author: fields.author,
      language: 'English',
      condition: 'Good',
      category: fields.category ?? 'Adult',
      summary: 'A book uploaded by the catalog journey.',
      weeklyPrice: fields.weeklyPrice,
      monthlyPrice: fields.monthlyPrice ?? '',
      cover: { name: 'cover.png', mimeType: 'image/png', buffer: await coverPng() },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const book = (await res.json()) as UploadedBook;
  return { id: book.id, ownerId: book.ownerId, title: book.title };
}

/** The weekly prices shown on the cards of the grid, in order, in rupiah. */
export async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.locator('article p', { hasText: 'per week' }).allInnerTexts();
  return texts.map((text) => Number(text.replace(/[^\d]/g, '')));
}
