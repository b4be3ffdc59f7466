import { z } from 'zod';
import { AUTHOR_MAX, TITLE_MAX } from './constants';
import { FIELD_MSG } from './error-codes';
import { normalizeIsbn } from './isbn';
import { timestampSchema } from './api-types';

// Wanted books: a member marks a title (with its author, or not) or an ISBN as wanted and
// is told once per matching book when one is listed or becomes available.

const words = (max: number, tooLong: string) => z.string().trim().max(max, tooLong).optional();

/**
 * POST /api/wanted: a title (and, to narrow it, its author) or an ISBN (10 or 13 digits, with
 * or without hyphens; the server keeps it as ISBN-13, `wantedOf`). Empty words are none.
 */
export const wantedRequestSchema = z
  .object({
    title: words(TITLE_MAX, FIELD_MSG.titleMax),
    author: words(AUTHOR_MAX, FIELD_MSG.authorMax),
    isbn: z.string().max(40, FIELD_MSG.isbnInvalid).optional(),
  })
  .refine((v) => !!v.title || !!v.isbn?.trim(), { path: ['title'], message: FIELD_MSG.wantedTitleOrIsbn });
export type WantedRequest = z.infer<typeof wantedRequestSchema>;

/** A wanted book as kept: empty words as null, the ISBN as ISBN-13 (null when it is not one). */
export async function wantedOf(request: WantedRequest) {
  const isbnText = request.isbn?.trim() ?? '';
  return {
    title: request.title || null,
    author: request.author || null,
    isbn: isbnText ? await normalizeIsbn(isbnText) : null,
    isbnGiven: isbnText !== '',
  };
}

export const wantedBookSchema = z.object({
  id: z.string(),
  title: z.string().nullable(),
  author: z.string().nullable(),
  isbn: z.string().nullable(),
  createdAt: timestampSchema,
});
export type WantedBook = z.infer<typeof wantedBookSchema>;

/** The member's wanted books, newest first, and how many more they may add. */
export const myWantedSchema = z.object({ items: z.array(wantedBookSchema), max: z.number().int() });
export type MyWanted = z.infer<typeof myWantedSchema>;
