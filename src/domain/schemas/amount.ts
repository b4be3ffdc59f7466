import { z } from 'zod';
import { FIELD_MSG, type FieldMessageKey, fieldMessage } from '@domain/error-codes';
import { MAX_BOOKS_PER_OWNER, MONTHLY_DURATION_WEEKS } from '@domain/constants';
import { formatMoney } from '@domain/money';
import { parseRupiah, rupiahToDecimal } from '@domain/price-parse';

// Every amount a person types (D32): whole rupiah, with bounds chosen so that every sum an
// order makes fits its numeric(12,2) column (a 10-digit shipping cost used to
// overflow the total and answer 500). Values leave as the stored decimal string "12000.00".

/** numeric(12,2): ten digits before the point. */
export const NUMERIC_12_2_MAX_RUPIAH = 9_999_999_999;

/** A weekly price and a shipping cost are at least Rp 1.000 (D32). */
export const PRICE_MIN_RUPIAH = 1_000;
/** A weekly or monthly price above this is a typo. */
export const BOOK_PRICE_MAX = 100_000_000;
export const SHIPPING_COST_MAX = 100_000_000;
/** The most one order can cost: five books at the weekly price for four weeks, plus shipping. */
export const ORDER_TOTAL_MAX =
  MAX_BOOKS_PER_OWNER * BOOK_PRICE_MAX * MONTHLY_DURATION_WEEKS + SHIPPING_COST_MAX;
/**
 * A payment received or a payout recorded: the most one order can cost.
 * @alias
 */
export const AMOUNT_MAX = ORDER_TOTAL_MAX;

/** A bound's message key with the bound as money (D1: `Rp 1.000` in both languages). */
export const amountMessage = (key: FieldMessageKey, param: 'min' | 'max', rupiah: number) =>
  fieldMessage(key, { [param]: formatMoney(rupiah) });

export const bookPriceMaxMessage = amountMessage('priceMax', 'max', BOOK_PRICE_MAX);

interface RupiahRules {
  /** Answer for empty, non-numeric and (when min is 1) zero input. */
  invalid: string;
  min: number;
  minMessage: string;
  max: number;
  maxMessage: string;
  /** Answer for a fraction ("12.5"); the whole-rupiah message unless told. */
  whole?: string;
}

/** The rupiah in a typed value, or a problem worded by `rules`. */
function rupiahProblem(
  value: string | number | null | undefined,
  rules: RupiahRules,
): { rupiah: number } | { problem: string } {
  const parsed = parseRupiah(value);
  if (!parsed.ok) {
    if (parsed.reason === 'fraction') return { problem: rules.whole ?? FIELD_MSG.priceWhole };
    if (parsed.reason === 'too_large') return { problem: rules.maxMessage };
    return { problem: rules.invalid };
  }
  if (parsed.rupiah === 0 && rules.min > 0) return { problem: rules.invalid };
  if (parsed.rupiah < rules.min) return { problem: rules.minMessage };
  if (parsed.rupiah > rules.max) return { problem: rules.maxMessage };
  return { rupiah: parsed.rupiah };
}

function toStored(rules: RupiahRules) {
  return (value: string | number, ctx: z.RefinementCtx): string => {
    const result = rupiahProblem(value, rules);
    if ('problem' in result) {
      ctx.addIssue({ code: 'custom', message: result.problem });
      return z.NEVER;
    }
    return rupiahToDecimal(result.rupiah);
  };
}

/** A zod field for a typed amount in a JSON body: text or a number in, "12000.00" out. */
export function rupiahField(rules: RupiahRules) {
  return z.union([z.string(), z.number()], { error: rules.invalid }).transform(toStored(rules));
}

/** The same for a form field that is always text (multipart, react-hook-form). */
export function rupiahTextField(rules: RupiahRules) {
  return z.string({ error: rules.invalid }).transform(toStored(rules));
}
