import { describe, expect, it } from 'vitest';
import { addDays, localDate } from './loan';
import { type CurrentLoan, estimateWindow, HOLD_HOURS, usualWeeks } from './waitlist';

// D39: the estimate, with the clock and zone given (Makassar, UTC+8).
const TZ = 'Asia/Makassar';
const NOW = new Date('2026-12-02T02:00:00Z'); // 10:00 on 2 Dec in Makassar
const DUE = new Date('2026-12-09T15:59:59.999Z'); // end of 9 Dec in Makassar
const NOBODY = { members: 0, weeks: 0 };

/**
 * The estimate as it was computed before the queue was summed up in the database: a walk over
 * the usual weeks of each member ahead, in line order. The summed form must agree with it.
 */
function walkedEstimate(now: Date, loan: CurrentLoan | null, ahead: readonly number[]) {
  const start = estimateWindow({ now, timeZone: TZ, loan, ahead: NOBODY });
  let { from, to } = start;
  for (const weeks of ahead) {
    from = addDays(from, weeks * 7);
    to = addDays(to, Math.ceil(HOLD_HOURS / 24) + 3 + weeks * 7 + 3);
  }
  return { from, to };
}

describe('estimateWindow (D39)', () => {
  it('first in line: from the due date, up to the extensions the loan may still take and its return', () => {
    expect(
      estimateWindow({
        now: NOW,
        timeZone: TZ,
        loan: { dueAt: DUE, weeks: 1, extensionsLeft: 0 },
        ahead: NOBODY,
      }),
    ).toEqual({ from: '2026-12-09', to: '2026-12-12' });
    // Two extensions of up to 2 weeks each may still come: 28 more days at the far end.
    expect(
      estimateWindow({
        now: NOW,
        timeZone: TZ,
        loan: { dueAt: DUE, weeks: 1, extensionsLeft: 2 },
        ahead: NOBODY,
      }),
    ).toEqual({ from: '2026-12-09', to: '2027-01-09' });
  });

  it('each member ahead adds their usual weeks, and their hold and handovers at the far end', () => {
    const window = estimateWindow({
      now: NOW,
      timeZone: TZ,
      loan: { dueAt: DUE, weeks: 1, extensionsLeft: 0 },
      ahead: { members: 1, weeks: 2 },
    });
    // 9 Dec + 14 days = 23 Dec; 12 Dec + 2 (hold) + 3 + 14 + 3 = 3 Jan.
    expect(window).toEqual({ from: '2026-12-23', to: '2027-01-03' });
  });

  it('a later due date (an extension) moves the window by as much', () => {
    const before = estimateWindow({
      now: NOW,
      timeZone: TZ,
      loan: { dueAt: DUE, weeks: 1, extensionsLeft: 0 },
      ahead: { members: 1, weeks: 1 },
    });
    const extended = new Date(DUE.getTime() + 7 * 86_400_000);
    const after = estimateWindow({
      now: NOW,
      timeZone: TZ,
      loan: { dueAt: extended, weeks: 1, extensionsLeft: 0 },
      ahead: { members: 1, weeks: 1 },
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
        ahead: NOBODY,
      }).from,
    ).toBe('2026-12-02');
    expect(
      estimateWindow({
        now: NOW,
        timeZone: TZ,
        loan: { dueAt: null, weeks: 2, extensionsLeft: 0 },
        ahead: NOBODY,
      }),
    ).toEqual({ from: '2026-12-16', to: '2026-12-22' });
  });

  it('a book already back (held for the member ahead) starts today', () => {
    expect(estimateWindow({ now: NOW, timeZone: TZ, loan: null, ahead: NOBODY })).toEqual({
      from: '2026-12-02',
      to: '2026-12-02',
    });
  });
});

describe('the summed queue agrees with the walk over each member ahead', () => {
  it('on queues of every length, durations, loans and days, around a year end and a month end', () => {
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const loans: (CurrentLoan | null)[] = [
      null,
      { dueAt: DUE, weeks: 1, extensionsLeft: 0 },
      { dueAt: DUE, weeks: 2, extensionsLeft: 2 },
      { dueAt: new Date('2026-11-20T15:59:59.999Z'), weeks: 4, extensionsLeft: 1 },
      { dueAt: null, weeks: 4, extensionsLeft: 0 },
      { dueAt: null, weeks: 1, extensionsLeft: 2 },
    ];
    for (let shape = 0; shape < 300; shape++) {
      const length = [0, 1, 2, 3, 10, 50, 1001][shape % 7];
      const ahead = Array.from({ length }, () => [1, 2, 4][next(3)]);
      const now = new Date(NOW.getTime() + next(400) * 86_400_000 + next(24) * 3_600_000);
      const loan = loans[next(loans.length)];
      const summed = estimateWindow({
        now,
        timeZone: TZ,
        loan,
        ahead: { members: ahead.length, weeks: ahead.reduce((a, b) => a + b, 0) },
      });
      expect(summed).toEqual(walkedEstimate(now, loan, ahead));
      expect(summed.from >= localDate(now, TZ)).toBe(true);
    }
  });
});

describe('usualWeeks', () => {
  it('the most frequent duration, the longer on a tie, the default with no history', () => {
    expect(usualWeeks([1, 2, 2, 4], 1)).toBe(2);
    expect(usualWeeks([1, 4], 1)).toBe(4);
    expect(usualWeeks([], 1)).toBe(1);
  });
});
