import type { Context } from 'hono';
import { type BookFormValues, bookFormSchema, COVER_FIELD } from '@domain/schemas/book-form';
import { AppError, fieldProblem, problemOf } from '@server/lib/errors';
import { coverProblem } from '@server/modules/covers/service';

// Reads the multipart body of an upload or an edit and checks every rule of spec section 5.
// All broken rules are reported in `fields`; `message` is the first one in the form's order,
// so the web shows the same text the spec gives.

const FORM_ORDER = [
  COVER_FIELD,
  'title',
  'author',
  'language',
  'condition',
  'category',
  'summary',
  'weeklyPrice',
  'monthlyPrice',
] as const;

const CHOICES = new Set<string>(['language', 'condition', 'category']);

export interface BookSubmission {
  values: BookFormValues;
  /** The cover's bytes, already checked by content; null when an edit keeps the old cover. */
  cover: Buffer | null;
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
  const fields: Record<string, ReturnType<typeof problemOf>> = {};

  // A repeated field is ambiguous: take the first value, as a browser form would send only one.
  const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
  const file = first(body[COVER_FIELD]);
  let cover: Buffer | null = null;
  if (file instanceof File && file.size > 0) {
    cover = Buffer.from(await file.arrayBuffer());
    const problem = await coverProblem(cover);
    if (problem) fields[COVER_FIELD] = problem;
  } else if (coverRequired) {
    fields[COVER_FIELD] = fieldProblem('coverRequired');
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
  const parsed = bookFormSchema.safeParse(text);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= problemOf(issue.message);
  }

  // The first broken rule in the form's order leads, so the message is the one the form shows first.
  const broken = FORM_ORDER.filter((name) => fields[name]);
  if (broken.length > 0 || !parsed.success) {
    const ordered = Object.fromEntries(broken.map((name) => [name, fields[name]]));
    throw new AppError('VALIDATION_FAILED', { fields: { ...ordered, ...fields } });
  }
  return { values: parsed.data, cover };
}
