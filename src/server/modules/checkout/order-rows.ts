import type { PickupLocation } from '@domain/api-types';
import { PAYMENT_METHOD } from '@domain/constants';
import { fromMinor } from '@domain/money';
import type { DeliveryAddress } from '@domain/order-types';
import { orderTotal } from '@domain/order-machine';
import { ownerShare, sumMinor } from '@domain/pricing';
import type { CartLine, groupCartLines } from '@server/modules/cart/service';

// What a checkout writes, built without the database: one order per owner (D5) with its
// items' snapshots (D7), its owner's share (D34) and the books it reserves (D6). The service
// locks and checks first, then hands these rows to one statement.

/** How the books travel: the address (delivery) or the chosen shared location (pickup). */
export type Delivery =
  | { method: 'delivery'; address: DeliveryAddress }
  | { method: 'pickup'; location: Pick<PickupLocation, 'id' | 'name' | 'location' | 'address'> };

export interface OrderRowsInput<L extends CartLine> {
  checkoutId: string;
  member: { id: string; name: string; email: string };
  delivery: Delivery;
  groups: ReturnType<typeof groupCartLines<L>>;
  serviceFeePercent: number;
  /** D49: the delivery price from each owner to the member, where their route has one. */
  deliveryPrices: ReadonlyMap<string, string>;
  /** Makes each order's id (the statement's rows name each other by these ids). */
  newId: () => string;
}

export function buildOrderRows<L extends CartLine>(input: OrderRowsInput<L>) {
  const { delivery, member } = input;
  const pickup = delivery.method === 'pickup' ? delivery.location : null;
  return input.groups.map((group) => {
    const subtotal = fromMinor(sumMinor(group.lineTotals));
    // D33: self pickup is free; D49: a delivery on a priced route costs its price. Either needs
    // no shipping review, so its order waits for payment at once; any other waits in Draft.
    const shippingCost = pickup
      ? '0.00'
      : ((group.ownerId ? input.deliveryPrices.get(group.ownerId) : undefined) ?? null);
    const order = {
      id: input.newId(),
      checkoutId: input.checkoutId,
      userId: member.id,
      userName: member.name,
      userEmail: member.email,
      ownerId: group.ownerId,
      ownerName: group.ownerName,
      status: shippingCost === null ? ('Draft' as const) : ('Waiting for Payment' as const),
      deliveryMethod: delivery.method,
      deliveryAddress: delivery.method === 'delivery' ? delivery.address : null,
      pickupLocationId: pickup?.id ?? null,
      pickupLocation: pickup
        ? { name: pickup.name, location: pickup.location, address: pickup.address }
        : null,
      borrowDuration: group.borrowDuration,
      subtotal,
      shippingCost,
      total: shippingCost === null ? null : orderTotal(subtotal, shippingCost),
      // D34: the owner's share and the service fee, fixed when the order is made.
      ...ownerShare(subtotal, input.serviceFeePercent),
      paymentMethod: PAYMENT_METHOD,
    };
    // Each item keeps what its book was at checkout, whatever happens to the book later (D7).
    const items = group.lines.map((line, i) => ({
      orderId: order.id,
      bookId: line.book.id,
      ownerId: line.book.ownerId,
      ownerName: group.ownerName,
      title: line.book.title,
      author: line.book.author,
      category: line.book.category,
      coverKey: line.book.coverKey,
      quantity: 1,
      borrowDuration: group.borrowDuration,
      weeklyPrice: line.book.weeklyPrice,
      monthlyPrice: line.book.monthlyPrice,
      itemTotal: group.lineTotals[i],
    }));
    return { order, items, books: group.lines.map((line) => line.book.id) };
  });
}
