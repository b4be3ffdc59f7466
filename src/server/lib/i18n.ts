import { createInstance, type TOptions } from 'i18next';
import type { ErrorCode, FieldProblem, MessageParams } from '@domain/error-codes';
import { DEFAULT_TIME_ZONE } from '@domain/date-words';
import { DEFAULT_UI_LANGUAGE, isUiLanguage, type UiLanguage } from '@domain/ui-language';
import { NAMESPACES, resources } from '@web/locales/resources';

// The server reads the same catalogues as the web (D29): the English text of an error code for
// API clients, and every email in its recipient's language.

const i18n = createInstance();
void i18n.init({
  resources,
  lng: DEFAULT_UI_LANGUAGE,
  fallbackLng: DEFAULT_UI_LANGUAGE,
  ns: NAMESPACES,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** The text of `ns:key` in `lang`. */
export function translate(lang: UiLanguage, key: string, options?: TOptions): string {
  return i18n.t(key, { ...options, lng: lang }) as string;
}

/** The text of an error code, with its parameters. */
export const codeText = (lang: UiLanguage, code: ErrorCode, params?: MessageParams) =>
  translate(lang, `errors:codes.${code}`, params);

/** The text of a field's problem. */
export const fieldText = (lang: UiLanguage, problem: FieldProblem) =>
  translate(lang, `errors:fields.${problem.code}`, problem.params);

/** A saved language (user.language) as one of ours; English for anything else. */
export const languageOf = (value: string | null | undefined): UiLanguage =>
  isUiLanguage(value) ? value : DEFAULT_UI_LANGUAGE;

/** The words of one email in `lang`: `t('orders.placed.borrower.subject', {number})` reads `emails:…`. */
export type EmailWords = (key: string, params?: TOptions) => string;

export const emailWords =
  (lang: UiLanguage): EmailWords =>
  (key, params) =>
    translate(lang, `emails:${key}`, params);

/**
 * A moment with its zone named, so a reader whose device is set elsewhere knows which clock it
 * is: "Thursday, 26 November 2026 at 14:05 (Bali time)" / "… pukul 14.05 WITA". Every
 * time an email shows goes through here.
 */
export function momentInZone(lang: UiLanguage, moment: string, timeZone: string): string {
  return timeZone === DEFAULT_TIME_ZONE
    ? translate(lang, 'emails:orders.deadline.bali', { moment })
    : translate(lang, 'emails:orders.deadline.zone', { moment, zone: timeZone });
}
