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

/** "23 Nov 2026, 14:05" */
export function formatOrderDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

/** 'March 2025': how long someone has been a member (D19) reads better than a full date. */
export function formatMonthYear(iso: string, locale = 'en'): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(new Date(iso));
}
