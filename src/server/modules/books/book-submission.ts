import { isUuid } from '@domain/ids';
import type { Context } from 'hono';
import { COVER_FIELD, MAX_PHOTOS, NEW_PHOTO, PHOTO_ORDER_FIELD } from '@domain/constants';
import { type BookFormValues, bookFormSchema } from '@domain/schemas/book-form';
import { AppError, fieldProblem, problemOf } from '@server/lib/errors';
import { coverProblem } from '@server/modules/covers/service';

// Reads the multipart body of an upload or an edit and checks every rule of spec section 5.
// All broken rules are reported in `fields`; `message` is the first one in the form's order,
// so the web shows the same text the spec gives.

const FORM_ORDER = [
  COVER_FIELD,
  'title',
  'author',
  'isbn',
  'language',
  'condition',
  'category',
  'summary',
  'weeklyPrice',
  'monthlyPrice',
  'salePrice',
] as const;

type Problem = ReturnType<typeof problemOf>;

const CHOICES = new Set<string>(['language', 'condition', 'category']);

export interface BookSubmission {
  values: BookFormValues;
  /** The photos sent, in order, each already checked by content (D18); empty when an edit sends none. */
  photos: Buffer[];
  /**
   * An edit's photo order (PHOTO_ORDER_FIELD): stored keys and NEW_PHOTO entries; null when
   * none was sent. Every sent photo has its NEW_PHOTO entry.
   */
  order: string[] | null;
}

export async function readBookSubmission(
  c: Context,
  { coverRequired }: { coverRequired: boolean },
): Promise<BookSubmission> {
  let body: Record<string, string | File | (string | File)[]>;
  try {
    body = await c.req.parseBody({ all: true });
  } catch {
    throw new AppError('INVALID_FORM');
  }
  const fields: Record<string, Problem> = {};

  // A repeated text field is ambiguous: take the first value, as a browser form sends only one.
  const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
  const files = [body[COVER_FIELD] ?? []].flat().filter((v): v is File => v instanceof File && v.size > 0);
  const photos: Buffer[] = [];
  if (files.length > MAX_PHOTOS) {
    fields[COVER_FIELD] = fieldProblem('tooManyPhotos', { max: MAX_PHOTOS });
  } else {
    for (const file of files) {
      const photo = Buffer.from(await file.arrayBuffer());
      const problem = await coverProblem(photo);
      if (problem) fields[COVER_FIELD] ??= problem;
      photos.push(photo);
    }
  }
  const order = readPhotoOrder(first(body[PHOTO_ORDER_FIELD]), photos.length);
  if (order === 'invalid') fields[COVER_FIELD] ??= fieldProblem('photoOrderInvalid');
  else if (order && order.length > MAX_PHOTOS)
    fields[COVER_FIELD] ??= fieldProblem('tooManyPhotos', { max: MAX_PHOTOS });
  else if (order?.length === 0 || (coverRequired && photos.length === 0)) {
    fields[COVER_FIELD] ??= fieldProblem('coverRequired');
  }

  const text: Record<string, unknown> = {};
  for (const name of FORM_ORDER) {
    if (name === COVER_FIELD) continue;
    const value = first(body[name]);
    // A file where text belongs counts as missing, so it gets the field's own message; an
    // empty choice (language, condition, category) takes the default like a missing one.
    if (typeof value === 'string' && (value !== '' || !CHOICES.has(name))) text[name] = value;
    // PostgreSQL text cannot hold NUL: refuse it here rather than fail in the database.
    if (typeof value === 'string' && value.includes('\u0000'))
      fields[name] = fieldProblem('forbiddenCharacter');
  }
  const values = await checkBookFields(text, fields);
  return { values, photos, order: order === 'invalid' ? null : order };
}

/**
 * The form's text fields by the form's schema, for an upload and for a published draft (shelf
 * import) alike: their values, or VALIDATION_FAILED with every broken rule, `fields` (problems
 * already found, such as the photos') among them.
 */
export async function checkBookFields(
  text: Record<string, unknown>,
  fields: Record<string, Problem> = {},
): Promise<BookFormValues> {
  const parsed = await bookFormSchema.safeParseAsync(text);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= problemOf(issue.message);
  }

  // The first broken rule in the form's order leads, so the message is the one the form shows first.
  const broken = FORM_ORDER.filter((name) => fields[name]);
  if (broken.length > 0 || !parsed.success) {
    const ordered = Object.fromEntries(broken.map((name) => [name, fields[name]]));
    throw new AppError('VALIDATION_FAILED', { fields: { ...ordered, ...fields } });
  }
  return parsed.data;
}

/**
 * The edit's photo order, or null when none was sent; 'invalid' when an entry is neither a key
 * nor NEW_PHOTO, a key repeats, or the NEW_PHOTO entries do not match the files sent.
 */
function readPhotoOrder(value: unknown, sent: number): string[] | 'invalid' | null {
  if (typeof value !== 'string') return null;
  const entries = value === '' ? [] : value.split(',').map((e) => e.trim());
  const keys = entries.filter((e) => e !== NEW_PHOTO);
  const fresh = entries.length - keys.length;
  if (fresh !== sent || new Set(keys).size !== keys.length || !keys.every(isUuid)) return 'invalid';
  return entries;
}
