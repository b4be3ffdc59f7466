import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BORROW_DURATIONS, MAX_BOOKS_PER_OWNER } from '@domain/constants';
import { toMinor } from '@domain/money';
import { orderTotal } from '@domain/order-machine';
import { itemTotalMinor, sumMinor } from '@domain/pricing';
import { AMOUNT_MAX, NUMERIC_12_2_MAX_RUPIAH, ORDER_TOTAL_MAX, PRICE_MIN_RUPIAH } from './amount';
import { bookFormSchema } from './book-form';
import { orderActionSchema } from './order';

// Every amount is bounded so that every sum an order makes fits numeric(12,2).
// fast-check throws anything at the amount schemas, then builds the largest orders they allow.

const COLUMN_MAX_MINOR = NUMERIC_12_2_MAX_RUPIAH * 100 + 99;

const typed = fc.oneof(
  fc.string(),
  fc.integer({ min: -1, max: 10 ** 12 }).map(String),
  fc.bigInt({ min: 0n, max: 10n ** 20n }).map(String),
  fc.double({ noNaN: false }),
  fc.integer({ min: 0, max: 10 ** 11 }).map((n) => `${n}.${n % 100}`),
  fc.integer({ min: 0, max: 10 ** 11 }).map((n) => n.toLocaleString('id-ID')),
);

function parseBook(weeklyPrice: unknown, monthlyPrice: unknown) {
  return bookFormSchema.safeParse({ title: 'T', author: 'A', weeklyPrice, monthlyPrice });
}

describe('amount schemas (D32)', () => {
  it('the largest order fits its column', () => {
    expect(ORDER_TOTAL_MAX).toBeLessThanOrEqual(NUMERIC_12_2_MAX_RUPIAH);
    expect(AMOUNT_MAX).toBeLessThanOrEqual(NUMERIC_12_2_MAX_RUPIAH);
  });

  it('a book price is accepted only as whole rupiah within its bounds', () => {
    fc.assert(
      fc.property(typed, fc.oneof(fc.constant(''), typed), (weekly, monthly) => {
        const parsed = parseBook(weekly, typeof monthly === 'number' ? String(monthly) : monthly);
        if (!parsed.success) return;
        const w = toMinor(parsed.data.weeklyPrice);
        expect(w % 100).toBe(0);
        expect(w).toBeGreaterThanOrEqual(PRICE_MIN_RUPIAH * 100);
        if (parsed.data.monthlyPrice !== undefined) {
          expect(toMinor(parsed.data.monthlyPrice) % 100).toBe(0);
          expect(toMinor(parsed.data.monthlyPrice)).toBeLessThan(w * 4);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('a shipping cost is whole rupiah that fits, or a 4xx', () => {
    fc.assert(
      fc.property(typed, (shippingCost) => {
        const parsed = orderActionSchema.safeParse({ type: 'set_shipping_cost', shippingCost });
        if (!parsed.success || parsed.data.type !== 'set_shipping_cost') return;
        expect(toMinor(parsed.data.shippingCost) % 100).toBe(0);
        expect(toMinor(parsed.data.shippingCost)).toBeLessThanOrEqual(COLUMN_MAX_MINOR);
      }),
      { numRuns: 2000 },
    );
    expect(
      orderActionSchema.safeParse({ type: 'set_shipping_cost', shippingCost: '9999999999.99' }).success,
    ).toBe(false);
  });

  it('every subtotal and total an order of accepted amounts makes fits numeric(12,2)', () => {
    const price = fc.integer({ min: 0, max: NUMERIC_12_2_MAX_RUPIAH }).map(String);
    const book = fc.tuple(price, fc.oneof(fc.constant(''), price));
    fc.assert(
      fc.property(
        fc.array(book, { minLength: 1, maxLength: MAX_BOOKS_PER_OWNER }),
        fc.constantFrom(...BORROW_DURATIONS),
        price,
        (books, weeks, shipping) => {
          const accepted = books.map(([w, m]) => parseBook(w, m)).flatMap((p) => (p.success ? [p.data] : []));
          const cost = orderActionSchema.safeParse({ type: 'set_shipping_cost', shippingCost: shipping });
          if (accepted.length === 0 || !cost.success || cost.data.type !== 'set_shipping_cost') return;
          const lines = accepted.map((b) =>
            itemTotalMinor({ weeklyPrice: b.weeklyPrice, monthlyPrice: b.monthlyPrice ?? null }, weeks),
          );
          const subtotal = lines.reduce((a, b) => a + b, 0);
          expect(subtotal).toBeLessThanOrEqual(COLUMN_MAX_MINOR);
          expect(toMinor(orderTotal(String(subtotal / 100), cost.data.shippingCost))).toBeLessThanOrEqual(
            COLUMN_MAX_MINOR,
          );
        },
      ),
      { numRuns: 1000 },
    );
    // The extreme itself: five books at the highest weekly price for four weeks, the highest shipping.
    const top = parseBook('100.000.000', '');
    expect(top.success).toBe(true);
    const subtotal = sumMinor(Array(MAX_BOOKS_PER_OWNER).fill('400000000.00')) / 100;
    expect(toMinor(orderTotal(String(subtotal), '100000000.00'))).toBeLessThanOrEqual(COLUMN_MAX_MINOR);
  });
});
