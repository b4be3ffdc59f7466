import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { CoverUrls } from '../../../domain/api-types';
import type { Storage } from '../../lib/storage';

// Covers (D18): every stored cover is re-encoded by us (metadata such as GPS dropped) into
// WebP at two sizes; pages load the small one. The key names both variants.

export const COVER_VARIANTS = {
  card: { width: 320, height: 480 },
  detail: { width: 720, height: 1080 },
} as const;
export type CoverVariant = keyof typeof COVER_VARIANTS;

/** Refuse images whose pixel count could exhaust memory while decoding (decompression bombs). */
export const MAX_COVER_PIXELS = 40_000_000;

export function coverUrls(coverKey: string): CoverUrls {
  return { card: `/api/covers/${coverKey}/card.webp`, detail: `/api/covers/${coverKey}/detail.webp` };
}

export const storageKey = (coverKey: string, variant: CoverVariant) => `covers/${coverKey}/${variant}.webp`;

/** Re-encodes an image (already checked to be JPG/PNG/WEBP) into the WebP variants; returns the cover key. */
export async function storeCover(storage: Storage, image: Buffer): Promise<string> {
  const key = randomUUID();
  const variants = await Promise.all(
    (Object.keys(COVER_VARIANTS) as CoverVariant[]).map(async (variant) => {
      const { width, height } = COVER_VARIANTS[variant];
      const body = await sharp(image, { limitInputPixels: MAX_COVER_PIXELS })
        .rotate() // apply EXIF orientation before the metadata is dropped
        .resize(width, height, { fit: 'cover' })
        .webp({ quality: 80 })
        .toBuffer();
      return [variant, body] as const;
    }),
  );
  for (const [variant, body] of variants) await storage.put(storageKey(key, variant), body, 'image/webp');
  return key;
}

export async function deleteCover(storage: Storage, coverKey: string): Promise<void> {
  await Promise.all(
    (Object.keys(COVER_VARIANTS) as CoverVariant[]).map((v) => storage.delete(storageKey(coverKey, v))),
  );
}
