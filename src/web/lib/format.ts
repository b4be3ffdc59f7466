// The web's date formats, one place: order screens (lists, confirmation, timeline) and the
// member-since month of owner pages.

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** "23 November 2026" */
export function formatOrderDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * "23 November 2026" for a calendar date (YYYY-MM-DD, e.g. a payout's date), in the same format
 * as every order date; read as that day wherever the browser is (no time zone shifts it).
 */
export function formatDay(date: string): string {
  return dayFormat.format(new Date(`${date.slice(0, 10)}T00:00:00Z`));
}

/** "23 Nov 2026, 14:05" */
export function formatOrderDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

/** 'March 2025': how long someone has been a member (D19) reads better than a full date. */
export function formatMonthYear(iso: string, locale = 'en'): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(new Date(iso));
}

const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayOnly = new Intl.DateTimeFormat('en-GB', { day: 'numeric', timeZone: 'UTC' });
const asUtcDay = (date: string) => new Date(`${date}T00:00:00Z`);

/**
 * Two local dates (YYYY-MM-DD) as one span: "14-21 Dec", "28 Dec - 4 Jan", "14 Dec" (D39's
 * estimate). The dates are already the operator's days, so they are formatted as they are.
 */
export function formatDaySpan(from: string, to: string): string {
  if (from === to) return dayMonth.format(asUtcDay(from));
  if (from.slice(0, 7) === to.slice(0, 7)) {
    return `${dayOnly.format(asUtcDay(from))}-${dayMonth.format(asUtcDay(to))}`;
  }
  return `${dayMonth.format(asUtcDay(from))} - ${dayMonth.format(asUtcDay(to))}`;
}
