import {
  DATE_LOCALES,
  DEFAULT_TIME_ZONE,
  dateFormatIn,
  daysFromNowWords,
  isTimeZone,
} from '@domain/date-words';
import i18n from './i18n';

// The web's dates and relative times, one place, through Intl in the chosen language:
// order screens (lists, confirmation, timeline, payment deadline), due dates and the words
// around them ("due tomorrow", "dalam 3 hari"), the member-since month of owner pages and the
// policy pages' effective date. The emails word dates with the same Intl formats
// (domain/date-words.ts), in their recipient's language. Money stays `Rp 25.000` in both languages (domain/money.ts).
// Every instant is read in the operator's time zone (D21), the one due dates, payment deadlines
// and the emails count days in, never the browser's: a member whose device is set elsewhere sees
// the same day the rules and the emails name.

const language = () => (i18n.resolvedLanguage === 'id' ? 'id' : 'en');

/** The Intl locale of the chosen language. */
const dateLocale = () => DATE_LOCALES[language()];

/**
 * The operator's IANA zone, as the server wrote it in <html data-time-zone> (server/app.ts), else
 * Asia/Makassar.
 */
export function operatorTimeZone(): string {
  const written = typeof document === 'undefined' ? undefined : document.documentElement.dataset.timeZone;
  if (written !== checkedZone.written) {
    checkedZone = { written, zone: written && isTimeZone(written) ? written : DEFAULT_TIME_ZONE };
  }
  return checkedZone.zone;
}
let checkedZone: { written?: string; zone: string } = { zone: DEFAULT_TIME_ZONE };

/** A format of the chosen language, in the operator's zone unless `options` name another. */
const dateFormat = (options: Intl.DateTimeFormatOptions) =>
  dateFormatIn(language(), { timeZone: operatorTimeZone(), ...options });

/** "23 November 2026" / "23 November 2026" */
export function formatOrderDate(iso: string): string {
  return dateFormat({ day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));
}

/**
 * "23 November 2026" for a calendar date (YYYY-MM-DD, e.g. a payout's date), in the same format
 * as every order date; read as that day wherever the browser is (no time zone shifts it).
 */
export function formatDay(date: string): string {
  return dateFormat({ day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date.slice(0, 10)}T00:00:00Z`),
  );
}

/**
 * "11 Dec" / "11 Des" for a calendar date (YYYY-MM-DD) near today, where a badge has little room
 * (an away owner's return is at most 90 days off, so the year goes without saying).
 */
export function formatShortDay(date: string): string {
  return dateFormat({ day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date.slice(0, 10)}T00:00:00Z`),
  );
}

/**
 * "23 Nov 2026, 14:05 (Bali time)" / "23 Nov 2026, 14.05 WITA": a time names its zone, as the
 * emails' do, so a member whose device is set elsewhere reads the right clock.
 */
export function formatOrderDateTime(iso: string): string {
  const moment = dateFormat({
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
  const zone = operatorTimeZone();
  return zone === DEFAULT_TIME_ZONE
    ? i18n.t('common:time.inBali', { moment })
    : i18n.t('common:time.inZone', { moment, zone });
}

/**
 * The policy pages' effective date (a calendar date, YYYY-MM-DD) as the policies word it in
 * English, "June 6, 2025", and "6 Juni 2025" in Indonesian.
 */
export function formatEffectiveDate(date: string): string {
  const locale = dateLocale() === 'id-ID' ? 'id-ID' : 'en-US';
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** 'March 2025' / 'Maret 2025': how long someone has been a member reads better than a full date. */
export function formatMonthYear(iso: string): string {
  return dateFormat({ month: 'long', year: 'numeric' }).format(new Date(iso));
}

/** "Wed, 9 Dec 2026" / "Rab, 9 Des 2026" for a calendar date (YYYY-MM-DD) as the operator's zone counts it. */
export function formatCalendarDate(date: string): string {
  return dateFormat({
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** Today's date (YYYY-MM-DD) in the operator's zone, e.g. the day a payout is recorded on by default. */
export function operatorToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: operatorTimeZone() }).format(new Date());
}

/** A count as the chosen language writes it: "2,000" / "2.000". */
export function formatCount(value: number): string {
  return new Intl.NumberFormat(dateLocale()).format(value);
}

/** "today", "tomorrow", "in 3 days" / "hari ini", "besok", "dalam 3 hari": days from now, as Intl words them. */
export function formatDaysFromNow(days: number): string {
  return daysFromNowWords(language(), days);
}

const asUtcDay = (date: string) => new Date(`${date}T00:00:00Z`);

/**
 * Two local dates (YYYY-MM-DD) as one span: "14-21 Dec", "28 Dec - 4 Jan", "14 Dec" ("14-21 Des"
 * in Indonesian; the waitlist's estimate). The dates are already the operator's days, so they are
 * formatted as they are.
 */
export function formatDaySpan(from: string, to: string): string {
  const dayMonth = dateFormat({ day: 'numeric', month: 'short', timeZone: 'UTC' });
  if (from === to) return dayMonth.format(asUtcDay(from));
  if (from.slice(0, 7) === to.slice(0, 7)) {
    const dayOnly = dateFormat({ day: 'numeric', timeZone: 'UTC' });
    return `${dayOnly.format(asUtcDay(from))}-${dayMonth.format(asUtcDay(to))}`;
  }
  return `${dayMonth.format(asUtcDay(from))} - ${dayMonth.format(asUtcDay(to))}`;
}
