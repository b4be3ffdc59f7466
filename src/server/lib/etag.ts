import { createHash } from 'node:crypto';
import type { Context, TypedResponse } from 'hono';
import type { AppEnv } from '@server/app-env';
import { completeAnswer } from './answer-headers';
import { JsonBytes, sendJson } from './json-response';

// The catalog and a book's page answer with an ETag, and a request that sends it back in
// If-None-Match gets 304 Not Modified with no body (docs/api.md, "Caching"). The tag is the hash of
// the viewer (the signed-in member's id, or "guest") and of the body: a member may be shown
// other fields than a guest, so one viewer's tag never matches another's answer, and caches are
// told the answer varies with the cookie. It is weak (W/): the same JSON goes out gzipped or not
// (json-response.ts), equal in meaning but not byte for byte.

/** The 304 a declared route lists beside its 200 (the harness checks every answer against it). */
export const notModifiedAnswer = {
  304: {
    description:
      'Not modified: the `If-None-Match` sent names this viewer’s current `ETag` (weak, per viewer); no body',
  },
} as const;

/**
 * A kept answer's tag per viewer, each made once: most catalog requests are a cached page, and a
 * hash for each made a member's cached page measurably slower than a guest's (docs/performance.md,
 * "Catalog"). A page keeps the tags of its first VIEWERS_PER_ANSWER viewers (guests are one);
 * they go with the page when the cache drops it.
 */
const viewerTags = new WeakMap<JsonBytes, Map<string, string>>();
const VIEWERS_PER_ANSWER = 1_000;

function etagOf(c: Context<AppEnv>, json: JsonBytes, reused: boolean): string {
  const viewer = c.get('user')?.id ?? GUEST;
  // An answer serialized for this request alone is never asked for again: nothing to keep.
  if (!reused) return tagOf(viewer, json);
  let tags = viewerTags.get(json);
  if (!tags) {
    tags = new Map();
    viewerTags.set(json, tags);
  }
  const kept = tags.get(viewer);
  if (kept !== undefined) return kept;
  const tag = tagOf(viewer, json);
  if (tags.size < VIEWERS_PER_ANSWER) tags.set(viewer, tag);
  return tag;
}

/** The guests' viewer name: no member id is this (ids are random, a guest has none). */
const GUEST = 'guest';

function tagOf(viewer: string, json: JsonBytes): string {
  return `W/"${createHash('sha256').update(`${viewer}\n${json.digest()}`).digest('base64url').slice(0, 32)}"`;
}

/** RFC 9110's weak comparison: any listed tag equal to ours, with or without W/, or `*`. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.slice(2);
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag === etag || tag === opaque || tag === `W/${opaque}`);
}

/**
 * `json` (or what is serialized from `value`) as a 200 with its ETag, or a 304 when the client
 * already holds it. Typed as the route's 200 JSON answer, which it is when it has a body.
 */
export function sendTagged<T>(c: Context<AppEnv>, body: JsonBytes | T): TypedResponse<T, 200, 'json'> {
  // Only bytes made before the request (a kept page) can be sent again.
  const reused = body instanceof JsonBytes;
  const json = reused ? body : new JsonBytes(JSON.stringify(body));
  const etag = etagOf(c, json, reused);
  const headers = {
    etag,
    'cache-control': c.get('user') ? 'private, no-cache' : 'no-cache',
    // Accept-Encoding too: a 304 must name what a 200 of the same URL varies on.
    vary: 'Cookie, Accept-Encoding',
  };
  const answer = matches(c.req.header('if-none-match'), etag)
    ? completeAnswer(c, null, 304, headers)
    : sendJson(c, json, 200, undefined, headers);
  return answer as unknown as TypedResponse<T, 200, 'json'>;
}
