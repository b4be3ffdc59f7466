// Every 429 the server sends says when to try again and which limit was met, in the fields of the
// IETF httpapi draft "RateLimit header fields for HTTP" (docs/api.md, "Rate limits"):
// `RateLimit-Policy: "<name>";q=<quota>;w=<window seconds>` names the limit, and
// `RateLimit: "<name>";r=0;t=<seconds>` says none is left until it resets, alongside the
// standard `Retry-After` older clients read. Our own limits (security/attempt-limit.ts) and Better
// Auth's per-address limits (auth/auth.ts) answer with the same three fields.

/** A limit as clients are told about it: its name, how many requests, per how many seconds. */
export interface RateLimitPolicy {
  name: string;
  quota: number;
  windowSeconds: number;
}

/** The fields of a 429 refused under `policy`, with `retryAfterSeconds` until it resets. */
export function rateLimitHeaders(policy: RateLimitPolicy, retryAfterSeconds: number): Record<string, string> {
  const wait = String(Math.max(1, Math.ceil(retryAfterSeconds)));
  return {
    'Retry-After': wait,
    'RateLimit-Policy': `"${policy.name}";q=${policy.quota};w=${policy.windowSeconds}`,
    RateLimit: `"${policy.name}";r=0;t=${wait}`,
  };
}
