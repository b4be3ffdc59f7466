// What the service worker (sw.ts) keeps so a member can read their own orders offline, and what
// the app does with it: the banner that says an answer is as last seen, and emptying the caches
// when who is signed in changes. Shared by sw.ts and the app, so both name the same caches.

import { UUID_PATTERN } from '@domain/uuid';

/** The member's own reads, answered network-first and kept for offline (never admins'). */
export const MEMBER_CACHE = 'rakbuku-member-v1';
/** The last page HTML, the app's shell when a navigation cannot reach the server. */
export const PAGES_CACHE = 'rakbuku-pages-v1';
/** On a kept answer only: when it was saved, so the page can say what it shows. */
export const SAVED_AT_HEADER = 'x-rakbuku-saved-at';
/**
 * Sent by the app on the member reads the service worker may keep: only while a member who is
 * not an admin is signed in (an admin's reads are other members' orders).
 */
export const KEEP_HEADER = 'x-rakbuku-keep';

/** GET paths a member may read offline: who they are, their orders (with loans and due dates). */
const MEMBER_READS = [
  /^\/api\/me$/,
  /^\/api\/orders$/,
  new RegExp(`^/api/orders/${UUID_PATTERN}$`),
  /^\/api\/cart\/count$/,
  /^\/api\/conversations\/unread$/,
];
/** The session's read: kept for a member, it is what lets the shell open offline (sw.ts). */
export const SESSION_READ = '/api/me';

export const isMemberRead = (path: string) => MEMBER_READS.some((pattern) => pattern.test(path));

const KEEP_KEY = 'rakbuku.keepOffline';
/** Set by each /api/me answer; until this page has one, what the last one said. */
let keep: boolean | undefined;
let savedAt: string | null = null;
const listeners = new Set<() => void>();

/** Whether a member who is not an admin is signed in here, so their reads are kept offline. */
export function keepsMemberReads(): boolean {
  keep ??= localStorage.getItem(KEEP_KEY) === '1';
  return keep;
}

/** Whether this request may be kept offline (the header the service worker looks for). */
export const keepsOffline = (path: string) => isMemberRead(path) && keepsMemberReads();

/**
 * Empties the member's kept answers and the kept page, on sign-out and when a session expires.
 * (The service worker also empties them itself when /api/me names someone else than the member
 * they were kept for: a session that ended without a sign-out on this device.)
 */
export async function clearMemberCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all([caches.delete(MEMBER_CACHE), caches.delete(PAGES_CACHE)]);
}

/** Called with every /api/me answer: only a member who is not an admin has reads kept. */
export function noteSession(user: { role: string } | null) {
  keep = Boolean(user && user.role !== 'admin');
  localStorage.setItem(KEEP_KEY, keep ? '1' : '');
}

/** Every answer of our API passes here: a kept one sets the banner's time, a live one clears it. */
export function noteAnswer(res: Response) {
  const saved = res.headers.get(SAVED_AT_HEADER);
  const next = saved ? (savedAt && savedAt < saved ? savedAt : saved) : res.ok ? null : savedAt;
  if (next !== savedAt) {
    savedAt = next;
    for (const listener of listeners) listener();
  }
}

/** When the oldest kept answer on screen was saved (ISO), or null when everything is live. */
export const offlineSavedAt = () => savedAt;

export function onOfflineSavedAt(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
