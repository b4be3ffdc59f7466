import type { DbOrTx } from '@server/db/client';
import { type Refused, takeAttempt } from '@server/security/attempt-limit';

// Uploads cost CPU (re-encoding) and disk, so each member gets a budget per hour. The counter
// lives in the database (Better Auth's rate_limit table, our own key prefix), so every
// instance shares it. Every attempt counts, valid or not.

export const UPLOADS_PER_HOUR = 30;
const WINDOW_MS = 60 * 60 * 1000;

/** Counts one attempt; null while the member is within the budget, else when to try again. */
export async function takeUploadAttempt(
  db: DbOrTx,
  memberId: string,
  now = Date.now(),
): Promise<Refused | null> {
  return takeAttempt(db, `book-upload:${memberId}`, { max: UPLOADS_PER_HOUR, windowMs: WINDOW_MS }, now);
}
