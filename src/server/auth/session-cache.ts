import type { SessionUser } from '@server/app-env';
import { now } from '@server/lib/clock';

// Signed-in requests find their session here instead of in the database (D9, D11). An entry is
// keyed by the signed session cookie, lives at most 30 seconds and never past the session's
// expiry, and stands only while the session revocation version it was read under does: a
// sign-out, password change or reset, role change or user deletion moves that version at commit
// (migration 0004), every instance reads it before trusting an entry (db/versions.ts), and the
// looked-up session is read after the version, so a revoked session is refused on the next
// request everywhere.

export const SESSION_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

export interface CachedSession {
  user: SessionUser;
  sessionId: string;
}

interface Entry {
  version: number;
  until: number;
  session: CachedSession;
}

export interface LookedUpSession extends CachedSession {
  expiresAt: Date;
}

export function createSessionCache(maxEntries = MAX_ENTRIES) {
  const entries = new Map<string, Entry>();
  const pending = new Map<string, { version: number; value: Promise<LookedUpSession | null> }>();

  function remember(token: string, version: number, found: LookedUpSession) {
    const until = Math.min(now().getTime() + SESSION_CACHE_TTL_MS, found.expiresAt.getTime());
    entries.delete(token);
    entries.set(token, { version, until, session: { user: found.user, sessionId: found.sessionId } });
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
  }

  return {
    /**
     * The session behind `token` under revocation `version`: from the cache while the entry
     * stands, else from `lookUp` (concurrent misses for one cookie share one lookup).
     */
    async get(
      token: string,
      version: number,
      lookUp: () => Promise<LookedUpSession | null>,
    ): Promise<CachedSession | null> {
      const hit = entries.get(token);
      if (hit) {
        if (hit.version === version && hit.until > now().getTime()) return hit.session;
        entries.delete(token);
      }
      let shared = pending.get(token);
      if (!shared || shared.version !== version) {
        const value = lookUp();
        const mine = { version, value };
        shared = mine;
        pending.set(token, mine);
        // Settled before any caller resumes: from then on the entry (or a new lookup) answers.
        const settle = (found: LookedUpSession | null) => {
          if (pending.get(token) === mine) pending.delete(token);
          if (found) remember(token, version, found);
        };
        value.then(settle, () => settle(null));
      }
      const found = await shared.value;
      return found ? { user: found.user, sessionId: found.sessionId } : null;
    },
    get size() {
      return entries.size;
    },
  };
}

/** The session cookie's value (`token.signature`) from a Cookie header, if there is one. */
export function sessionCookieValue(
  cookieHeader: string | undefined,
  names: readonly string[],
): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (names.includes(name)) return part.slice(eq + 1).trim() || null;
  }
  return null;
}
