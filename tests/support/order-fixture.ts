import { eq } from 'drizzle-orm';
import type { OrderStatus } from '@domain/constants';
import { fromMinor, toMinor } from '@domain/money';
import type { DbOrTx } from '@server/db/client';
import { createBook } from '@server/seed/factories';
import { type Book, type Order, orderItems, orders, user } from '@server/db/schema';

// Test data for the admin and email tests: an order row as checkout leaves it (one owner, item
// snapshots, D5/D7), written directly so these tests don't depend on the checkout rules.

export async function insertOrder(
  db: DbOrTx,
  input: {
    borrower: { id: string; name: string; email: string };
    ownerId: string;
    status?: OrderStatus;
    deliveryMethod?: 'delivery' | 'pickup';
    shippingCost?: string;
    books?: Array<{ title: string; weeklyPrice: string }>;
  },
): Promise<{ order: Order; book: Book; books: Book[] }> {
  const [owner] = await db.select().from(user).where(eq(user.id, input.ownerId));
  const specs = input.books ?? [{ title: `Snapshot of ${owner.name}`, weeklyPrice: '10000.00' }];
  const made: Book[] = [];
  for (const spec of specs) made.push(await createBook(db, { ownerId: owner.id, ...spec }));
  const subtotalMinor = made.reduce((sum, b) => sum + Math.round(Number(b.weeklyPrice) * 100), 0);
  const subtotal = (subtotalMinor / 100).toFixed(2);
  const pickup = input.deliveryMethod === 'pickup';
  const [order] = await db
    .insert(orders)
    .values({
      userId: input.borrower.id,
      userName: input.borrower.name,
      userEmail: input.borrower.email,
      ownerId: owner.id,
      ownerName: owner.name,
      status: input.status ?? 'Draft',
      deliveryMethod: pickup ? 'pickup' : 'delivery',
      deliveryAddress: pickup
        ? null
        : { fullName: input.borrower.name, phone: '+628123456789', address: 'Jl. Test 1, Ubud' },
      pickupLocation: pickup
        ? { name: 'Ubud Reading Corner', location: 'Ubud', address: 'Jl. Goutama 5' }
        : null,
      borrowDuration: 1,
      subtotal,
      shippingCost: input.shippingCost ?? null,
      total:
        input.shippingCost !== undefined
          ? ((subtotalMinor + Math.round(Number(input.shippingCost) * 100)) / 100).toFixed(2)
          : null,
    })
    .returning();
  for (const book of made) {
    await db.insert(orderItems).values({
      orderId: order.id,
      bookId: book.id,
      ownerId: owner.id,
      ownerName: owner.name,
      title: book.title,
      author: book.author,
      category: book.category,
      coverKey: book.coverKey,
      borrowDuration: 1,
      weeklyPrice: book.weeklyPrice,
      itemTotal: book.weeklyPrice,
    });
  }
  return { order, book: made[0], books: made };
}

/**
 * A bare order row of `ownerId` for the balance tests (D34): its subtotal and the owner's share,
 * the service fee the difference; a null share is an order made before shares were stored.
 */
export async function insertShareOrder(
  db: DbOrTx,
  ownerId: string,
  status: OrderStatus,
  subtotal: string,
  share: string | null,
) {
  const [row] = await db
    .insert(orders)
    .values({
      userName: 'A Borrower',
      userEmail: 'borrower@example.com',
      ownerId,
      ownerName: 'An Owner',
      status,
      borrowDuration: 1,
      subtotal,
      ownerShare: share,
      serviceFee: share === null ? null : fromMinor(toMinor(subtotal) - toMinor(share)),
    })
    .returning();
  return row;
}
