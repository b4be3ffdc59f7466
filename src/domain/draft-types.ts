import { z } from 'zod';
import { coverUrlsSchema, moneySchema, timestampSchema } from './api-types';
import { AUTHOR_MAX, CATEGORIES, CONDITIONS, LANGUAGES, PUBLISH_MAX_DRAFTS, TITLE_MAX } from './constants';
import { FIELD_MSG } from './error-codes';
import { oneOf } from './literals';
import { weeklyPriceField } from './schemas/book-form';
import { uuidField } from './ids';

// Shelf import: an owner's CSV (a Goodreads export, an ISBN list, titles and authors) becomes
// drafts, their own and never public, each published through the upload path (spec 5).

/** What a draft still lacks before it can be published, in the form's order. */
const DRAFT_MISSING = ['title', 'author', 'condition', 'weeklyPrice', 'photo'] as const;
export type DraftMissing = (typeof DRAFT_MISSING)[number];

/** Why a row of the file made no draft and is reported with its line number. */
const IMPORT_ROW_PROBLEMS = ['noTitleOrIsbn', 'isbnInvalid', 'titleTooLong', 'authorTooLong'] as const;
export type ImportRowProblem = (typeof IMPORT_ROW_PROBLEMS)[number];

/** Why a good row made no new draft: the owner lists that book already, or has its draft. */
const IMPORT_SKIP_REASONS = ['alreadyOnShelf', 'alreadyDrafted'] as const;

export const bookDraftSchema = z.object({
  id: z.string(),
  /** ISBN-13, or null when the row had none. */
  isbn: z.string().nullable(),
  title: z.string(),
  author: z.string(),
  language: z.enum(LANGUAGES),
  category: z.enum(CATEGORIES),
  condition: z.enum(CONDITIONS).nullable(),
  weeklyPrice: moneySchema.nullable(),
  photo: coverUrlsSchema.nullable(),
  /** Empty when the draft can be published. */
  missing: z.array(oneOf(DRAFT_MISSING)),
  createdAt: timestampSchema,
});
export type BookDraft = z.infer<typeof bookDraftSchema>;

export const myDraftsSchema = z.object({ items: z.array(bookDraftSchema) });
export type MyDrafts = z.infer<typeof myDraftsSchema>;

export const importResultSchema = z.object({
  /** New drafts made from this file. */
  drafted: z.number().int(),
  skipped: z.array(
    z.object({ line: z.number().int(), reason: oneOf(IMPORT_SKIP_REASONS), title: z.string() }),
  ),
  badRows: z.array(z.object({ line: z.number().int(), problem: oneOf(IMPORT_ROW_PROBLEMS) })),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/**
 * PATCH /api/my/drafts/{id}: the fields sent change, by the upload form's rules; null clears
 * the condition or the price. Language and category come from a listing with the same ISBN
 * or the form's defaults, and are changed on the book once it is listed.
 */
export const draftChangeSchema = z.object({
  title: z.string().trim().max(TITLE_MAX, FIELD_MSG.titleMax).optional(),
  author: z.string().trim().max(AUTHOR_MAX, FIELD_MSG.authorMax).optional(),
  condition: z.enum(CONDITIONS).nullable().optional(),
  weeklyPrice: weeklyPriceField().nullable().optional(),
});
export type DraftChange = z.input<typeof draftChangeSchema>;

export const publishDraftsSchema = z.object({
  ids: z.array(uuidField()).min(1).max(PUBLISH_MAX_DRAFTS),
});

export const publishedDraftsSchema = z.object({
  published: z.array(z.object({ draftId: z.string(), bookId: z.string() })),
});
