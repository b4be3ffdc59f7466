/** 'March 2025': how long someone has been a member (D19) reads better than a full date. */
export function formatMonthYear(iso: string, locale = 'en'): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(new Date(iso));
}
