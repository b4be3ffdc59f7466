import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toMinor } from './money';
import { ownerShare, serviceFeeMinor } from './pricing';

// D34: the owner's share is the items total minus the service fee, in whole rupiah.
describe('service fee and owner share (D34)', () => {
  it('takes the configured percentage of the items total', () => {
    expect(ownerShare('25000.00', 10)).toEqual({ serviceFee: '2500.00', ownerShare: '22500.00' });
    expect(ownerShare('12000.00', 10)).toEqual({ serviceFee: '1200.00', ownerShare: '10800.00' });
    expect(ownerShare('40000.00', 20)).toEqual({ serviceFee: '8000.00', ownerShare: '32000.00' });
    expect(ownerShare('40000.00', 0)).toEqual({ serviceFee: '0.00', ownerShare: '40000.00' });
  });

  it('rounds the fee to whole rupiah, half up', () => {
    expect(serviceFeeMinor(toMinor('1005.00'), 10)).toBe(toMinor('101.00')); // 100.5 -> 101
    expect(serviceFeeMinor(toMinor('1004.00'), 10)).toBe(toMinor('100.00')); // 100.4 -> 100
    expect(ownerShare('1005.00', 10)).toEqual({ serviceFee: '101.00', ownerShare: '904.00' });
  });

  it('fee + share is always the items total, both whole rupiah, never negative', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000_000 }),
        fc.integer({ min: 0, max: 20 }),
        (rupiah, pct) => {
          const { serviceFee, ownerShare: share } = ownerShare(`${rupiah}.00`, pct);
          expect(toMinor(serviceFee) + toMinor(share)).toBe(rupiah * 100);
          expect(toMinor(serviceFee) % 100).toBe(0);
          expect(toMinor(share)).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('refuses what is not an amount or a percentage', () => {
    expect(() => serviceFeeMinor(-1, 10)).toThrow();
    expect(() => serviceFeeMinor(100, 10.5)).toThrow();
  });
});
