import type { OrderStatus } from './constants';

// The loan clock: due dates, day counts, reminder times and whether a loan may be
// extended. Pure functions of an instant, a time zone and `now`, so the server (with the
// operator's zone and the settable clock) and the tests compute exactly the same days.

const DAY_MS = 86_400_000;

/** At most this many extensions per order. */
export const MAX_EXTENSIONS = 2;
/** Extensions run 1 or 2 weeks. */
export const EXTENSION_WEEKS = [1, 2] as const;
export type ExtensionWeeks = (typeof EXTENSION_WEEKS)[number];
/** "Due soon" covers the due date and the two days before it (the admin's filter). */
export const DUE_SOON_DAYS = 2;
/** Reminders go out at this local hour. */
const REMINDER_HOUR = 9;
/** After the first overdue reminder, one every this many days until the return starts. */
const OVERDUE_REPEAT_DAYS = 7;

export const DUE_STATES = ['due', 'due_soon', 'due_today', 'overdue'] as const;
export type DueState = (typeof DUE_STATES)[number];

export interface LoanClock {
  /** The due instant: the end of the due date in the operator's time zone. */
  dueAt: string;
  /** The due date in the operator's time zone, YYYY-MM-DD. */
  dueDate: string;
  /** Due date minus today (both local): 0 due today, negative overdue. */
  daysLeft: number;
  state: DueState;
}

/** A calendar date (YYYY-MM-DD) as a day number, for day arithmetic without time zones. */
function dayNumber(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return Math.round(Date.UTC(y, m - 1, d) / DAY_MS);
}

function dateOfDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** D24: the payment deadline of an order that enters Waiting for Payment at `from`. */
export function paymentWindowEnd(from: Date, paymentWindowHours: number): Date {
  return new Date(from.getTime() + paymentWindowHours * 3_600_000);
}

export function addDays(date: string, days: number): string {
  return dateOfDayNumber(dayNumber(date) + days);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(instant: Date, timeZone: string): Record<string, number> {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  const out: Record<string, number> = {};
  for (const p of f.formatToParts(instant)) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out;
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function localDate(instant: Date, timeZone: string): string {
  const p = partsIn(instant, timeZone);
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** The zone's offset from UTC at an instant, in ms (Makassar: +8 h). */
function offsetMs(instant: Date, timeZone: string): number {
  const p = partsIn(instant, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant a wall-clock time on a local date happens in the zone. */
function zonedTime(date: string, hour: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d, hour);
  // Two passes settle the offset even on a daylight-saving change.
  let guess = wall - offsetMs(new Date(wall), timeZone);
  guess = wall - offsetMs(new Date(guess), timeZone);
  return new Date(guess);
}

/** The last millisecond of a local date: the start of the next local day minus 1 ms. */
export function endOfLocalDay(date: string, timeZone: string): Date {
  return new Date(zonedTime(addDays(date, 1), 0, timeZone).getTime() - 1);
}

/** Monday 00:00, in the zone, of the week holding `instant` (the figures' week, D50). */
export function startOfLocalWeek(instant: Date, timeZone: string): Date {
  const today = localDate(instant, timeZone);
  // getUTCDay of the date's own midnight: 0 Sunday .. 6 Saturday; Monday starts the week.
  const sinceMonday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  return zonedTime(addDays(today, -sinceMonday), 0, timeZone);
}

/** D21: the end of the day, in the operator's zone, of delivered date + the borrow weeks. */
export function dueAtFor(deliveredAt: Date, weeks: number, timeZone: string): Date {
  return endOfLocalDay(addDays(localDate(deliveredAt, timeZone), weeks * 7), timeZone);
}

/** The due date moved by an extension: same end-of-day, `weeks` later. */
export function extendedDueAt(dueAt: Date, weeks: number, timeZone: string): Date {
  return endOfLocalDay(addDays(localDate(dueAt, timeZone), weeks * 7), timeZone);
}

export function loanClock(dueAt: Date, now: Date, timeZone: string): LoanClock {
  const dueDate = localDate(dueAt, timeZone);
  const daysLeft = dayNumber(dueDate) - dayNumber(localDate(now, timeZone));
  const state: DueState =
    daysLeft < 0 ? 'overdue' : daysLeft === 0 ? 'due_today' : daysLeft <= DUE_SOON_DAYS ? 'due_soon' : 'due';
  return { dueAt: dueAt.toISOString(), dueDate, daysLeft, state };
}

/** A loan is overdue once its due date has passed in the operator's zone. */
function isOverdue(dueAt: Date, now: Date, timeZone: string): boolean {
  return loanClock(dueAt, now, timeZone).daysLeft < 0;
}

export type ReminderKind = 'due_soon' | 'due_today' | `overdue_${number}`;

/** When a reminder goes out: REMINDER_HOUR local time, relative to the due date (D22). */
export function reminderTime(dueAt: Date, kind: ReminderKind, timeZone: string): Date {
  const dueDate = localDate(dueAt, timeZone);
  const offset = kind === 'due_soon' ? -DUE_SOON_DAYS : kind === 'due_today' ? 0 : overdueDay(kind);
  return zonedTime(addDays(dueDate, offset), REMINDER_HOUR, timeZone);
}

/** overdue_1, overdue_8, overdue_15, ...: the day after the due date the reminder is for. */
function overdueDay(kind: ReminderKind): number {
  const match = /^overdue_(\d+)$/.exec(kind);
  return match ? Number(match[1]) : 0;
}

export function nextOverdueKind(kind: ReminderKind): ReminderKind {
  return `overdue_${overdueDay(kind) + OVERDUE_REPEAT_DAYS}`;
}

/** Where a reminder stands in the sequence: due_soon, due_today, overdue_1, overdue_8, ... */
export function reminderRank(kind: ReminderKind): number {
  return kind === 'due_soon' ? -2 : kind === 'due_today' ? -1 : overdueDay(kind);
}

/**
 * D37: the latest reminder of a due date whose time has come at `at`, or null before the first.
 * When several are due at once (after a downtime) only this one is sent.
 */
export function latestReminderKind(dueAt: Date, at: Date, timeZone: string): ReminderKind | null {
  let latest: ReminderKind | null = null;
  for (const kind of ['due_soon', 'due_today'] as const) {
    if (reminderTime(dueAt, kind, timeZone).getTime() <= at.getTime()) latest = kind;
  }
  let overdue: ReminderKind = 'overdue_1';
  while (reminderTime(dueAt, overdue, timeZone).getTime() <= at.getTime()) {
    latest = overdue;
    overdue = nextOverdueKind(overdue);
  }
  return latest;
}

/** The reminders armed when a loan starts or its due date moves (the repeats arm one by one). */
export const FIRST_REMINDERS: readonly ReminderKind[] = ['due_soon', 'due_today', 'overdue_1'];

export const EXTENSION_REFUSALS = [
  'EXTENSION_NOT_ON_LOAN',
  'EXTENSION_OVERDUE',
  'EXTENSION_LIMIT',
  'EXTENSION_WAITLIST',
] as const;
export type ExtensionRefusal = (typeof EXTENSION_REFUSALS)[number];

/** D23: why this loan cannot be extended now, or null when it can. Checked in this order. */
export function extensionRefusal(input: {
  status: OrderStatus;
  dueAt: Date | null;
  now: Date;
  timeZone: string;
  extensionCount: number;
  someoneWaits: boolean;
}): ExtensionRefusal | null {
  if (input.status !== 'Delivered' || !input.dueAt) return 'EXTENSION_NOT_ON_LOAN';
  if (isOverdue(input.dueAt, input.now, input.timeZone)) return 'EXTENSION_OVERDUE';
  if (input.extensionCount >= MAX_EXTENSIONS) return 'EXTENSION_LIMIT';
  if (input.someoneWaits) return 'EXTENSION_WAITLIST';
  return null;
}
