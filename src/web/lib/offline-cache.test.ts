// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';

// What the app tells the service worker it may keep, and what the offline banner reads (the
// service worker's side is walked in Chromium by tests/e2e/pwa.spec.ts). Each test loads the
// module afresh: its state is the page's.

type Module = typeof import('./offline-cache');
let m: Module;
beforeEach(async () => {
  localStorage.clear();
  vi.resetModules();
  m = await import('./offline-cache');
});

const answer = (status: number, savedAt?: string) =>
  new Response('{}', { status, headers: savedAt ? { [m.SAVED_AT_HEADER]: savedAt } : {} });

describe('what may be kept', () => {
  it("only a member's own reads, and only while a member who is not an admin is signed in", () => {
    expect(m.keepsOffline('/api/orders')).toBe(false); // nobody signed in yet on this device
    m.noteSession({ role: 'user' });
    for (const path of [
      '/api/me',
      '/api/orders',
      '/api/orders/0b6b1f2e-3c4d-4e5f-8a9b-0c1d2e3f4a5b',
      '/api/cart/count',
    ])
      expect(m.keepsOffline(path), path).toBe(true);
    // Another member's phone number, a conversation, the catalog: never.
    for (const path of [
      '/api/orders/0b6b1f2e-3c4d-4e5f-8a9b-0c1d2e3f4a5b/whatsapp',
      '/api/orders/0b6b1f2e-3c4d-4e5f-8a9b-0c1d2e3f4a5b/conversation',
      '/api/books',
      '/api/admin/orders',
    ])
      expect(m.keepsOffline(path), path).toBe(false);
    m.noteSession({ role: 'admin' });
    expect(m.keepsOffline('/api/orders')).toBe(false);
    m.noteSession(null);
    expect(m.keepsOffline('/api/me')).toBe(false);
  });

  it('a new page keeps what the last session said until its own /api/me answers', async () => {
    m.noteSession({ role: 'user' });
    vi.resetModules();
    const next: Module = await import('./offline-cache');
    expect(next.keepsOffline('/api/me')).toBe(true);
    next.noteSession(null);
    vi.resetModules();
    expect((await import('./offline-cache')).keepsOffline('/api/me')).toBe(false);
  });
});

describe("the banner's time", () => {
  it('a kept answer sets it, the oldest kept answer wins, a failed live one changes nothing, a live one clears it', () => {
    const seen: Array<string | null> = [];
    m.onOfflineSavedAt(() => seen.push(m.offlineSavedAt()));
    expect(m.offlineSavedAt()).toBeNull();
    m.noteAnswer(answer(200, '2026-11-27T12:00:00.000Z'));
    m.noteAnswer(answer(200, '2026-11-27T11:00:00.000Z'));
    m.noteAnswer(answer(200, '2026-11-27T13:00:00.000Z'));
    expect(m.offlineSavedAt()).toBe('2026-11-27T11:00:00.000Z');
    m.noteAnswer(answer(503));
    expect(m.offlineSavedAt()).toBe('2026-11-27T11:00:00.000Z');
    m.noteAnswer(answer(200));
    expect(m.offlineSavedAt()).toBeNull();
    expect(seen).toEqual(['2026-11-27T12:00:00.000Z', '2026-11-27T11:00:00.000Z', null]);
  });
});
