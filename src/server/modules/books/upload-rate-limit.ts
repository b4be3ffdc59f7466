import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rateLimit } from '../../db/schema';

// Uploads cost CPU (re-encoding) and disk, so each member gets a budget per hour. The counter
// lives in the database (Better Auth's rate_limit table, our own key prefix), so every
// instance shares it. Every attempt counts, valid or not.

export const UPLOADS_PER_HOUR = 30;
const WINDOW_MS = 60 * 60 * 1000;

/** Counts one attempt; true while the member is within the budget. */
export async function takeUploadAttempt(db: DbOrTx, memberId: string, now = Date.now()): Promise<boolean> {
  const windowStart = now - WINDOW_MS;
  // For our keys `last_request` is the start of the member's current window.
  const [row] = await db
    .insert(rateLimit)
    .values({ key: `book-upload:${memberId}`, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when "rate_limit"."last_request" < ${windowStart} then 1 else "rate_limit"."count" + 1 end`,
        lastRequest: sql`case when "rate_limit"."last_request" < ${windowStart} then ${now} else "rate_limit"."last_request" end`,
      },
    })
    .returning({ count: rateLimit.count });
  return (row?.count ?? 0) <= UPLOADS_PER_HOUR;
}
