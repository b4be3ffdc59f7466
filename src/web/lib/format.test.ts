// A browser far from Bali (UTC-5): every date below is still the operator's (Asia/Makassar,
// UTC+8, as the page's <html data-time-zone> says), never the device's (D21).
process.env.TZ = 'America/New_York';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { id } from '@web/locales/id';
import { NAMESPACES } from '@web/locales/en';
import {
  formatCalendarDate,
  formatCount,
  formatDaySpan,
  formatDaysFromNow,
  formatDay,
  formatMonthYear,
  formatOrderDate,
  formatOrderDateTime,
  operatorTimeZone,
  operatorToday,
} from './format';
import i18n from './i18n';

// The one date module (D29): the same instants and days in English and in Indonesian.

for (const ns of NAMESPACES) i18n.addResourceBundle('id', ns, id[ns]);

/** The page as the server writes it: <html data-time-zone="..."> (server/app.ts). */
const pageInZone = (timeZone?: string) =>
  vi.stubGlobal('document', { documentElement: { lang: 'en', dataset: { timeZone } } });
beforeAll(() => pageInZone('Asia/Makassar'));
afterAll(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

// 17:30 UTC on 8 Dec is already 01:30 on 9 Dec in Makassar.
const LATE_EVENING_UTC = '2026-12-08T17:30:00Z';
// A loan due at the end of 9 Dec in Makassar.
const DUE_DAY = '2026-12-09';

const CASES = {
  en: {
    orderDate: '9 December 2026',
    orderDateTime: '9 Dec 2026, 01:30 (Bali time)',
    day: '9 December 2026',
    due: 'Wed, 9 Dec 2026',
    monthYear: 'December 2026',
    inThreeDays: 'in 3 days',
    threeDaysAgo: '3 days ago',
    tomorrow: 'tomorrow',
    today: 'today',
    span: '9-16 Dec',
    count: '2,000',
    spanAcross: '28 Dec - 4 Jan',
  },
  id: {
    orderDate: '9 Desember 2026',
    orderDateTime: '9 Des 2026, 01.30 WITA',
    day: '9 Desember 2026',
    due: 'Rab, 9 Des 2026',
    monthYear: 'Desember 2026',
    inThreeDays: 'dalam 3 hari',
    threeDaysAgo: '3 hari yang lalu',
    tomorrow: 'besok',
    today: 'hari ini',
    span: '9-16 Des',
    count: '2.000',
    spanAcross: '28 Des - 4 Jan',
  },
} as const;

describe("the operator's zone", () => {
  afterAll(() => pageInZone('Asia/Makassar'));

  it('is the one the page carries, whatever the device is set to', async () => {
    await i18n.changeLanguage('en');
    expect(new Date(LATE_EVENING_UTC).getDate()).toBe(8); // the device's own day
    expect(operatorTimeZone()).toBe('Asia/Makassar');
    expect(formatOrderDate(LATE_EVENING_UTC)).toBe('9 December 2026');
    pageInZone('America/Los_Angeles');
    expect(formatOrderDateTime(LATE_EVENING_UTC)).toBe('8 Dec 2026, 09:30 (America/Los_Angeles)');
  });

  it('is Asia/Makassar when the page names none, or no zone Intl knows', () => {
    pageInZone(undefined);
    expect(operatorTimeZone()).toBe('Asia/Makassar');
    pageInZone('Mars/Olympus_Mons');
    expect(operatorTimeZone()).toBe('Asia/Makassar');
    expect(formatOrderDate(LATE_EVENING_UTC)).toBe('9 December 2026');
  });

  it("today is the operator's date", () => {
    vi.useFakeTimers({ now: new Date(LATE_EVENING_UTC), toFake: ['Date'] });
    try {
      expect(operatorToday()).toBe('2026-12-09');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe.each(Object.entries(CASES))('dates in %s, in Asia/Makassar', (lang, words) => {
  it('an instant is the Makassar day and time', async () => {
    await i18n.changeLanguage(lang);
    expect(formatOrderDate(LATE_EVENING_UTC)).toBe(words.orderDate);
    expect(formatOrderDateTime(LATE_EVENING_UTC)).toBe(words.orderDateTime);
    expect(formatMonthYear(LATE_EVENING_UTC)).toBe(words.monthYear);
  });

  it('a due date, and the days around it', async () => {
    await i18n.changeLanguage(lang);
    expect(formatCalendarDate(DUE_DAY)).toBe(words.due);
    expect(formatDay(DUE_DAY)).toBe(words.day);
    expect(formatDaysFromNow(3)).toBe(words.inThreeDays);
    expect(formatDaysFromNow(-3)).toBe(words.threeDaysAgo);
    expect(formatDaysFromNow(1)).toBe(words.tomorrow);
    expect(formatDaysFromNow(0)).toBe(words.today);
  });

  it('a count, as a limit of characters is written', async () => {
    await i18n.changeLanguage(lang);
    expect(formatCount(2000)).toBe(words.count);
  });

  it("a waitlist estimate's span of days (D39)", async () => {
    await i18n.changeLanguage(lang);
    expect(formatDaySpan(DUE_DAY, '2026-12-16')).toBe(words.span);
    expect(formatDaySpan('2026-12-28', '2027-01-04')).toBe(words.spanAcross);
  });
});
