import { z } from 'zod';
import { timestampSchema } from './api-types';
import { FIELD_MSG } from './error-codes';

// Reviews (D27): the rules both sides share and the shapes of the reviews API.

export const REVIEW_TEXT_MAX = 1000;
/** A review is published when both sides wrote, or this long after the first one (D27). */
export const REVIEW_BLIND_MS = 14 * 24 * 3_600_000;

/** POST /api/orders/:id/reviews: 1 to 5 stars, optional text (trimmed; empty means none). */
export const reviewInputSchema = z.object({
  rating: z
    .number({ error: FIELD_MSG.ratingRequired })
    .int({ error: FIELD_MSG.ratingRequired })
    .min(1, { error: FIELD_MSG.ratingRequired })
    .max(5, { error: FIELD_MSG.ratingRequired }),
  body: z
    .string()
    .trim()
    .max(REVIEW_TEXT_MAX, { error: FIELD_MSG.reviewTextTooLong })
    .optional()
    .transform((text) => (text ? text : null)),
});
export type ReviewInput = z.output<typeof reviewInputSchema>;

const reviewSideSchema = z.enum(['borrower', 'owner']);
export type ReviewSide = z.infer<typeof reviewSideSchema>;

export const reviewViewSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  /** 'borrower': the borrower rated the owner; 'owner': the owner rated the borrower. */
  side: reviewSideSchema,
  authorName: z.string(),
  subjectName: z.string(),
  rating: z.number().int(),
  body: z.string().nullable(),
  createdAt: timestampSchema,
  publishedAt: timestampSchema.nullable(),
  /** Shown to admins only; a hidden review is gone for everyone else. */
  hidden: z.boolean(),
});
export type ReviewView = z.infer<typeof reviewViewSchema>;

export const orderReviewsSchema = z.object({
  /** The viewer's side on the order, or null (an admin looking in). */
  side: reviewSideSchema.nullable(),
  /** The order is Completed and the viewer's side has not written yet. */
  canReview: z.boolean(),
  mine: reviewViewSchema.nullable(),
  /** The other side's review once published (admins see it always). */
  theirs: reviewViewSchema.nullable(),
  /** The other side wrote, but it stays hidden until the viewer writes or 14 days pass. */
  theirsWaiting: z.boolean(),
});
export type OrderReviews = z.infer<typeof orderReviewsSchema>;

export const reputationSchema = z.object({
  /** Average of the published, not hidden reviews about the member, one decimal; null when none. */
  average: z.number().nullable(),
  count: z.number().int(),
  /** Loans the member borrowed that are Completed. */
  loansCompleted: z.number().int(),
  /** Of those with a due date, the share whose return started by the due date, 0..1; null when none. */
  onTimeShare: z.number().nullable(),
});
export type Reputation = z.infer<typeof reputationSchema>;
