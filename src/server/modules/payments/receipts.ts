import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import sharp from 'sharp';
import { AppError, fieldProblem } from '@server/lib/errors';
import type { Storage } from '@server/lib/storage';
import { coverProblem, MAX_COVER_PIXELS } from '@server/modules/covers/service';

// Receipt photos (D33): checked like a cover (content, type, 2 MB, pixel limit), re-encoded to
// WebP (metadata such as GPS dropped) and stored under receipts/, never under the public
// covers path: only the borrower and the admins may fetch one, through the orders API.

export const RECEIPT_FIELD = 'receipt';
const RECEIPT_MAX_SIDE = 1600;

export const receiptStorageKey = (key: string) => `receipts/${key}.webp`;

/** The receipt file of a multipart "I have paid", checked by content; null when none was sent. */
export async function readReceipt(c: Context): Promise<Buffer | null> {
  const type = c.req.header('content-type') ?? '';
  if (!type.includes('multipart/form-data')) return null;
  let body: Record<string, string | File | (string | File)[]>;
  try {
    body = await c.req.parseBody({ all: true });
  } catch {
    throw new AppError('INVALID_FORM');
  }
  const value = body[RECEIPT_FIELD];
  const file = Array.isArray(value) ? value[0] : value;
  if (!(file instanceof File) || file.size === 0) return null;
  const bytes = Buffer.from(await file.arrayBuffer());
  const problem = await coverProblem(bytes);
  if (problem) throw new AppError('INVALID_RECEIPT', { fields: { receipt: problem } });
  return bytes;
}

/** Re-encodes and stores a checked receipt; returns its key. */
export async function storeReceipt(storage: Storage, image: Buffer): Promise<string> {
  const body = await sharp(image, { limitInputPixels: MAX_COVER_PIXELS })
    .rotate()
    .resize(RECEIPT_MAX_SIDE, RECEIPT_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer()
    .catch(() => {
      throw new AppError('INVALID_RECEIPT', { fields: { receipt: fieldProblem('coverType') } });
    });
  const key = randomUUID();
  await storage.put(receiptStorageKey(key), body, 'image/webp');
  return key;
}
