import { MONTHLY_DURATION_WEEKS } from './constants';
import { fromMinor, toMinor } from './money';

// Pricing has one source (D3): cart, checkout, orders, emails and admin all call these.

export interface PriceInput {
  weeklyPrice: string;
  monthlyPrice: string | null;
}

/** item_total in minor units: the monthly price at exactly 4 weeks when set, else weekly x weeks. */
export function itemTotalMinor(book: PriceInput, weeks: number): number {
  if (weeks === MONTHLY_DURATION_WEEKS && book.monthlyPrice !== null) return toMinor(book.monthlyPrice);
  return toMinor(book.weeklyPrice) * weeks;
}

export function itemTotal(book: PriceInput, weeks: number): string {
  return fromMinor(itemTotalMinor(book, weeks));
}

/** The monthly price shown: the set one, or 4 x weekly by default. */
export function effectiveMonthlyPrice(book: PriceInput): string {
  return book.monthlyPrice ?? fromMinor(toMinor(book.weeklyPrice) * MONTHLY_DURATION_WEEKS);
}

/** What a member saves by borrowing monthly, in minor units; 0 when no saving. */
export function monthlySavingMinor(book: PriceInput): number {
  if (book.monthlyPrice === null) return 0;
  const saving = toMinor(book.weeklyPrice) * MONTHLY_DURATION_WEEKS - toMinor(book.monthlyPrice);
  return Math.max(0, saving);
}

export function sumMinor(values: readonly string[]): number {
  return values.reduce((total, value) => total + toMinor(value), 0);
}

/** D23: an extension costs weekly price x weeks per book, never the monthly rate. */
export function extensionTotal(items: readonly Pick<PriceInput, 'weeklyPrice'>[], weeks: number): string {
  return fromMinor(items.reduce((total, item) => total + toMinor(item.weeklyPrice) * weeks, 0));
}

/**
 * The platform's service fee on an order's items total (D34), in minor units: the configured
 * percentage, rounded to whole rupiah (half up). Shipping is the platform's and carries no fee.
 */
export function serviceFeeMinor(itemsMinor: number, percent: number): number {
  if (!Number.isInteger(itemsMinor) || itemsMinor < 0) throw new Error(`Not an items total: ${itemsMinor}`);
  if (!Number.isInteger(percent) || percent < 0 || percent > 100)
    throw new Error(`Not a percentage: ${percent}`);
  // itemsMinor x percent is an exact integer; dividing by 100 x 100 gives rupiah.
  const product = itemsMinor * percent;
  return Math.floor((product + 5_000) / 10_000) * 100;
}

/** The owner's share of an order (D34): items total minus the service fee. */
export function ownerShare(itemsTotal: string, percent: number): { serviceFee: string; ownerShare: string } {
  const items = toMinor(itemsTotal);
  const fee = serviceFeeMinor(items, percent);
  return { serviceFee: fromMinor(fee), ownerShare: fromMinor(items - fee) };
}

/** D43: the largest code a statement transfer takes off an order's total (1-999 rupiah). */
export const STATEMENT_CODE_MAX = 999;

/**
 * D42/D43's unique transfer amount: the order's total minus a code of 1-999 whole rupiah, taken
 * off (never added) and borne by the platform's share. Answers the codes, in minor units with
 * their amounts, that keep the amount at least Rp 1 and out of `taken` (minor units).
 */
export function freeStatementCodes(
  total: string,
  taken: ReadonlySet<number>,
): Array<{ codeMinor: number; amountMinor: number }> {
  const totalMinor = toMinor(total);
  if (totalMinor % 100 !== 0) throw new Error(`Not a whole rupiah total: ${total}`);
  const free: Array<{ codeMinor: number; amountMinor: number }> = [];
  for (let code = 1; code <= STATEMENT_CODE_MAX; code++) {
    const amountMinor = totalMinor - code * 100;
    if (amountMinor < 100) break;
    if (!taken.has(amountMinor)) free.push({ codeMinor: code * 100, amountMinor });
  }
  return free;
}
