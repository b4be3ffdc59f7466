import { z } from 'zod';
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
  SUMMARY_MAX,
  TITLE_MAX,
} from '../constants';
import { MSG } from '../messages';
import { formatMoney } from '../money';

// The upload and edit form (spec section 5), shared by the web form (react-hook-form) and
// the server (multipart fields of POST/PATCH /api/books). Every field arrives as text.

export const BOOK_FORM_DEFAULTS = {
  language: 'English' as Language,
  condition: 'Good' as Condition,
  category: 'Adult' as Category,
};

/**
 * numeric(12,2) holds far more, but a weekly price above this is a typo, and refusing it
 * here keeps a 4xx from ever becoming a database error.
 */
export const BOOK_PRICE_MAX = 100_000_000;
export const bookPriceMaxMessage = `Price must be ${formatMoney(BOOK_PRICE_MAX)} or less`;
export const summaryMaxMessage = `Summary must be ${SUMMARY_MAX} characters or less`;

const PRICE_PATTERN = /^\d+(\.\d+)?$/;
const TWO_DECIMALS = /^\d+(\.\d{1,2})?$/;

/** A price as typed: "25000", "25000.5". Output is the stored form "25000.50" (D2). */
function priceField(positiveMessage: string) {
  return z
    .string({ error: positiveMessage })
    .trim()
    .refine((v) => PRICE_PATTERN.test(v) && Number(v) > 0, { message: positiveMessage, abort: true })
    .refine((v) => TWO_DECIMALS.test(v), { message: MSG.priceDecimals, abort: true })
    .refine((v) => Number(v) <= BOOK_PRICE_MAX, { message: bookPriceMaxMessage, abort: true })
    .transform(normalizePrice);
}

function normalizePrice(v: string): string {
  const [whole, fraction = ''] = v.split('.');
  return `${BigInt(whole)}.${fraction.padEnd(2, '0')}`;
}

/** Empty text (an untouched optional input) means "not set". */
const blankToUndefined = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v);

export const bookFormSchema = z.object({
  title: z.string({ error: MSG.titleRequired }).trim().min(1, MSG.titleRequired).max(TITLE_MAX, MSG.titleMax),
  author: z
    .string({ error: MSG.authorRequired })
    .trim()
    .min(1, MSG.authorRequired)
    .max(AUTHOR_MAX, MSG.authorMax),
  language: z.enum(LANGUAGES).default(BOOK_FORM_DEFAULTS.language),
  condition: z.enum(CONDITIONS).default(BOOK_FORM_DEFAULTS.condition),
  category: z.enum(CATEGORIES).default(BOOK_FORM_DEFAULTS.category),
  summary: z.string().trim().max(SUMMARY_MAX, summaryMaxMessage).optional().transform(blankToUndefined),
  weeklyPrice: priceField(MSG.weeklyPricePositive),
  monthlyPrice: z
    .string()
    .optional()
    .transform(blankToUndefined)
    .pipe(priceField(MSG.monthlyPricePositive).optional()),
});
export type BookFormInput = z.input<typeof bookFormSchema>;
export type BookFormValues = z.output<typeof bookFormSchema>;

/** Owners may only switch their own book between these two (Borrowed follows orders, spec 4). */
export const bookStatusChangeSchema = z.object({
  status: z.enum(['Available', 'Unavailable']),
});
export type BookStatusChange = z.output<typeof bookStatusChangeSchema>;

// ---------------------------------------------------------------- cover (D18)

export const COVER_ACCEPT = COVER_MIME_TYPES.join(',');
/** The multipart field that carries the cover file. */
export const COVER_FIELD = 'cover';

/**
 * The picker's quick check on what the browser reports (type and size). The server decides by
 * content (magic bytes), so a renamed file is still refused there.
 */
export function coverPickProblem(file: { size: number; type: string }): string | null {
  if (file.size > COVER_MAX_BYTES) return MSG.coverTooLarge;
  if (!(COVER_MIME_TYPES as readonly string[]).includes(file.type)) return MSG.coverType;
  return null;
}

export { COVER_MAX_BYTES, COVER_MIME_TYPES };
