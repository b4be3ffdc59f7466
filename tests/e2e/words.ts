import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorCode, MessageParams } from '@domain/error-codes';
import type { UiLanguage } from '@domain/ui-language';
import { createInstance } from 'i18next';

// The catalogues (src/web/locales) for the journeys: what a journey looks for on screen is read
// from the language it runs in, never written in English in the spec. Read from the files (the
// journeys' loader takes no JSON modules), through i18next as the app does.

const localesDir = join(import.meta.dirname, '../../src/web/locales');

function catalogue(lang: UiLanguage): Record<string, unknown> {
  const namespaces: Record<string, unknown> = {};
  for (const file of readdirSync(join(localesDir, lang)).filter((f) => f.endsWith('.json'))) {
    namespaces[file.replace(/\.json$/, '')] = JSON.parse(readFileSync(join(localesDir, lang, file), 'utf8'));
  }
  return namespaces;
}

export const CATALOGUES = { en: catalogue('en'), id: catalogue('id') } as const;

const i18n = createInstance();
void i18n.init({
  resources: CATALOGUES as never,
  lng: 'en',
  fallbackLng: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** The catalogue's words in `lang`: `t('ns:key', values)`. */
export const wordsIn =
  (lang: UiLanguage) =>
  (key: string, values?: Record<string, unknown>): string => {
    if (!i18n.exists(key, { ...values, lng: lang })) throw new Error(`No ${key} in the ${lang} catalogue`);
    return i18n.t(key, { ...values, lng: lang }) as string;
  };

/** The English of an error code, as the web shows it. */
export const englishCode = (code: ErrorCode, params?: MessageParams) =>
  wordsIn('en')(`errors:codes.${code}`, params);
