import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_UI_LANGUAGE,
  isUiLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  type UiLanguage,
} from '@domain/ui-language';
import { NAMESPACES, resources } from '@web/locales/resources';

export { resources };

// UI text lives in catalogues, one namespace per feature, in English and Bahasa Indonesia (D29).
// The server chose the language for this page and wrote it in <html lang> (server/web-app), so
// the first render is already in it: no flash of English.

function startingLanguage(): UiLanguage {
  const lang = typeof document === 'undefined' ? null : document.documentElement.lang;
  return isUiLanguage(lang) ? lang : DEFAULT_UI_LANGUAGE;
}

void i18n.use(initReactI18next).init({
  resources,
  lng: startingLanguage(),
  fallbackLng: DEFAULT_UI_LANGUAGE,
  supportedLngs: ['en', 'id'],
  defaultNS: 'common',
  ns: NAMESPACES,
  interpolation: { escapeValue: false },
  returnNull: false,
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
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
}

export default i18n;
