import { z } from 'zod';
import { coverUrlsSchema, timestampSchema } from './api-types';
import { WAITLIST_STATES } from './waitlist';

// The waitlist's answers, declared once as zod schemas.

const estimateSchema = z.object({
  /** Local dates (YYYY-MM-DD) in the operator's time zone. */
  from: z.string(),
  to: z.string(),
});

/** A book's waitlist as its viewer sees it on the book page. */
export const bookWaitlistSchema = z.object({
  bookId: z.string(),
  state: z.enum(WAITLIST_STATES),
  /** Members waiting, the holder included. */
  waiting: z.number().int(),
  /** The viewer's place (1 = first), when waiting or held. */
  place: z.number().int().nullable(),
  /** When the book should come to the viewer (at their place, or at the end if they join). */
  estimate: estimateSchema.nullable(),
  /** The end of the hold, when the book is held (for the viewer or someone else). */
  holdUntil: timestampSchema.nullable(),
  /** True when the book is held for another member. */
  heldForSomeoneElse: z.boolean(),
});
export type BookWaitlist = z.infer<typeof bookWaitlistSchema>;

/** One line of "My waitlist". */
const myWaitlistEntrySchema = z.object({
  bookId: z.string(),
  title: z.string(),
  author: z.string(),
  cover: coverUrlsSchema,
  state: z.enum(['waiting', 'held']),
  place: z.number().int(),
  waiting: z.number().int(),
  estimate: estimateSchema.nullable(),
  holdUntil: timestampSchema.nullable(),
  joinedAt: timestampSchema,
});
export type MyWaitlistEntry = z.infer<typeof myWaitlistEntrySchema>;
/** A hold that lapsed unanswered lately: the book and when the hold ended. */
const lapsedHoldSchema = z.object({
  bookId: z.string(),
  title: z.string(),
  author: z.string(),
  cover: coverUrlsSchema,
  lapsedAt: timestampSchema,
});
export type LapsedHold = z.infer<typeof lapsedHoldSchema>;
export const myWaitlistSchema = z.object({
  items: z.array(myWaitlistEntrySchema),
  /** Holds that lapsed in the last LAPSED_HOLD_SHOWN_DAYS, newest first, for books not waited for again. */
  lapsed: z.array(lapsedHoldSchema),
});
export type MyWaitlist = z.infer<typeof myWaitlistSchema>;

/** How many members wait for each of the asked books (owner's manage table, admin books tab). */
export const waitlistCountsSchema = z.object({ counts: z.record(z.string(), z.number().int()) });
export type WaitlistCounts = z.infer<typeof waitlistCountsSchema>;

/** A book's queue as an admin sees it, to clear an entry. */
export const adminWaitlistSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      place: z.number().int(),
      memberName: z.string(),
      memberEmail: z.string(),
      holdUntil: timestampSchema.nullable(),
      joinedAt: timestampSchema,
    }),
  ),
});
export type AdminWaitlist = z.infer<typeof adminWaitlistSchema>;
