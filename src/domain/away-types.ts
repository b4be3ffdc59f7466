import { z } from 'zod';
import { FIELD_MSG } from './error-codes';

// Owners away: the owner's away dates as they send and read them, days of the operator's
// calendar (YYYY-MM-DD).

const day = z
  .string({ error: FIELD_MSG.awayDateFormat })
  .regex(/^\d{4}-\d{2}-\d{2}$/, FIELD_MSG.awayDateFormat);

/** PUT /api/profile/away: the first and the last day away. */
export const awayDatesSchema = z.object({ from: day, to: day });

/** The owner's away period, or null when they set none or it has passed. */
export const ownerAwaySchema = z.object({
  away: z
    .object({
      from: z.string(),
      to: z.string(),
      /** The day after `to`: the day the owner's books can be borrowed again. */
      backOn: z.string(),
      /** Whether the period has begun (the owner's books wait now). */
      now: z.boolean(),
    })
    .nullable(),
});
export type OwnerAway = z.infer<typeof ownerAwaySchema>;
