import { z } from 'zod';
import { FIELD_MSG } from '@domain/error-codes';
import {
  AUTHOR_MAX,
  CATEGORIES,
  type Category,
  CONDITIONS,
  type Condition,
  COVER_MAX_BYTES,
  COVER_MIME_TYPES,
  LANGUAGES,
  type Language,
  MONTHLY_DURATION_WEEKS,
  SUMMARY_MAX,
  TITLE_MAX,
} from '@domain/constants';
import { normalizeIsbn } from '@domain/isbn';
import { toMinor } from '@domain/money';
import {
  amountMessage,
  BOOK_PRICE_MAX,
  bookPriceMaxMessage,
  PRICE_MIN_RUPIAH,
  rupiahTextField,
} from './amount';

// The upload and edit form (spec section 5), shared by the web form (react-hook-form) and
// the server (multipart fields of POST/PATCH /api/books). Every field arrives as text.

export const BOOK_FORM_DEFAULTS = {
  language: 'English' as Language,
  condition: 'Good' as Condition,
  category: 'Adult' as Category,
};

const summaryMaxMessage = FIELD_MSG.summaryMax;

/** A price as typed, in whole rupiah (D32): "12.000", "12,000", "12000". Output "12000.00". */
function priceField(minKey: 'weeklyPriceMin' | 'monthlyPriceMin' | 'salePriceMin', positiveMessage: string) {
  return rupiahTextField({
    invalid: positiveMessage,
    min: PRICE_MIN_RUPIAH,
    minMessage: amountMessage(minKey, 'min', PRICE_MIN_RUPIAH),
    // numeric(12,2) holds far more, but a price above this is a typo, and refusing it here
    // keeps every order total inside its column.
    max: BOOK_PRICE_MAX,
    maxMessage: bookPriceMaxMessage,
  });
}

/** The weekly price's rules, shared with a draft's price (shelf import). */
export const weeklyPriceField = () => priceField('weeklyPriceMin', FIELD_MSG.weeklyPricePositive);

/** Empty text (an untouched optional input) means "not set". */
const blankToUndefined = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v);

/**
 * An ISBN as typed (D30), out as ISBN-13. The check loads isbn3 on first use, so this field
 * is asynchronous: parse the form with safeParseAsync (the web's resolver does).
 */
const isbnSchema = z.string().transform(async (text, ctx) => {
  const isbn = await normalizeIsbn(text);
  if (isbn === null) {
    ctx.addIssue({ code: 'custom', message: FIELD_MSG.isbnInvalid });
    return z.NEVER;
  }
  return isbn;
});

export const bookFormSchema = z
  .object({
    title: z
      .string({ error: FIELD_MSG.titleRequired })
      .trim()
      .min(1, FIELD_MSG.titleRequired)
      .max(TITLE_MAX, FIELD_MSG.titleMax),
    author: z
      .string({ error: FIELD_MSG.authorRequired })
      .trim()
      .min(1, FIELD_MSG.authorRequired)
      .max(AUTHOR_MAX, FIELD_MSG.authorMax),
    isbn: z.string().optional().transform(blankToUndefined).pipe(isbnSchema.optional()),
    language: z.enum(LANGUAGES).default(BOOK_FORM_DEFAULTS.language),
    condition: z.enum(CONDITIONS).default(BOOK_FORM_DEFAULTS.condition),
    category: z.enum(CATEGORIES).default(BOOK_FORM_DEFAULTS.category),
    summary: z.string().trim().max(SUMMARY_MAX, summaryMaxMessage).optional().transform(blankToUndefined),
    weeklyPrice: weeklyPriceField(),
    monthlyPrice: z
      .string()
      .optional()
      .transform(blankToUndefined)
      .pipe(priceField('monthlyPriceMin', FIELD_MSG.monthlyPricePositive).optional()),
    // D28: an optional price to buy the book, by the weekly price's rules.
    salePrice: z
      .string()
      .optional()
      .transform(blankToUndefined)
      .pipe(priceField('salePriceMin', FIELD_MSG.salePricePositive).optional()),
  })
  .superRefine((values, ctx) => {
    // D32: a monthly price is worth setting only below four weeks at the weekly price.
    if (values.monthlyPrice === undefined) return;
    if (toMinor(values.monthlyPrice) >= toMinor(values.weeklyPrice) * MONTHLY_DURATION_WEEKS) {
      ctx.addIssue({ code: 'custom', path: ['monthlyPrice'], message: FIELD_MSG.monthlyBelowFourWeeks });
    }
  });
export type BookFormInput = z.input<typeof bookFormSchema>;
export type BookFormValues = z.output<typeof bookFormSchema>;

/** Owners may only switch their own book between these two (Borrowed follows orders, spec 4). */
export const bookStatusChangeSchema = z.object({
  status: z.enum(['Available', 'Unavailable']),
});
export type BookStatusChange = z.output<typeof bookStatusChangeSchema>;

// ---------------------------------------------------------------- cover

export const COVER_ACCEPT = COVER_MIME_TYPES.join(',');

/**
 * The picker's quick check on what the browser reports (type and size). The server decides by
 * content (magic bytes), so a renamed file is still refused there.
 */
export function coverPickProblem(file: { size: number; type: string }): string | null {
  if (file.size > COVER_MAX_BYTES) return FIELD_MSG.coverTooLarge;
  if (!(COVER_MIME_TYPES as readonly string[]).includes(file.type)) return FIELD_MSG.coverType;
  return null;
}
