import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { e2eBaseUrl, expect, test } from '@tests/support/fixtures';
import { uniqueTitle } from './catalog-helpers';

// D18: a book with several photos. The owner orders them on the edit page; the book page's
// gallery moves by keyboard (arrow keys on the strip, the buttons, the thumbnails), tells a
// screen reader which photo is shown, and has no serious accessibility violations.

const photo = (background: string) =>
  sharp({ create: { width: 400, height: 600, channels: 3, background } })
    .jpeg()
    .toBuffer();

test('photos: the owner reorders and removes them; the gallery works by keyboard and for screen readers', async ({
  freshMember,
  newPage,
}) => {
  const { page } = freshMember;
  const title = uniqueTitle('Photo Book');
  const res = await page.request.post('/api/books', {
    headers: { origin: e2eBaseUrl() },
    multipart: {
      title,
      author: 'Gallery Owner',
      weeklyPrice: '12000',
      cover: { name: 'a.jpg', mimeType: 'image/jpeg', buffer: await photo('#0f766e') },
    },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };

  // Edit: add two photos, make the last one the cover, remove the middle one.
  await page.goto(`/books/${id}/edit`);
  await page.getByLabel('Add photo').setInputFiles([
    { name: 'b.jpg', mimeType: 'image/jpeg', buffer: await photo('#b45309') },
    { name: 'c.jpg', mimeType: 'image/jpeg', buffer: await photo('#7c3aed') },
  ]);
  await expect(page.getByRole('img', { name: 'Photo 3 preview' })).toBeVisible();
  await page.getByRole('button', { name: 'Move photo 3 earlier' }).click();
  await page.getByRole('button', { name: 'Move photo 2 earlier' }).click();
  await page.getByRole('button', { name: 'Remove photo 3' }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL('/books/manage');

  const detail = await (await page.request.get(`/api/books/${id}`)).json();
  expect(detail.photos).toHaveLength(2);
  // The violet photo (picked last) is now the cover.
  const cover = await page.request.get(detail.photos[0].card);
  const { dominant } = await sharp(await cover.body()).stats();
  expect(dominant.b).toBeGreaterThan(dominant.g);

  const visitor = await newPage();
  await visitor.goto(`/books/${id}`);
  const gallery = visitor.getByRole('region', { name: `Photos of ${title}` });
  await expect(gallery.getByRole('figure', { name: 'Photo 1 of 2' })).toBeVisible();
  await gallery.getByRole('region', { name: /use the arrow keys/ }).focus();
  await visitor.keyboard.press('ArrowRight');
  await expect(gallery.getByText('Photo 2 of 2', { exact: true })).toBeAttached();
  await expect(gallery.getByRole('button', { name: 'Show photo 2 of 2' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await gallery.getByRole('button', { name: 'Previous photo' }).click();
  await expect(gallery.getByRole('button', { name: 'Show photo 1 of 2' })).toHaveAttribute(
    'aria-current',
    'true',
  );

  const results = await new AxeBuilder({ page: visitor })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => v.id)).toEqual([]);
});
