import { expect } from 'vitest';

// Every 429 names its limit (docs/api.md, "Rate limits"): Retry-After, and the IETF
// ratelimit-headers draft's RateLimit-Policy and RateLimit, which agree with it.

/** Checks a 429's fields for the limit `name` of `quota` requests per `windowSeconds`; its wait. */
export function expectRateLimitFields(
  res: { status: number; headers: Headers },
  name: string,
  quota: number,
  windowSeconds: number,
): number {
  expect(res.status).toBe(429);
  const wait = Number(res.headers.get('retry-after'));
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(windowSeconds);
  expect(res.headers.get('ratelimit-policy')).toBe(`"${name}";q=${quota};w=${windowSeconds}`);
  expect(res.headers.get('ratelimit')).toBe(`"${name}";r=0;t=${wait}`);
  return wait;
}
