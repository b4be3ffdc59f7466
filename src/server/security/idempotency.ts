import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '@server/app-env';
import { idempotentRequests } from '@server/db/schema';
import { now } from '@server/lib/clock';
import { AppError } from '@server/lib/errors';

// Safe retries (docs/api.md, "Retrying safely"): a client that lost the answer to a POST sends
// it again with the same `Idempotency-Key` header and gets the first answer back, marked
// `Idempotent-Replayed: true`, instead of a second order, message or payout. The key belongs to
// its sender (the member, or a guest's address); under it the same method, path and body are
// answered once, and anything else is refused with 422. A request still being answered makes a
// second one with its key wait (409 with Retry-After). Answers that invite a retry (5xx, 409,
// 429) are not kept, so the retry runs again. Without the header a POST is served as always.
//
// What this cannot cover: a crash after the route committed its change and before its answer is
// kept here. The key is then taken over by the next try after IN_FLIGHT_STALE_MS, which runs the
// route again, where the route's own state rules (an order already paid, a book already
// reserved, checkout's own key) still refuse a second effect.

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long an answer is replayed. */
export const KEPT_FOR_MS = 24 * 60 * 60_000;
/** A first request not answered after this is taken as lost (its instance died). */
const IN_FLIGHT_STALE_MS = 60_000;
/** Bodies larger than this (no upload route takes one) are served as if sent without a key. */
const BODY_MAX_BYTES = 16 * 1024 * 1024;
/** Expired rows deleted per new key: the table stays a day's keys without a timer. */
const PURGE_BATCH = 100;
const KEY_PATTERN = /^[\x21-\x7e]{8,255}$/;
/** Answers that say "try again" (a conflict with a change made meanwhile, a rate limit): not kept. */
const TRY_AGAIN = new Set([409, 429]);

/** Better Auth's own endpoints answer with cookies of their own: not replayed. */
const skips = (path: string) => path.startsWith('/api/auth/');

export const idempotentPosts: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (c.req.method !== 'POST' || key === undefined || skips(c.req.path)) return next();
  if (!KEY_PATTERN.test(key)) throw new AppError('IDEMPOTENCY_KEY_INVALID');
  const bodyHash = await hashBody(c.req.raw);
  if (bodyHash === null) return next();

  const { db } = c.get('deps');
  const user = c.get('user');
  const scope = user ? `user:${user.id}` : `ip:${c.get('clientIp')}`;
  const url = new URL(c.req.url);
  const path = url.pathname + url.search;
  const at = now();
  const claimed = await db
    .insert(idempotentRequests)
    .values({ scope, key, method: c.req.method, path, bodyHash, createdAt: at })
    .onConflictDoUpdate({
      target: [idempotentRequests.scope, idempotentRequests.key],
      set: {
        method: c.req.method,
        path,
        bodyHash,
        status: null,
        contentType: null,
        body: null,
        createdAt: at,
      },
      // Taken over only when the kept answer expired, or the first try was lost.
      setWhere: sql`${idempotentRequests.createdAt} < ${new Date(at.getTime() - KEPT_FOR_MS)}
        or (${idempotentRequests.status} is null
          and ${idempotentRequests.createdAt} < ${new Date(at.getTime() - IN_FLIGHT_STALE_MS)})`,
    })
    .returning({ key: idempotentRequests.key });

  if (claimed.length === 0) {
    const [kept] = await db
      .select()
      .from(idempotentRequests)
      .where(and(eq(idempotentRequests.scope, scope), eq(idempotentRequests.key, key)));
    if (!kept) throw new AppError('IDEMPOTENCY_KEY_IN_FLIGHT', { retryAfterSeconds: 1 });
    if (kept.method !== c.req.method || kept.path !== path || kept.bodyHash !== bodyHash)
      throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (kept.status === null) throw new AppError('IDEMPOTENCY_KEY_IN_FLIGHT', { retryAfterSeconds: 1 });
    const headers = new Headers({ [REPLAYED_HEADER]: 'true' });
    if (kept.contentType) headers.set('content-type', kept.contentType);
    return c.newResponse(kept.body, kept.status as 200, Object.fromEntries(headers));
  }

  await db.execute(sql`delete from ${idempotentRequests} where ctid in (
    select ctid from ${idempotentRequests}
    where ${idempotentRequests.createdAt} < ${new Date(at.getTime() - KEPT_FOR_MS)} limit ${PURGE_BATCH})`);

  const mine = and(eq(idempotentRequests.scope, scope), eq(idempotentRequests.key, key));
  try {
    await next();
  } catch (err) {
    // The error handler answers after this middleware: a 5xx is tried again, a refusal kept.
    await db.delete(idempotentRequests).where(mine);
    throw err;
  }
  const contentType = c.res.headers.get('content-type');
  const keepable =
    c.res.status < 500 &&
    !TRY_AGAIN.has(c.res.status) &&
    (c.res.status === 204 || /json|text/.test(contentType ?? ''));
  if (!keepable) {
    await db.delete(idempotentRequests).where(mine);
    return;
  }
  const body = c.res.status === 204 ? null : await c.res.clone().text();
  await db.update(idempotentRequests).set({ status: c.res.status, contentType, body }).where(mine);
};

/** The body's SHA-256 (hex), or null when it is larger than BODY_MAX_BYTES. */
async function hashBody(request: Request): Promise<string | null> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > BODY_MAX_BYTES) return null;
  const hash = createHash('sha256');
  if (!request.body) return hash.digest('hex');
  const reader = request.clone().body!.getReader();
  let read = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    read += value.byteLength;
    if (read > BODY_MAX_BYTES) {
      await reader.cancel();
      return null;
    }
    hash.update(value);
  }
  return hash.digest('hex');
}
