import { describe, expect, it } from 'vitest';
import { estimateWindow, usualWeeks } from './waitlist';

// D39: the estimate, with the clock and zone given (Makassar, UTC+8).
const TZ = 'Asia/Makassar';
const NOW = new Date('2026-12-02T02:00:00Z'); // 10:00 on 2 Dec in Makassar
const DUE = new Date('2026-12-09T15:59:59.999Z'); // end of 9 Dec in Makassar

describe('estimateWindow (D39)', () => {
  it('first in line: from the due date, up to the extensions the loan may still take and its return', () => {
    expect(
      estimateWindow({
        now: NOW,
        timeZone: TZ,
        loan: { dueAt: DUE, weeks: 1, extensionsLeft: 0 },
        ahead: [],
      }),
    ).toEqual({ from: '2026-12-09', to: '2026-12-12' });
    // Two extensions of up to 2 weeks each may still come: 28 more days at the far end.
    expect(
      estimateWindow({
        now: NOW,
        timeZone: TZ,
        loan: { dueAt: DUE, weeks: 1, extensionsLeft: 2 },
        ahead: [],
      }),
    ).toEqual({ from: '2026-12-09', to: '2027-01-09' });
  });

  it('each member ahead adds their usual weeks, and their hold and handovers at the far end', () => {
    const window = estimateWindow({
      now: NOW,
      timeZone: TZ,
      loan: { dueAt: DUE, weeks: 1, extensionsLeft: 0 },
      ahead: [2],
    });
    // 9 Dec + 14 days = 23 Dec; 12 Dec + 2 (hold) + 3 + 14 + 3 = 3 Jan.
    expect(window).toEqual({ from: '2026-12-23', to: '2027-01-03' });
  });

  it('a later due date (an extension) moves the window by as much', () => {
    const before = estimateWindow({
      now: NOW,
      timeZone: TZ,
      loan: { dueAt: DUE, weeks: 1, extensionsLeft: 0 },
      ahead: [1],
    });
    const extended = new Date(DUE.getTime() + 7 * 86_400_000);
    const after = estimateWindow({
      now: NOW,
      timeZone: TZ,
      loan: { dueAt: extended, weeks: 1, extensionsLeft: 0 },
      ahead: [1],
    });
    expect(before.from).toBe('2026-12-16');
    expect(after.from).toBe('2026-12-23');
  });

  it('an overdue loan counts from today; a loan not yet delivered from its weeks after today', () => {
    const late = new Date('2026-11-20T15:59:59.999Z');
    expect(
      estimateWindow({
        now: NOW,
        timeZone: TZ,
        loan: { dueAt: late, weeks: 1, extensionsLeft: 0 },
        ahead: [],
      }).from,
    ).toBe('2026-12-02');
    expect(
      estimateWindow({
        now: NOW,
        timeZone: TZ,
        loan: { dueAt: null, weeks: 2, extensionsLeft: 0 },
        ahead: [],
      }),
    ).toEqual({ from: '2026-12-16', to: '2026-12-22' });
  });

  it('a book already back (held for the member ahead) starts today', () => {
    expect(estimateWindow({ now: NOW, timeZone: TZ, loan: null, ahead: [] })).toEqual({
      from: '2026-12-02',
      to: '2026-12-02',
    });
  });
});

describe('usualWeeks', () => {
  it('the most frequent duration, the longer on a tie, the default with no history', () => {
    expect(usualWeeks([1, 2, 2, 4], 1)).toBe(2);
    expect(usualWeeks([1, 4], 1)).toBe(4);
    expect(usualWeeks([], 1)).toBe(1);
  });
});
