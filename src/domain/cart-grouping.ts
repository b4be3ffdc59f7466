import { type BorrowDuration, DEFAULT_BORROW_DURATION } from './constants';
import { fromMinor } from './money';
import { itemTotalMinor, type PriceInput, sumMinor } from './pricing';

// Owner grouping (spec section 3, 'Owner group'; D5): the cart is shown, priced and turned into
// orders one owner at a time. Each group has one borrow duration for all its items.

const UNKNOWN_OWNER = 'Unknown Owner';

export interface GroupableLine {
  ownerId: string | null;
  ownerName: string | null;
  ownerLocation: string | null;
  borrowDuration: number;
  price: PriceInput;
}

export interface LineGroup<L extends GroupableLine> {
  ownerId: string | null;
  ownerName: string;
  ownerLocation: string | null;
  borrowDuration: BorrowDuration;
  lines: L[];
  /** Each line's item_total, in the order of `lines`. */
  lineTotals: string[];
  totalAmount: string;
}

function asDuration(weeks: number): BorrowDuration {
  return weeks === 1 || weeks === 2 || weeks === 4 ? weeks : DEFAULT_BORROW_DURATION;
}

/**
 * Groups lines by owner, keeping the order in which owners first appear. The group's duration is
 * that of its first line (all lines of a group share one; the cart service keeps them equal).
 */
export function groupByOwner<L extends GroupableLine>(lines: readonly L[]): LineGroup<L>[] {
  const groups = new Map<string, L[]>();
  for (const line of lines) {
    const key = line.ownerId ?? '';
    const group = groups.get(key);
    if (group) group.push(line);
    else groups.set(key, [line]);
  }
  return [...groups.values()].map((groupLines) => {
    const first = groupLines[0];
    const borrowDuration = asDuration(first.borrowDuration);
    const minors = groupLines.map((line) => itemTotalMinor(line.price, borrowDuration));
    return {
      ownerId: first.ownerId,
      ownerName: first.ownerName?.trim() || UNKNOWN_OWNER,
      ownerLocation: first.ownerLocation,
      borrowDuration,
      lines: groupLines,
      lineTotals: minors.map(fromMinor),
      totalAmount: fromMinor(minors.reduce((a, b) => a + b, 0)),
    };
  });
}

/** The cart's subtotal: the sum of the groups' totals. */
export function cartSubtotal(groups: readonly { totalAmount: string }[]): string {
  return fromMinor(sumMinor(groups.map((g) => g.totalAmount)));
}
