// The two languages of the product (D29): every screen, message and email exists in both.

export const UI_LANGUAGES = ['en', 'id'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];
export const DEFAULT_UI_LANGUAGE: UiLanguage = 'en';

/** The cookie that keeps a visitor's choice (a member's is also saved on the profile). */
export const LANGUAGE_COOKIE = 'rakbuku_lang';
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export const isUiLanguage = (value: unknown): value is UiLanguage =>
  typeof value === 'string' && (UI_LANGUAGES as readonly string[]).includes(value);

/**
 * The first of our languages an Accept-Language header asks for, by its q weights
 * ("id-ID,id;q=0.9,en;q=0.8" → id); null when it names neither.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): UiLanguage | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...rest] = part.trim().split(';');
      const q = rest.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return {
        base: tag.trim().toLowerCase().split('-')[0],
        weight: Number.isFinite(weight) ? weight : 0,
        index,
      };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const entry of ranked) {
    // "in" is the old ISO code for Indonesian, still sent by some Android browsers.
    const base = entry.base === 'in' ? 'id' : entry.base;
    if (isUiLanguage(base)) return base;
  }
  return null;
}

/** A language cookie's value in a Cookie header, when it names one of ours. */
export function languageFromCookie(cookieHeader: string | null | undefined): UiLanguage | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE && isUiLanguage(value)) return value;
  }
  return null;
}

/** D29: the member's saved choice, else the visitor's cookie, else the browser's, else English. */
export function chooseLanguage(input: {
  saved?: string | null;
  cookie?: string | null;
  acceptLanguage?: string | null;
}): UiLanguage {
  if (isUiLanguage(input.saved)) return input.saved;
  return (
    languageFromCookie(input.cookie) ??
    languageFromAcceptLanguage(input.acceptLanguage) ??
    DEFAULT_UI_LANGUAGE
  );
}
