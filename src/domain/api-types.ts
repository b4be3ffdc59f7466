import { ERROR_CODES, type ErrorCode, FIELD_MESSAGES, type FieldMessageKey } from './error-codes';
import { z } from 'zod';
import { countedPageSchema } from './cursor-page';
import { UI_LANGUAGES } from './ui-language';
import { BOOK_STATUSES, CATEGORIES, CONDITIONS, LANGUAGES, ROLES } from './constants';
import type { BookQueryInput } from './schemas/book-query';

// Shapes the API returns, declared once as zod schemas: the server's route declarations use the
// schemas (OpenAPI document, answer checks in tests), the web reads the inferred types.
// Money is a decimal string ("25000.00"); dates are ISO strings.

/** A decimal amount of whole rupiah as the API sends it ("25000.00"). */
export const moneySchema = z.string().regex(/^\d+(\.\d{1,2})?$/);
/** An ISO 8601 timestamp. */
export const timestampSchema = z.string();

/** What a member can do with a book right now: listings show only 'available'. */
/** 'away': listed, but its owner is away until the day before `backOn`. */
const availabilitySchema = z.enum(['available', 'away', 'reserved', 'borrowed', 'unavailable']);
export type Availability = z.infer<typeof availabilitySchema>;

export const coverUrlsSchema = z.object({ card: z.string(), detail: z.string() });
export type CoverUrls = z.infer<typeof coverUrlsSchema>;

export const bookSummarySchema = z.object({
  id: z.string(),
  ownerId: z.string(),
  title: z.string(),
  author: z.string(),
  category: z.enum(CATEGORIES),
  language: z.enum(LANGUAGES),
  condition: z.enum(CONDITIONS),
  status: z.enum(BOOK_STATUSES),
  availability: availabilitySchema,
  /** The day its owner is back, while they are away; null otherwise. */
  backOn: z.string().nullable(),
  weeklyPrice: moneySchema,
  monthlyPrice: moneySchema.nullable(),
  /** The price to buy it outright, or null when it is not for sale. */
  salePrice: moneySchema.nullable(),
  /** Where the book is, its owner's location; null when the owner gave none. */
  area: z.string().nullable(),
  cover: coverUrlsSchema,
  createdAt: timestampSchema,
});
export type BookSummary = z.infer<typeof bookSummarySchema>;

/**
 * The catalog's area filter options, the areas that have books to borrow now, by name, each
 * with how many (the same books an unfiltered catalog lists).
 */
export const catalogAreasSchema = z.object({
  items: z.array(z.object({ area: z.string(), books: z.number().int() })),
});
export type CatalogAreas = z.infer<typeof catalogAreasSchema>;

/** The owner's shelf header (member since and counts, no invented rating). */
export const ownerProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string().nullable(),
  image: z.string().nullable(),
  memberSince: timestampSchema,
  /** Books listed now: exact up to COUNT_CAP (10,000), counted no further; the cap when availableBooksCapped. */
  availableBooks: z.number().int(),
  /** The owner lists more than COUNT_CAP books (shown as "More than 10,000 books available"). */
  availableBooksCapped: z.boolean(),
  /** Names of the active pickup points the owner drops books at, by name ('Pickup: ...'). */
  pickupPoints: z.array(z.string()),
  /** The day the owner is back, while they are away; null otherwise. */
  backOn: z.string().nullable(),
});
export type OwnerProfile = z.infer<typeof ownerProfileSchema>;

/** The owner block on a book's page is the owner's shelf header: the server builds both the same way. */
export type OwnerCard = OwnerProfile;

/** One of a book's photos, by the key an edit's photo order names it with. */
const bookPhotoSchema = coverUrlsSchema.extend({ key: z.string() });

export const bookDetailSchema = bookSummarySchema.extend({
  summary: z.string().nullable(),
  /** ISBN-13, or null. */
  isbn: z.string().nullable(),
  /** Up to 4, in the owner's order; the first is the cover. */
  photos: z.array(bookPhotoSchema),
  owner: ownerProfileSchema,
});

/** What the book form may copy from a listed book with the same ISBN: public fields only. */
export const isbnPrefillSchema = z.object({
  isbn: z.string(),
  title: z.string(),
  author: z.string(),
  language: z.enum(LANGUAGES),
  category: z.enum(CATEGORIES),
});
export type IsbnPrefill = z.infer<typeof isbnPrefillSchema>;
export type BookDetail = z.infer<typeof bookDetailSchema>;

/**
 * A catalog page: the shared page schema with the catalog's own figures beside it. The
 * first pages are numbered (the catalog shows "page n of m"); `page` is null on a page asked
 * by cursor.
 */
export const bookPageSchema = countedPageSchema(bookSummarySchema, {
  page: z.number().int().nullable().describe('The page number, or null for a page asked by cursor'),
  pageSize: z.number().int(),
  /** Highest weekly price in the current scope, for the price slider. */
  maxWeeklyPrice: moneySchema,
});
export type BookPage = z.infer<typeof bookPageSchema>;

/** The catalog's query as the web sends it: every key of the route's query schema, optional. */
export type BookQuery = Partial<BookQueryInput>;

export const meSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  phone: z.string().nullable(),
  location: z.string().nullable(),
  address: z.string().nullable(),
  image: z.string().nullable(),
  /** The saved language of screens and emails. */
  language: z.enum(UI_LANGUAGES),
  createdAt: timestampSchema,
});
export type Me = z.infer<typeof meSchema>;

/** Every error answer of our API (the server's onError; declared as `Error` in the document). */
export const apiErrorBodySchema = z.object({
  error: z.object({
    code: z
      .enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]])
      .describe('Stable, from a closed list: VALIDATION_FAILED, BOOK_NOT_AVAILABLE...'),
    message: z
      .string()
      .describe("The code's English text, for API clients (the web shows its own language's)"),
    params: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .optional()
      .describe("The values in the code's text, e.g. { status: 'Delivered' }"),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .describe('The first English message per invalid field'),
    fieldCodes: z
      .record(
        z.string(),
        z.object({
          code: z
            .enum(Object.keys(FIELD_MESSAGES) as [FieldMessageKey, ...FieldMessageKey[]])
            .describe('A message key: nameMin, coverType...'),
          params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
        }),
      )
      .optional()
      .describe(
        'The message key and its parameters per invalid field, e.g. { code: "nameMin", params: { minimum: 2 } }',
      ),
    requestId: z.string().optional().describe('Only on 500: quote it to support'),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/** A row of the owner's Manage books table: every book of theirs that is not deleted. */
export const managedBookSchema = bookSummarySchema.extend({
  summary: z.string().nullable(),
  /** True while the book is in an open order: it can't be deleted or made unavailable. */
  inOpenOrder: z.boolean(),
});
export type ManagedBook = z.infer<typeof managedBookSchema>;

export const pickupLocationSchema = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string(),
  address: z.string(),
  active: z.boolean(),
});
export type PickupLocation = z.infer<typeof pickupLocationSchema>;
