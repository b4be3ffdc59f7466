import { MAX_AWAY_DAYS } from './constants';
import type { FieldProblem } from './error-codes';
import { addDays } from './loan';

// Owners away (D48) as pure rules: the server checks a period with them before writing it, and
// the web mirrors them on the form. Days are the operator's calendar days (YYYY-MM-DD).

/** An owner's away period: away from the first moment of `from` to the end of `to`. */
export interface AwayDates {
  from: string;
  to: string;
}

/** The day an owner away until `to` is back: the day after it. */
export const backOnOf = (to: string): string => addDays(to, 1);

/** The days a period spans, both ends counted. */
const daysSpanned = ({ from, to }: AwayDates): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * The first problem a period has on `today`, as the field it belongs to: `from` after `to`,
 * `to` already past, or longer than MAX_AWAY_DAYS days. A `from` in the past is allowed (an
 * owner already away sets it late); null when the period may be saved.
 */
export function awayDatesProblem(
  dates: AwayDates,
  today: string,
): { field: 'from' | 'to'; problem: FieldProblem } | null {
  if (dates.from > dates.to) return { field: 'to', problem: { code: 'awayToBeforeFrom' } };
  if (dates.to < today) return { field: 'to', problem: { code: 'awayToPast' } };
  if (daysSpanned({ from: dates.from < today ? today : dates.from, to: dates.to }) > MAX_AWAY_DAYS)
    return { field: 'to', problem: { code: 'awayTooLong', params: { max: MAX_AWAY_DAYS } } };
  return null;
}
