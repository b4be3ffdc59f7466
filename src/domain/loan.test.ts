import { describe, expect, it } from 'vitest';
import {
  dueAtFor,
  extendedDueAt,
  extensionRefusal,
  loanClock,
  localDate,
  nextOverdueKind,
  reminderTime,
  startOfLocalWeek,
} from './loan';
import { extensionTotal } from './pricing';

const MAKASSAR = 'Asia/Makassar';

describe('due dates (D21)', () => {
  it('ends at the end of the local day, weeks after the delivered date', () => {
    // 10:00 in Makassar on 2 Dec 2026, 1 week: due 9 Dec 23:59:59.999 +08:00.
    const due = dueAtFor(new Date('2026-12-02T02:00:00Z'), 1, MAKASSAR);
    expect(due.toISOString()).toBe('2026-12-09T15:59:59.999Z');
  });

  it('crosses month and year ends', () => {
    expect(dueAtFor(new Date('2026-01-28T04:00:00Z'), 1, MAKASSAR).toISOString()).toBe(
      '2026-02-04T15:59:59.999Z',
    );
    expect(localDate(dueAtFor(new Date('2026-12-20T04:00:00Z'), 2, MAKASSAR), MAKASSAR)).toBe('2027-01-03');
    // 2028 is a leap year: 26 Feb + 4 weeks = 25 March, via 29 Feb.
    expect(localDate(dueAtFor(new Date('2028-02-26T04:00:00Z'), 4, MAKASSAR), MAKASSAR)).toBe('2028-03-25');
    expect(localDate(dueAtFor(new Date('2026-01-31T04:00:00Z'), 4, MAKASSAR), MAKASSAR)).toBe('2026-02-28');
  });

  it('counts the delivered date in the operator zone, not UTC', () => {
    // 17:30 UTC on 1 Dec is already 2 Dec (01:30) in Makassar: the loan starts on 2 Dec.
    const lateUtc = new Date('2026-12-01T17:30:00Z');
    expect(localDate(lateUtc, 'UTC')).toBe('2026-12-01');
    expect(localDate(dueAtFor(lateUtc, 1, MAKASSAR), MAKASSAR)).toBe('2026-12-09');
    // 15:59:59 UTC is still 1 Dec in Makassar (23:59:59).
    expect(localDate(dueAtFor(new Date('2026-12-01T15:59:59Z'), 1, MAKASSAR), MAKASSAR)).toBe('2026-12-08');
    // Another zone gives another end of day.
    expect(dueAtFor(new Date('2026-12-02T12:00:00Z'), 1, 'UTC').toISOString()).toBe(
      '2026-12-09T23:59:59.999Z',
    );
  });

  it('keeps the end of the local day across a daylight-saving change', () => {
    // Berlin moves to summer time on 29 March 2026.
    const due = dueAtFor(new Date('2026-03-25T10:00:00Z'), 1, 'Europe/Berlin');
    expect(due.toISOString()).toBe('2026-04-01T21:59:59.999Z');
  });

  it('an extension moves the due date by whole weeks', () => {
    const due = new Date('2026-12-09T15:59:59.999Z');
    expect(extendedDueAt(due, 2, MAKASSAR).toISOString()).toBe('2026-12-23T15:59:59.999Z');
  });
});

describe('day counts (D21)', () => {
  const due = new Date('2026-12-09T15:59:59.999Z'); // end of 9 Dec in Makassar

  it('counts local days between today and the due date', () => {
    expect(loanClock(due, new Date('2026-12-02T02:00:00Z'), MAKASSAR)).toEqual({
      dueAt: due.toISOString(),
      dueDate: '2026-12-09',
      daysLeft: 7,
      state: 'due',
    });
    expect(loanClock(due, new Date('2026-12-07T01:00:00Z'), MAKASSAR)).toMatchObject({
      daysLeft: 2,
      state: 'due_soon',
    });
    expect(loanClock(due, new Date('2026-12-09T15:59:59Z'), MAKASSAR)).toMatchObject({
      daysLeft: 0,
      state: 'due_today',
    });
    // One second after the end of the due date it is overdue by one day.
    expect(loanClock(due, new Date('2026-12-09T16:00:00Z'), MAKASSAR)).toMatchObject({
      daysLeft: -1,
      state: 'overdue',
    });
    expect(loanClock(due, new Date('2026-12-14T03:00:00Z'), MAKASSAR)).toMatchObject({
      daysLeft: -5,
      state: 'overdue',
    });
  });
});

describe('reminder times (D22)', () => {
  const due = new Date('2026-12-09T15:59:59.999Z');
  it('2 days before, on the due date, 1 day after and then every 7 days, at 09:00 local', () => {
    expect(reminderTime(due, 'due_soon', MAKASSAR).toISOString()).toBe('2026-12-07T01:00:00.000Z');
    expect(reminderTime(due, 'due_today', MAKASSAR).toISOString()).toBe('2026-12-09T01:00:00.000Z');
    expect(reminderTime(due, 'overdue_1', MAKASSAR).toISOString()).toBe('2026-12-10T01:00:00.000Z');
    expect(nextOverdueKind('overdue_1')).toBe('overdue_8');
    expect(reminderTime(due, nextOverdueKind('overdue_8'), MAKASSAR).toISOString()).toBe(
      '2026-12-24T01:00:00.000Z',
    );
  });
});

describe('extension eligibility (D23)', () => {
  const due = new Date('2026-12-09T15:59:59.999Z');
  const base = {
    status: 'Delivered' as const,
    dueAt: due,
    now: new Date('2026-12-05T02:00:00Z'),
    timeZone: MAKASSAR,
    extensionCount: 0,
    someoneWaits: false,
  };
  it('allowed while Delivered, not overdue, fewer than two extensions and nobody waiting', () => {
    expect(extensionRefusal(base)).toBeNull();
    expect(extensionRefusal({ ...base, extensionCount: 1 })).toBeNull();
    expect(extensionRefusal({ ...base, now: new Date('2026-12-09T15:00:00Z') })).toBeNull(); // due today
  });
  it('refused in every other case', () => {
    expect(extensionRefusal({ ...base, status: 'Delivery in Progress' })).toBe('EXTENSION_NOT_ON_LOAN');
    expect(extensionRefusal({ ...base, status: 'Returning in Progress' })).toBe('EXTENSION_NOT_ON_LOAN');
    expect(extensionRefusal({ ...base, dueAt: null })).toBe('EXTENSION_NOT_ON_LOAN');
    expect(extensionRefusal({ ...base, now: new Date('2026-12-09T16:00:00Z') })).toBe('EXTENSION_OVERDUE');
    expect(extensionRefusal({ ...base, extensionCount: 2 })).toBe('EXTENSION_LIMIT');
    expect(extensionRefusal({ ...base, someoneWaits: true })).toBe('EXTENSION_WAITLIST');
    // Overdue is named first when several apply.
    expect(extensionRefusal({ ...base, extensionCount: 2, now: new Date('2026-12-20T00:00:00Z') })).toBe(
      'EXTENSION_OVERDUE',
    );
  });
  it('costs weekly price x weeks per book, never the monthly rate', () => {
    expect(extensionTotal([{ weeklyPrice: '10000.00' }, { weeklyPrice: '7500.00' }], 2)).toBe('35000.00');
    expect(extensionTotal([{ weeklyPrice: '10000.00' }], 1)).toBe('10000.00');
  });
});

describe('startOfLocalWeek (the figures’ week, D50)', () => {
  it('is Monday 00:00 in the zone, whatever the day and hour', () => {
    // Monday 7 December 2026 00:00 in Bali (UTC+8) is Sunday 16:00 UTC.
    const monday = '2026-12-06T16:00:00.000Z';
    for (const at of ['2026-12-06T16:00:00Z', '2026-12-09T02:00:00Z', '2026-12-13T15:59:59Z']) {
      expect(startOfLocalWeek(new Date(at), 'Asia/Makassar').toISOString()).toBe(monday);
    }
    // A second before, in Bali it is still Sunday of the week before.
    expect(startOfLocalWeek(new Date('2026-12-06T15:59:59Z'), 'Asia/Makassar').toISOString()).toBe(
      '2026-11-29T16:00:00.000Z',
    );
  });
});
