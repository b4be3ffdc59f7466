// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from 'vitest';
import en from '@web/locales/en/errors.json';
import id from '@web/locales/id/errors.json';
import { ApiError, errorMessage } from './api';
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
});
