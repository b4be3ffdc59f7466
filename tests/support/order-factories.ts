import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DeliveryMethod, OrderStatus } from '@domain/constants';
import type { OrderAction } from '@domain/order-actions';
import type { OrderDetail, OrderSummary } from '@domain/order-types';
import type { SessionUser } from '@server/app-env';
import type { Book, User } from '@server/db/schema';
import { createBook, createPickupLocation, createUser } from '@server/seed/factories';
import { orders, ownerPickupLocations } from '@server/db/schema';
import { addToCart } from '@server/modules/cart/service';
import { placeOrders } from '@server/modules/checkout/service';
import { getOrderDetail } from '@server/modules/orders/service';
import { applyOrderAction } from '@server/modules/orders/status-service';
import type { CartApi } from '@server/modules/cart/routes';
import type { CheckoutApi } from '@server/modules/checkout/routes';
import type { Member, TestContext } from './harness';

// Orders for tests, made the real way: books go into the cart through the cart service and
// become orders through the checkout service, so every rule and side effect applies.

export interface PlacedTestOrder {
  /** The first order (the only one when all books have one owner). */
  order: OrderSummary;
  orders: OrderSummary[];
  borrower: Member;
  books: Book[];
}

export const asSessionUser = (
  u: Pick<User, 'id' | 'name' | 'email' | 'role'> & { language?: string },
): SessionUser => ({
  id: u.id,
  name: u.name,
  email: u.email,
  role: u.role === 'admin' ? 'admin' : 'user',
  emailVerified: true,
  language: u.language === 'id' ? 'id' : 'en',
});

/**
 * Places orders for `borrower` (a new signed-in member by default) on `books` (by default one
 * new book of a new owner). Pickup orders use a new location that every owner offers.
 */
export async function placeTestOrder(
  ctx: TestContext,
  options: { borrower?: Member; books?: Book[]; deliveryMethod?: DeliveryMethod } = {},
): Promise<PlacedTestOrder> {
  const borrower = options.borrower ?? (await ctx.member());
  const books = options.books ?? [await createBook(ctx.db, { ownerId: (await createUser(ctx.db)).id })];
  for (const book of books) await addToCart(ctx.db, { actorId: borrower.user.id, bookId: book.id });

  const deliveryMethod = options.deliveryMethod ?? 'delivery';
  let pickupLocationId: string | undefined;
  if (deliveryMethod === 'pickup') {
    const location = await createPickupLocation(ctx.db);
    const owners = [...new Set(books.map((b) => b.ownerId).filter((id): id is string => id !== null))];
    await ctx.db
      .insert(ownerPickupLocations)
      .values(owners.map((ownerId) => ({ ownerId, pickupLocationId: location.id })));
    pickupLocationId = location.id;
  }
  const { orders } = await placeOrders(ctx.deps, {
    actorId: borrower.user.id,
    idempotencyKey: randomUUID(),
    deliveryMethod,
    deliveryAddress:
      deliveryMethod === 'delivery'
        ? { fullName: borrower.user.name, phone: '+6281234567', address: 'Jl. Test No. 1, Ubud, Bali' }
        : undefined,
    pickupLocationId,
  });
  return { order: orders[0], orders, borrower, books };
}

/** The admin's path through the statuses, in the order an order normally takes them. */
const HAPPY_PATH: Partial<Record<OrderStatus, OrderAction>> = {
  Draft: { type: 'set_shipping_cost', shippingCost: '15000' },
  'Waiting for Payment': { type: 'confirm_payment', amountReceived: '10000.00', bankReference: 'TEST-REF' },
  Processed: { type: 'mark_shipped' },
  'Delivery in Progress': { type: 'mark_delivered' },
  Delivered: { type: 'mark_return_started' },
  'Returning in Progress': { type: 'confirm_return_complete' },
};

/**
 * Moves an order from where it is to `to` as `admin` through the status service, one normal
 * step at a time (so each step's event, emails and book effects happen); Cancelled is a cancel.
 */
export async function advanceTestOrder(
  ctx: TestContext,
  input: { orderId: string; admin: Member; to: OrderStatus },
): Promise<OrderDetail> {
  const actor = asSessionUser(input.admin.user);
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, input.orderId));
  if (input.to === 'Cancelled') {
    return applyOrderAction(ctx.deps, { actor, orderId: order.id, action: { type: 'cancel' } });
  }
  let status = order.status;
  let detail: OrderDetail | null = null;
  while (status !== input.to) {
    const step = HAPPY_PATH[status];
    if (!step) throw new Error(`No step from ${status} towards ${input.to}`);
    // Self pickup is free: its shipping cost is 0.
    const action: OrderAction =
      step.type === 'set_shipping_cost' && order.deliveryMethod === 'pickup'
        ? { ...step, shippingCost: '0' }
        : step;
    detail = await applyOrderAction(ctx.deps, { actor, orderId: order.id, action });
    status = detail.status;
  }
  return detail ?? (await getOrderDetail(ctx.db, { actor, orderId: order.id }));
}

/** Through the API, as the member's browser does: a book into `cookie`'s cart. */
export const addToCartByApi = (ctx: TestContext, bookId: string, cookie: string) =>
  ctx.answer(ctx.client<CartApi>(cookie).cart.items.$post({ json: { bookId } }));

/** Through the API: `cookie`'s whole cart checked out, delivered to a test address. */
export const checkoutByApi = (ctx: TestContext, cookie: string) =>
  ctx.answer(
    ctx.client<CheckoutApi>(cookie).checkout.$post({
      json: {
        idempotencyKey: randomUUID(),
        deliveryMethod: 'delivery',
        deliveryAddress: { fullName: 'Borrower', phone: '+628123456789', address: 'Jl. Pantai No. 2, Sanur' },
      },
    }),
  );
