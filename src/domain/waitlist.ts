import type { ErrorCode } from './error-codes';
import { addDays, localDate } from './loan';

// The waitlist's rules and its honest estimate, shared by server and web.

/** D25: how many books one member may wait for at once. */
export const MAX_WAITLISTS = 10;
/** How long the first waiter's exclusive hold lasts. */
export const HOLD_HOURS = 48;
/** How long My waitlist keeps a line for a hold that lapsed unanswered. */
export const LAPSED_HOLD_SHOWN_DAYS = 14;

/** The refusals the waitlist answers with; their texts are `errors:codes.<CODE>`. */
export type WaitlistErrorCode = Extract<ErrorCode, `WAITLIST_${string}`>;

/**
 * What the viewer of a book page can do with its waitlist:
 * - `none`: the book has no waitlist to show (available to all, withdrawn, or the viewer's own)
 * - `can_join`: reserved, borrowed or held for someone else, and the viewer may queue
 * - `waiting`: the viewer is in the queue at `place`
 * - `held`: the book is held for the viewer until `holdUntil`
 * - `guest`: signed out; the page offers to sign in
 * - `in_your_order`: the viewer has it in an open order
 * - `limit`: the viewer already waits for MAX_WAITLISTS books
 */
export const WAITLIST_STATES = [
  'none',
  'can_join',
  'waiting',
  'held',
  'guest',
  'in_your_order',
  'limit',
] as const;
export type WaitlistState = (typeof WAITLIST_STATES)[number];

/** The loan that has the book now, as far as the estimate needs it. */
export interface CurrentLoan {
  /** The end of the loan once the books are with the borrower; null before delivery. */
  dueAt: Date | null;
  /** The order's borrow weeks (used before delivery, when there is no due date yet). */
  weeks: number;
  /** Extensions the loan may still take (none while someone waits). */
  extensionsLeft: number;
}

/** Days allowed for handing a book on: its return, or its delivery before a loan starts. */
const HANDOVER_DAYS = 3;
/** The longest single extension. */
const LONGEST_EXTENSION_WEEKS = 2;

export interface EstimateWindow {
  /** Local dates (YYYY-MM-DD, operator time zone): the earliest and latest expected day. */
  from: string;
  to: string;
}

/**
 * D39: when the book should come to the member, as a window of local dates. The current loan
 * ends at its due date (or, before delivery, its weeks after a handover), and may run longer by
 * the extensions it may still take; a book already back (free or held) starts now. Then each
 * member ahead borrows it for the weeks they usually borrow, and may take their whole hold
 * and a handover on top. The window is an estimate and is shown as one.
 */
export function estimateWindow(input: {
  now: Date;
  timeZone: string;
  loan: CurrentLoan | null;
  /**
   * The members ahead (the holder included) and the sum of the weeks each usually borrows for:
   * each adds their weeks to both ends and a hold and two handovers to the latest, so their
   * order does not matter and the queue is summed up by the database in one statement.
   */
  ahead: { members: number; weeks: number };
}): EstimateWindow {
  const today = localDate(input.now, input.timeZone);
  let from = today;
  let to = today;
  const { loan } = input;
  if (loan) {
    const extension = loan.extensionsLeft * LONGEST_EXTENSION_WEEKS * 7;
    if (loan.dueAt) {
      const due = localDate(loan.dueAt, input.timeZone);
      if (due > today) from = due;
      to = addDays(from, extension + HANDOVER_DAYS);
    } else {
      from = addDays(today, loan.weeks * 7);
      to = addDays(from, HANDOVER_DAYS + extension + HANDOVER_DAYS);
    }
  }
  const holdDays = Math.ceil(HOLD_HOURS / 24);
  const { members, weeks } = input.ahead;
  return {
    from: addDays(from, weeks * 7),
    to: addDays(to, members * (holdDays + HANDOVER_DAYS + HANDOVER_DAYS) + weeks * 7),
  };
}

/**
 * The weeks a member usually borrows for: the duration most of their orders took (the longer
 * on a tie), or the shop's default for a member who never borrowed.
 */
export function usualWeeks(durations: readonly number[], fallback: number): number {
  if (durations.length === 0) return fallback;
  const counts = new Map<number, number>();
  for (const weeks of durations) counts.set(weeks, (counts.get(weeks) ?? 0) + 1);
  let best = fallback;
  let bestCount = 0;
  for (const [weeks, count] of counts) {
    if (count > bestCount || (count === bestCount && weeks > best)) {
      best = weeks;
      bestCount = count;
    }
  }
  return best;
}
