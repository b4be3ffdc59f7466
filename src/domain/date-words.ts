import type { UiLanguage } from './ui-language';

// Dates in words for a language (D29), the part the web (web/lib/format.ts, in the language the
// app shows) and the emails (in the recipient's saved language, the operator's time zone) share.

/** D21: the operator's zone when none is configured; every date the product shows is counted in the operator's zone. */
export const DEFAULT_TIME_ZONE = 'Asia/Makassar';

/** Whether Intl knows `zone` as an IANA time zone ("Asia/Makassar"). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The Intl locale of each language. */
export const DATE_LOCALES: Record<UiLanguage, 'en-GB' | 'id-ID'> = { en: 'en-GB', id: 'id-ID' };

const formats = new Map<string, Intl.DateTimeFormat>();

/** One cached Intl format of `lang` with `options`. */
export function dateFormatIn(lang: UiLanguage, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(DATE_LOCALES[lang], options);
    formats.set(key, format);
  }
  return format;
}

/** "Thursday, 26 November 2026 at 14:05" / "Kamis, 26 November 2026 pukul 14.05", in `timeZone`. */
export function momentWords(lang: UiLanguage, at: Date, timeZone: string): string {
  return dateFormatIn(lang, {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

/** "Wednesday, 9 December 2026" / "Rabu, 9 Desember 2026" for a calendar date (YYYY-MM-DD). */
export function dayWords(lang: UiLanguage, date: string): string {
  return dateFormatIn(lang, {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(`${date.slice(0, 10)}T00:00:00Z`));
}

/** "9 Dec, 14:05" / "9 Des, 14.05" in `timeZone`: when a message was written. */
export function shortMomentWords(lang: UiLanguage, at: Date, timeZone: string): string {
  return dateFormatIn(lang, {
    timeZone,
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

/** "tomorrow", "in 3 days" / "besok", "dalam 3 hari": days from now, as Intl words them. */
export function daysFromNowWords(lang: UiLanguage, days: number): string {
  return new Intl.RelativeTimeFormat(DATE_LOCALES[lang], { numeric: 'auto' }).format(days, 'day');
}
