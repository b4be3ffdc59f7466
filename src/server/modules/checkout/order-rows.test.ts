import { describe, expect, it } from 'vitest';
import type { Book } from '@server/db/schema';
import { type CartLine, groupCartLines } from '@server/modules/cart/service';
import { buildOrderRows, type Delivery } from './order-rows';

// The rows a checkout writes, built without a database: one order per owner (D5) with its
// duration, prices (D3), snapshots (D7), owner's share (D34) and the pickup rule (D33).

const at = new Date('2027-01-05T00:00:00Z');
const book = (
  id: string,
  ownerId: string,
  weeklyPrice: string,
  monthlyPrice: string | null = null,
): Book => ({
  id,
  ownerId,
  title: `Title ${id}`,
  author: `Author ${id}`,
  category: 'Adult',
  language: 'English',
  condition: 'Good',
  status: 'Available',
  summary: null,
  weeklyPrice,
  monthlyPrice,
  coverKey: `cover-${id}`,
  extraPhotoKeys: [],
  coverDrawn: false,
  isbn: null,
  area: null,
  salePrice: null,
  soldAt: null,
  reservedByOrderId: null,
  loanEndsAt: null,
  heldForId: null,
  deletedAt: null,
  createdAt: at,
  updatedAt: at,
  listed: true,
});
const line = (b: Book, borrowDuration: number, ownerName: string): CartLine => ({
  id: `line-${b.id}`,
  bookId: b.id,
  borrowDuration,
  createdAt: at,
  updatedAt: at,
  book: { ...b, ownerBackOn: null },
  ownerId: b.ownerId,
  ownerName,
  ownerLocation: 'Ubud',
  ownerEmail: `${ownerName}@example.com`,
  ownerLanguage: 'en',
});

const member = { id: 'm1', name: 'Wayan', email: 'wayan@example.com' };
const lines = [
  line(book('a', 'o1', '10000.00', '30000.00'), 4, 'Made'),
  line(book('b', 'o1', '5000.00'), 4, 'Made'),
  line(book('c', 'o2', '7000.00'), 2, 'Ketut'),
];
const build = (delivery: Delivery, deliveryPrices: ReadonlyMap<string, string> = new Map()) => {
  let n = 0;
  return buildOrderRows({
    checkoutId: 'k1',
    member,
    delivery,
    groups: groupCartLines(lines),
    serviceFeePercent: 10,
    deliveryPrices,
    newId: () => `order-${++n}`,
  });
};
const address = { fullName: 'Wayan', phone: '+628123456789', address: 'Jl. Raya Ubud 1' };

describe('the rows of a checkout', () => {
  it('makes one Draft order per owner with its duration, prices, share and item snapshots', () => {
    const rows = build({ method: 'delivery', address });
    expect(rows).toHaveLength(2);
    const [made, ketut] = rows;
    expect(made?.order).toMatchObject({
      id: 'order-1',
      checkoutId: 'k1',
      userId: 'm1',
      ownerId: 'o1',
      ownerName: 'Made',
      status: 'Draft',
      deliveryMethod: 'delivery',
      deliveryAddress: address,
      pickupLocationId: null,
      borrowDuration: 4,
      subtotal: '50000.00',
      shippingCost: null,
      total: null,
      ownerShare: '45000.00',
      paymentMethod: 'manual',
    });
    expect(made?.items.map((i) => [i.bookId, i.itemTotal, i.orderId, i.title])).toEqual([
      ['a', '30000.00', 'order-1', 'Title a'],
      ['b', '20000.00', 'order-1', 'Title b'],
    ]);
    expect(made?.books).toEqual(['a', 'b']);
    expect(ketut?.order).toMatchObject({
      id: 'order-2',
      ownerId: 'o2',
      borrowDuration: 2,
      subtotal: '14000.00',
    });
    expect(ketut?.items.map((i) => i.coverKey)).toEqual(['cover-c']);
  });

  it('makes pickup orders free and waiting for payment at once, at the chosen location', () => {
    const location = { id: 'p1', name: 'Ubud Reading Room', location: 'Ubud', address: 'Jl. Kajeng 2' };
    const rows = build({ method: 'pickup', location });
    for (const { order } of rows) {
      expect(order).toMatchObject({
        status: 'Waiting for Payment',
        deliveryMethod: 'pickup',
        deliveryAddress: null,
        pickupLocationId: 'p1',
        pickupLocation: { name: 'Ubud Reading Room', location: 'Ubud', address: 'Jl. Kajeng 2' },
        shippingCost: '0.00',
      });
      expect(order.total).toBe(order.subtotal);
    }
  });

  it('makes a delivery on a priced route (D49) waiting for payment with its price, the others Draft', () => {
    const [made, ketut] = build({ method: 'delivery', address }, new Map([['o1', '15000.00']]));
    expect(made?.order).toMatchObject({
      status: 'Waiting for Payment',
      shippingCost: '15000.00',
      total: '65000.00',
      ownerShare: '45000.00',
    });
    expect(ketut?.order).toMatchObject({ status: 'Draft', shippingCost: null, total: null });
  });
});
