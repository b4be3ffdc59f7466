import { z } from 'zod';
import { bookSummarySchema } from './api-types';
import { CATEGORIES, MIN_SEARCH_LENGTH } from './constants';
import { bookWaitlistSchema } from './waitlist-types';

// What a search finds beyond the shop's own results: the matching books that are out
// now, and the nearest spellings when the words find little.

/** D46: how many borrowed or reserved books the section below a search shows at most. */
export const BORROWED_SECTION_SIZE = 8;
/** How many spellings "Did you mean" offers at most. */
export const MAX_SUGGESTIONS = 3;

const searchWords = z
  .string()
  .max(100)
  .transform((s) => s.trim());

const WORDS = `Words in the title or author, or an ISBN; at least ${MIN_SEARCH_LENGTH} characters (SEARCH_TOO_SHORT)`;

/** The search's borrowed section: its words and category (browsing without words has none). */
export const borrowedQuerySchema = z.object({
  q: searchWords.describe(WORDS),
  category: z.enum(CATEGORIES).optional(),
});

/** A shelf's borrowed section: every book of the owner out now, or those matching the words. */
export const shelfBorrowedQuerySchema = z.object({
  q: searchWords.optional().describe(WORDS),
});

/** One book that is out now, with its waitlist as the viewer sees it. */
const borrowedBookSchema = z.object({ book: bookSummarySchema, waitlist: bookWaitlistSchema });
export type BorrowedBook = z.infer<typeof borrowedBookSchema>;

/** Soonest back first: the expected return's first day, then the title. */
export const borrowedSectionSchema = z.object({ items: z.array(borrowedBookSchema) });
export type BorrowedSection = z.infer<typeof borrowedSectionSchema>;

export const suggestionsQuerySchema = z.object({ q: searchWords });

/** The search with each misspelled word replaced by its nearest spelling, best first. */
export const suggestionsSchema = z.object({ items: z.array(z.string()) });
export type Suggestions = z.infer<typeof suggestionsSchema>;
