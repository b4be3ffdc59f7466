import { describe, expect, it } from 'vitest';
import { cartSubtotal, type GroupableLine, groupByOwner } from './cart-grouping';
import { itemTotal } from './pricing';

const line = (overrides: Partial<GroupableLine> & { id?: string } = {}) => ({
  id: 'x',
  ownerId: 'owner-a',
  ownerName: 'Made',
  ownerLocation: 'Ubud',
  borrowDuration: 1,
  price: { weeklyPrice: '10000.00', monthlyPrice: null },
  ...overrides,
});

describe('pricing (D3) for every duration', () => {
  const withMonthly = { weeklyPrice: '10000.00', monthlyPrice: '30000.00' };
  const withoutMonthly = { weeklyPrice: '10000.00', monthlyPrice: null };
  it.each([
    [1, withMonthly, '10000.00'],
    [2, withMonthly, '20000.00'],
    [4, withMonthly, '30000.00'],
    [1, withoutMonthly, '10000.00'],
    [2, withoutMonthly, '20000.00'],
    [4, withoutMonthly, '40000.00'],
  ])('%i week(s), monthly %o -> %s', (weeks, price, expected) => {
    expect(itemTotal(price, weeks)).toBe(expected);
  });

  it('stays exact with cents', () => {
    expect(itemTotal({ weeklyPrice: '0.10', monthlyPrice: null }, 2)).toBe('0.20');
    expect(itemTotal({ weeklyPrice: '12345.67', monthlyPrice: null }, 4)).toBe('49382.68');
  });
});

describe('owner grouping', () => {
  it('groups by owner in first-seen order, with the group duration applied to all its items', () => {
    const groups = groupByOwner([
      line({
        id: '1',
        ownerId: 'a',
        ownerName: 'Made',
        borrowDuration: 4,
        price: { weeklyPrice: '5000.00', monthlyPrice: '15000.00' },
      }),
      line({ id: '2', ownerId: 'b', ownerName: 'Ketut', borrowDuration: 2 }),
      line({ id: '3', ownerId: 'a', ownerName: 'Made', borrowDuration: 4 }),
    ]);
    expect(groups.map((g) => [g.ownerId, g.ownerName, g.borrowDuration, g.lines.map((l) => l.id)])).toEqual([
      ['a', 'Made', 4, ['1', '3']],
      ['b', 'Ketut', 2, ['2']],
    ]);
    expect(groups[0].lineTotals).toEqual(['15000.00', '40000.00']);
    expect(groups[0].totalAmount).toBe('55000.00');
    expect(groups[1].totalAmount).toBe('20000.00');
    expect(cartSubtotal(groups)).toBe('75000.00');
  });

  it("falls back to 'Unknown Owner' when the owner has no name", () => {
    expect(groupByOwner([line({ ownerName: null })])[0].ownerName).toBe('Unknown Owner');
    expect(groupByOwner([line({ ownerName: '  ' })])[0].ownerName).toBe('Unknown Owner');
  });

  it('an empty cart has no groups and a zero subtotal', () => {
    expect(groupByOwner([])).toEqual([]);
    expect(cartSubtotal([])).toBe('0.00');
  });
});
