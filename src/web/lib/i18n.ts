import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_UI_LANGUAGE,
  isUiLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  type UiLanguage,
} from '@domain/ui-language';
import { en, NAMESPACES } from '@web/locales/en';

// UI text lives in catalogues, one namespace per feature, in English and Bahasa Indonesia.
// The server chose the language for this page and wrote it in <html lang> (server/web-app); the
// app renders once `languageReady` holds that language, so the first render is already in it: no
// flash of English. English is bundled; Indonesian is a chunk of its own, loaded only when needed,
// so an English page carries no Indonesian text.

function startingLanguage(): UiLanguage {
  const lang = typeof document === 'undefined' ? null : document.documentElement.lang;
  return isUiLanguage(lang) ? lang : DEFAULT_UI_LANGUAGE;
}

let indonesian: Promise<void> | null = null;

/** Adds the Indonesian catalogue once (its own chunk). */
function loadIndonesian(): Promise<void> {
  indonesian ??= import('@web/locales/id').then(({ id }) => {
    for (const ns of NAMESPACES) i18n.addResourceBundle('id', ns, id[ns]);
  });
  return indonesian;
}

const initialized = i18n.use(initReactI18next).init({
  resources: { en },
  lng: DEFAULT_UI_LANGUAGE,
  fallbackLng: DEFAULT_UI_LANGUAGE,
  supportedLngs: ['en', 'id'],
  defaultNS: 'common',
  // A copy: i18next adds every namespace it is given later (lib/lazy-words.ts) to this list, and
  // NAMESPACES must stay the first page's own, which the Indonesian chunk above has.
  ns: [...NAMESPACES],
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Resolves when the page's language is ready to render (main.tsx renders after it). */
export const languageReady: Promise<void> = initialized.then(async () => {
  const lang = startingLanguage();
  if (lang !== DEFAULT_UI_LANGUAGE) {
    await loadIndonesian();
    await i18n.changeLanguage(lang);
  }
});

/** The language the app shows now. */
export const currentLanguage = (): UiLanguage =>
  isUiLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_UI_LANGUAGE;

/**
 * Shows the app in `lang` from now on and remembers it in the cookie the server reads for the
 * next page it serves (a member's choice is saved on the profile too, by the caller).
 */
export async function applyLanguage(lang: UiLanguage): Promise<void> {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari; the value is one of two fixed words
  document.cookie = `${LANGUAGE_COOKIE}=${lang}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
  document.documentElement.lang = lang;
  if (lang === 'id') await loadIndonesian();
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
}

export default i18n;
