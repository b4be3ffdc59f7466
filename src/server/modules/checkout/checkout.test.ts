import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  books,
  cartItems,
  emailNotifications,
  orderEvents,
  orderItems,
  orders,
  ownerPickupLocations,
} from '@server/db/schema';
import { advanceClock, setClock } from '@server/lib/clock';
import { createBook, createPickupLocation, createUser } from '@server/seed/factories';
import { createTestContext, type Member, type TestContext, uncheckedInput } from '@tests/support/harness';
import { placeTestOrder } from '@tests/support/order-factories';
import type { CartApi } from '@server/modules/cart/routes';
import type { CheckoutApi } from './routes';
import type { OrdersApi } from '@server/modules/orders/routes';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const address = {
  fullName: 'Putu Borrower',
  phone: '+628123456789',
  address: 'Jl. Hanoman No. 5, Ubud, Bali',
};
const add = (member: Member, bookId: string) =>
  ctx.answer(ctx.client<CartApi>(member.cookie).cart.items.$post({ json: { bookId } }));
const checkout = (member: Member, body: Record<string, unknown>) =>
  ctx.answer(
    ctx
      .client<CheckoutApi>(member.cookie)
      .checkout.$post({ json: uncheckedInput({ idempotencyKey: randomUUID(), ...body }) }),
  );
const cartCount = async (member: Member) =>
  (await ctx.answer(ctx.client<CartApi>(member.cookie).cart.count.$get())).body.count;
const ordersOf = (member: Member) => ctx.db.select().from(orders).where(eq(orders.userId, member.user.id));

async function offer(ownerId: string, locationId: string) {
  await ctx.db.insert(ownerPickupLocations).values({ ownerId, pickupLocationId: locationId });
}

/** A member with books of two owners in the cart: owner A's for 2 weeks, owner B's for 4 (monthly price). */
async function twoOwnerCart() {
  const member = await ctx.member({ name: 'Putu Borrower' });
  const ownerA = await createUser(ctx.db, { name: 'Made' });
  const ownerB = await createUser(ctx.db, { name: 'Ketut' });
  const a1 = await createBook(ctx.db, { ownerId: ownerA.id, title: 'Matilda', weeklyPrice: '10000.00' });
  const a2 = await createBook(ctx.db, { ownerId: ownerA.id, title: 'The BFG', weeklyPrice: '5000.00' });
  const b1 = await createBook(ctx.db, {
    ownerId: ownerB.id,
    title: 'Dune',
    weeklyPrice: '20000.00',
    monthlyPrice: '60000.00',
  });
  for (const book of [a1, a2, b1]) expect((await add(member, book.id)).status).toBe(201);
  const setDuration = (ownerId: string, borrowDuration: 1 | 2 | 4) =>
    ctx.answer(
      ctx
        .client<CartApi>(member.cookie)
        .cart.owners[':ownerId'].$patch({ param: { ownerId: ownerId }, json: { borrowDuration } }),
    );
  await setDuration(ownerA.id, 2);
  await setDuration(ownerB.id, 4);
  return { member, ownerA, ownerB, books: [a1, a2, b1] };
}

describe('placing orders', () => {
  it('creates one Draft order per owner with snapshots, events and reservations, clears the cart, queues emails', async () => {
    const { member, ownerA, ownerB, books: cartBooks } = await twoOwnerCart();
    const res = await checkout(member, { deliveryMethod: 'delivery', deliveryAddress: address });
    expect(res.status).toBe(201);
    expect(res.body.orders).toHaveLength(2);
    const byOwner = Object.fromEntries(res.body.orders.map((o) => [o.ownerId, o]));
    expect(byOwner[ownerA.id]).toMatchObject({
      status: 'Draft',
      ownerName: 'Made',
      userName: 'Putu Borrower',
      borrowDuration: 2,
      subtotal: '30000.00',
      shippingCost: null,
      total: null,
      itemCount: 2,
      deliveryMethod: 'delivery',
      deliveryAddress: address,
      pickupLocation: null,
    });
    expect(byOwner[ownerB.id]).toMatchObject({ borrowDuration: 4, subtotal: '60000.00', itemCount: 1 });
    for (const o of res.body.orders) expect(o.number).toBe(o.id.slice(-8).toUpperCase());

    const items = await ctx.db
      .select()
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          res.body.orders.map((o: { id: string }) => o.id),
        ),
      );
    expect(items.find((i) => i.title === 'Dune')).toMatchObject({
      ownerName: 'Ketut',
      author: cartBooks[2].author,
      coverKey: cartBooks[2].coverKey,
      weeklyPrice: '20000.00',
      monthlyPrice: '60000.00',
      borrowDuration: 4,
      itemTotal: '60000.00',
    });
    expect(items.find((i) => i.title === 'The BFG')).toMatchObject({
      itemTotal: '10000.00',
      borrowDuration: 2,
    });

    const reserved = await ctx.db
      .select({ id: books.id, by: books.reservedByOrderId })
      .from(books)
      .where(
        inArray(
          books.id,
          cartBooks.map((b) => b.id),
        ),
      );
    for (const row of reserved) {
      const owner = cartBooks.find((b) => b.id === row.id)!.ownerId!;
      expect(row.by).toBe(byOwner[owner].id);
    }
    const events = await ctx.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, byOwner[ownerA.id].id));
    expect(events).toMatchObject([{ fromStatus: null, toStatus: 'Draft', actorName: 'Putu Borrower' }]);
    expect(await cartCount(member)).toBe(0);
    const emails = await ctx.db
      .select()
      .from(emailNotifications)
      .where(eq(emailNotifications.orderId, byOwner[ownerA.id].id));
    expect(emails.length).toBeGreaterThan(0);

    // D7: editing or deleting the book later leaves the order's snapshot as it was.
    await ctx.db
      .update(books)
      .set({ title: 'Renamed', deletedAt: new Date() })
      .where(eq(books.id, cartBooks[0].id));
    const detail = await ctx.answer(
      ctx.client<OrdersApi>(member.cookie).orders[':id'].$get({ param: { id: byOwner[ownerA.id].id } }),
    );
    expect(detail.body.items.map((i: { title: string }) => i.title).sort()).toEqual(['Matilda', 'The BFG']);
  });

  it('returns the same orders for a repeated submit with the same key and creates nothing more', async () => {
    const { member } = await twoOwnerCart();
    const body = {
      idempotencyKey: randomUUID(),
      deliveryMethod: 'delivery' as const,
      deliveryAddress: address,
    };
    const first = await ctx.answer(ctx.client<CheckoutApi>(member.cookie).checkout.$post({ json: body }));
    expect(first.status).toBe(201);
    const again = await ctx.answer(ctx.client<CheckoutApi>(member.cookie).checkout.$post({ json: body }));
    expect(again.status).toBe(200);
    const ids = (r: typeof first) => r.body.orders.map((o: { id: string }) => o.id).sort();
    expect(ids(again)).toEqual(ids(first));
    const counts = (r: typeof first) => r.body.orders.map((o: { itemCount: number }) => o.itemCount).sort();
    expect(counts(again)).toEqual([1, 2]);
    expect(await ordersOf(member)).toHaveLength(2);

    // A new key on the now empty cart is a new checkout, refused.
    const fresh = await checkout(member, { deliveryMethod: 'delivery', deliveryAddress: address });
    expect(fresh.status).toBe(422);
    expect(fresh.body.error.message).toBe('Cart is empty');
  });

  it('refuses a book someone else took since it was added, keeping the cart and creating nothing', async () => {
    const member = await ctx.member();
    const owner = await createUser(ctx.db);
    const kept = await createBook(ctx.db, { ownerId: owner.id });
    const taken = await createBook(ctx.db, { ownerId: owner.id, title: 'The Hobbit' });
    await add(member, kept.id);
    await add(member, taken.id);
    await placeTestOrder(ctx, { books: [taken] });

    const res = await checkout(member, { deliveryMethod: 'delivery', deliveryAddress: address });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('"The Hobbit" is no longer available');
    expect(await ordersOf(member)).toHaveLength(0);
    expect(await cartCount(member)).toBe(2);
    const [row] = await ctx.db.select().from(books).where(eq(books.id, kept.id));
    expect(row.reservedByOrderId).toBeNull();
  });

  it('lists a deleted book as the spec words it', async () => {
    const member = await ctx.member();
    const book = await createBook(ctx.db, { ownerId: (await createUser(ctx.db)).id });
    await add(member, book.id);
    await ctx.db.update(books).set({ deletedAt: new Date() }).where(eq(books.id, book.id));
    const res = await checkout(member, { deliveryMethod: 'delivery', deliveryAddress: address });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('Some books in your cart are no longer available');
  });

  it("answers 'Cart is empty' for an empty cart, and 401 for a guest", async () => {
    const member = await ctx.member();
    const res = await checkout(member, { deliveryMethod: 'delivery', deliveryAddress: address });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe('Cart is empty');
    const guest = await ctx.answer(
      ctx.client<CheckoutApi>().checkout.$post({
        json: { idempotencyKey: randomUUID(), deliveryMethod: 'delivery', deliveryAddress: address },
      }),
    );
    expect(guest.status).toBe(401);
  });

  it('checks the form: every address field for delivery, a location for pickup', async () => {
    const { member } = await twoOwnerCart();
    for (const deliveryAddress of [undefined, { ...address, phone: '  ' }, { fullName: 'A', phone: '1' }]) {
      const res = await checkout(member, { deliveryMethod: 'delivery', deliveryAddress });
      expect(res.status).toBe(422);
      expect(res.body.error.message).toBe('Please fill in all shipping address fields');
    }
    const pickup = await checkout(member, { deliveryMethod: 'pickup' });
    expect(pickup.status).toBe(422);
    expect(pickup.body.error.message).toBe('Please select a pickup location');
    const noKey = await ctx.answer(
      ctx
        .client<CheckoutApi>(member.cookie)
        .checkout.$post({ json: uncheckedInput({ deliveryMethod: 'delivery', deliveryAddress: address }) }),
    );
    expect(noKey.status).toBe(422);
    expect(await cartCount(member)).toBe(3);
  });
});

describe('self pickup', () => {
  it('is offered only at active locations every owner shares, and orders carry the location', async () => {
    const { member, ownerA, ownerB } = await twoOwnerCart();
    const shared = await createPickupLocation(ctx.db, { name: 'Ubud Library' });
    const onlyA = await createPickupLocation(ctx.db, { name: 'Canggu Cafe' });
    const inactive = await createPickupLocation(ctx.db, { name: 'Closed Shop', active: false });
    for (const location of [shared, onlyA, inactive]) await offer(ownerA.id, location.id);
    for (const location of [shared, inactive]) await offer(ownerB.id, location.id);

    const options = await ctx.answer(ctx.client<CheckoutApi>(member.cookie).checkout.options.$get());
    expect(options.body.pickupLocations.map((l: { name: string }) => l.name)).toEqual(['Ubud Library']);

    for (const location of [onlyA, inactive]) {
      const res = await checkout(member, { deliveryMethod: 'pickup', pickupLocationId: location.id });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('PICKUP_NOT_AVAILABLE');
    }
    expect(await cartCount(member)).toBe(3);

    const res = await checkout(member, { deliveryMethod: 'pickup', pickupLocationId: shared.id });
    expect(res.status).toBe(201);
    for (const order of res.body.orders) {
      expect(order).toMatchObject({
        deliveryMethod: 'pickup',
        deliveryAddress: null,
        pickupLocation: { name: 'Ubud Library', location: shared.location, address: shared.address },
      });
    }
  });

  it('says before the checkout when a pickup order placed now is to be paid by (D24, D33): a date it then keeps', async () => {
    const { member, ownerA, ownerB } = await twoOwnerCart();
    const shared = await createPickupLocation(ctx.db);
    for (const owner of [ownerA, ownerB]) await offer(owner.id, shared.id);
    const at = new Date('2026-03-02T01:00:00Z');
    setClock(at);
    try {
      const options = await ctx.answer(ctx.client<CheckoutApi>(member.cookie).checkout.options.$get());
      const promised = new Date(options.body.pickupPayBy as string);
      expect(promised.getTime() - at.getTime()).toBe(ctx.config.paymentWindowHours * 3_600_000);
      // Placed a while later: the real deadline is later still, never earlier than the promise.
      advanceClock(10 * 60_000);
      const res = await checkout(member, { deliveryMethod: 'pickup', pickupLocationId: shared.id });
      expect(res.status).toBe(201);
      for (const order of res.body.orders) {
        expect(order.status).toBe('Waiting for Payment');
        expect(new Date(order.paymentDueAt).getTime()).toBe(promised.getTime() + 10 * 60_000);
      }
    } finally {
      setClock(null);
    }
  });

  it('is refused when the owners share no active location', async () => {
    const { member, ownerA, ownerB } = await twoOwnerCart();
    const a = await createPickupLocation(ctx.db);
    const b = await createPickupLocation(ctx.db);
    await offer(ownerA.id, a.id);
    await offer(ownerB.id, b.id);
    const options = await ctx.answer(ctx.client<CheckoutApi>(member.cookie).checkout.options.$get());
    expect(options.body.pickupLocations).toEqual([]);
    const res = await checkout(member, { deliveryMethod: 'pickup', pickupLocationId: a.id });
    expect(res.status).toBe(422);
    expect(await ordersOf(member)).toHaveLength(0);
    const cart = await ctx.db.select().from(cartItems).where(eq(cartItems.userId, member.user.id));
    expect(cart).toHaveLength(3);
  });
});
