import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import { rateLimit } from '@server/db/schema';
import type { RateLimitPolicy } from '@server/lib/rate-limit-headers';

// Our own rate limits (uploads, the profile's password change) count attempts in Better Auth's
// rate_limit table under our own key prefixes, so every instance shares the counters. For our
// keys `last_request` is the start of the key's current window.

/**
 * An attempt refused: the seconds until the key's window ends (the answer's Retry-After) and the
 * limit met (its RateLimit-Policy, lib/rate-limit-headers.ts).
 */
export interface Refused {
  retryAfterSeconds: number;
  rateLimit: RateLimitPolicy;
}

/**
 * Counts one attempt under `key`; null while the key is within `max` attempts per window, else
 * how long until the window ends.
 */
export async function takeAttempt(
  db: DbOrTx,
  key: string,
  /** `policy` names the limit to clients (RateLimit-Policy); it never carries the key. */
  limit: { max: number; windowMs: number; policy: string },
  now = Date.now(),
): Promise<Refused | null> {
  const windowStart = now - limit.windowMs;
  const [row] = await db
    .insert(rateLimit)
    .values({ key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when "rate_limit"."last_request" < ${windowStart} then 1 else "rate_limit"."count" + 1 end`,
        lastRequest: sql`case when "rate_limit"."last_request" < ${windowStart} then ${now} else "rate_limit"."last_request" end`,
      },
    })
    .returning({ count: rateLimit.count, windowStart: rateLimit.lastRequest });
  if ((row?.count ?? 0) <= limit.max) return null;
  return {
    retryAfterSeconds: Math.max(1, Math.ceil((Number(row.windowStart) + limit.windowMs - now) / 1000)),
    rateLimit: { name: limit.policy, quota: limit.max, windowSeconds: Math.round(limit.windowMs / 1000) },
  };
}

/** Forgets the attempts counted under `key` (a right password ends the count of wrong ones). */
export async function forgetAttempts(db: DbOrTx, key: string): Promise<void> {
  await db.delete(rateLimit).where(eq(rateLimit.key, key));
}
