import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '@tests/support/harness';
import { coverUrls, storeCover } from './service';

// Save-Data (a phone that pays for every byte): a cover asked for in its detail size comes in
// the card size instead. The answer says it varies on the header, so no cache hands the small
// image to a browser that did not ask to save data, or the large one to one that did.

let ctx: TestContext;
let urls: ReturnType<typeof coverUrls>;
beforeAll(async () => {
  ctx = await createTestContext();
  const photo = await sharp({ create: { width: 900, height: 1350, channels: 3, background: '#2a6' } })
    .jpeg()
    .toBuffer();
  urls = coverUrls(await storeCover(ctx.deps.storage, photo));
});
afterAll(() => ctx.close());

async function cover(url: string, headers: Record<string, string> = {}) {
  const res = await ctx.runtime.app.request(url, { headers });
  const body = Buffer.from(await res.arrayBuffer());
  return { res, body, size: res.status === 200 ? await sharp(body).metadata() : null };
}

describe('covers and Save-Data', () => {
  it('without Save-Data the detail is 720×1080 and the card 320×480, each saying it varies on Save-Data', async () => {
    const detail = await cover(urls.detail);
    expect(detail.res.status).toBe(200);
    expect(detail.size).toMatchObject({ format: 'webp', width: 720, height: 1080 });
    expect(detail.res.headers.get('vary')).toMatch(/save-data/i);
    const card = await cover(urls.card);
    expect(card.size).toMatchObject({ width: 320, height: 480 });
    expect(card.res.headers.get('vary')).toMatch(/save-data/i);
    expect(card.body.length).toBeLessThan(detail.body.length);
  });

  it('with Save-Data: on the detail answers the card, byte for byte', async () => {
    const card = await cover(urls.card);
    for (const value of ['on', 'On', ' on ']) {
      const saving = await cover(urls.detail, { 'save-data': value });
      expect(saving.res.status, value).toBe(200);
      expect(saving.size, value).toMatchObject({ width: 320, height: 480 });
      expect(saving.body.equals(card.body), value).toBe(true);
    }
  });

  it('any other Save-Data value is not a request to save data', async () => {
    for (const value of ['off', '', 'yes', 'on;x']) {
      const detail = await cover(urls.detail, { 'save-data': value });
      expect(detail.size, value).toMatchObject({ width: 720, height: 1080 });
    }
  });

  it('Save-Data does not make a missing cover appear', async () => {
    const missing = await cover('/api/covers/0b6b1f2e-3c4d-4e5f-8a9b-0c1d2e3f4a5b/detail.webp', {
      'save-data': 'on',
    });
    expect(missing.res.status).toBe(404);
  });
});
