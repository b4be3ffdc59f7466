// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from 'vitest';
import en from '@web/locales/en/errors.json';
import id from '@web/locales/id/errors.json';
import { ApiError, authApi, errorMessage } from './api';
import { applyLanguage, languageReady } from './i18n';

// A 503 or 507 of ours names what failed (the balances' recount after a fee change, the database
// or the image store out of reach, the store full): the screen says which, in the chosen
// language, rather than its generic failure. A 500, or a 5xx with no code of ours, stays generic.

describe('errorMessage', () => {
  beforeAll(() => languageReady);

  it("shows a 503's or 507's own text in both languages, and the fallback for a 500 or a proxy's 503", async () => {
    const recounting = new ApiError('server words', 503, 'BALANCES_RECOUNTING');
    await applyLanguage('en');
    expect(errorMessage(recounting, 'Could not load')).toBe(en.codes.BALANCES_RECOUNTING);
    expect(errorMessage(new ApiError('server words', 500, 'INTERNAL'), 'Could not load')).toBe(
      'Could not load',
    );
    await applyLanguage('id');
    expect(errorMessage(recounting, 'Gagal memuat')).toBe(id.codes.BALANCES_RECOUNTING);
    await applyLanguage('en');
  });

  // Better Auth's refusals arrive in our envelope (auth/answer-envelope.ts): the sign-in, sign-up
  // and reset screens read the code from it and show its text, the spec's words.
  it.each([
    [401, 'INVALID_EMAIL_OR_PASSWORD'],
    [403, 'EMAIL_NOT_VERIFIED'],
    [400, 'INVALID_TOKEN'],
    [429, 'TOO_MANY_REQUESTS'],
  ] as const)('an /api/auth %i %s in the envelope shows its code’s text', async (status, code) => {
    const realFetch = globalThis.fetch;
    globalThis.fetch = async () =>
      new Response(JSON.stringify({ error: { code, message: 'server words' } }), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    try {
      const refused = await authApi('/api/auth/sign-in/email', { method: 'POST', body: {} }).catch((e) => e);
      expect(refused).toBeInstanceOf(ApiError);
      expect((refused as ApiError).code).toBe(code);
      await applyLanguage('en');
      expect(errorMessage(refused, 'fallback')).toBe(en.codes[code]);
      await applyLanguage('id');
      expect(errorMessage(refused, 'fallback')).toBe(id.codes[code]);
    } finally {
      globalThis.fetch = realFetch;
      await applyLanguage('en');
    }
  });
});
