import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { CoverUrls } from '@domain/api-types';
import { COVER_MAX_BYTES, COVER_MIME_TYPES } from '@domain/constants';
import type { FieldProblem } from '@domain/error-codes';
import { AppError, fieldProblem } from '@server/lib/errors';
import type { Storage } from '@server/lib/storage';

// Covers (D18): every stored cover is re-encoded by us (metadata such as GPS dropped) into
// WebP at two sizes; pages load the small one. The key names both variants.

const COVER_VARIANTS = {
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

/**
 * The first broken cover rule (spec 5) for an uploaded file, judged by its bytes: a text
 * file named cover.jpg is refused whatever its name or declared type says.
 */
export async function coverProblem(bytes: Uint8Array): Promise<FieldProblem | null> {
  if (bytes.byteLength > COVER_MAX_BYTES) return fieldProblem('coverTooLarge');
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !(COVER_MIME_TYPES as readonly string[]).includes(detected.mime))
    return fieldProblem('coverType');
  return null;
}

/** Re-encodes an image (already checked to be JPG/PNG/WEBP) into the WebP variants; returns the cover key. */
export async function storeCover(storage: Storage, image: Buffer): Promise<string> {
  const key = randomUUID();
  const variants = await encodeVariants(image).catch((err: unknown) => {
    // Right magic bytes, but not an image sharp can (or may) decode.
    const tooLarge = err instanceof Error && /pixel limit/i.test(err.message);
    throw new AppError('INVALID_COVER', {
      fields: { cover: fieldProblem(tooLarge ? 'coverTooManyPixels' : 'coverType') },
    });
  });
  try {
    for (const [variant, body] of variants) await storage.put(storageKey(key, variant), body, 'image/webp');
  } catch (err) {
    // A store that fails half way (the disk full at the second variant) keeps no part of it.
    await deleteCover(storage, key).catch(() => {});
    throw err;
  }
  return key;
}

/**
 * Several photos of one book, each re-encoded like a cover; all or nothing: when one
 * cannot be decoded, those already stored are removed before the error goes out.
 */
export async function storePhotos(storage: Storage, images: Buffer[]): Promise<string[]> {
  const keys: string[] = [];
  try {
    for (const image of images) keys.push(await storeCover(storage, image));
  } catch (err) {
    await Promise.all(keys.map((key) => deleteCover(storage, key).catch(() => {})));
    throw err;
  }
  return keys;
}

function encodeVariants(image: Buffer) {
  return Promise.all(
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
}

export async function deleteCover(storage: Storage, coverKey: string): Promise<void> {
  await Promise.all(
    (Object.keys(COVER_VARIANTS) as CoverVariant[]).map((v) => storage.delete(storageKey(coverKey, v))),
  );
}
