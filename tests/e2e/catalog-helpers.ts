import type { Page } from '@playwright/test';
import { e2eBaseUrl, expect } from '@tests/support/fixtures';
import sharp from 'sharp';

// Setup for the catalog and book journeys. Setup goes through the API (it is not what these
// journeys test); what the journeys check goes through the screens.

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
  fields: {
    title: string;
    author: string;
    weeklyPrice: string;
    monthlyPrice?: string;
    category?: string;
    isbn?: string;
  },
): Promise<UploadedBook> {
  const res = await page.request.post('/api/books', {
    headers: { origin: e2eBaseUrl() },
    multipart: {
      title: fields.title,
      author: fields.author,
      language: 'English',
      condition: 'Good',
      category: fields.category ?? 'Adult',
      summary: 'A book uploaded by the catalog journey.',
      weeklyPrice: fields.weeklyPrice,
      monthlyPrice: fields.monthlyPrice ?? '',
      isbn: fields.isbn ?? '',
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
