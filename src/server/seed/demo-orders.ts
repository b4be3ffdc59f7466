import { eq } from 'drizzle-orm';
import type { OrderStatus } from '@domain/constants';
import { dueAtFor } from '@domain/loan';
import { fromMinor, toMinor } from '@domain/money';
import { itemTotal } from '@domain/pricing';
import { now, operatorTimeZone } from '@server/lib/clock';
import { armReminders } from '@server/modules/loans/service';
import { armTimers } from '@server/timers/store';
import type { Tx } from '@server/db/client';
import { type Book, books, orderEvents, orderItems, orders, type User } from '@server/db/schema';

// D20, D21: demo orders of the demo borrower in every status, so a newcomer sees the loan
// clock at work: one loan due in days, one due soon and one overdue.

const DAY = 86_400_000;
const HOUR = 3_600_000;

interface DemoOrder {
  status: OrderStatus;
  /** A demo book no browser journey uses (they borrow others; a reserved book leaves the shop). */
  title: string;
  weeks: 1 | 2;
  /** Days ago the order was placed. */
  placed: number;
  /** Days ago the books arrived (Delivered and later). */
  delivered?: number;
}

const DEMO_ORDERS: DemoOrder[] = [
  { status: 'Draft', title: 'Dilan 1990', weeks: 1, placed: 0 },
  { status: 'Waiting for Payment', title: 'The Great Gatsby', weeks: 2, placed: 1 },
  { status: 'Processed', title: 'Holes', weeks: 1, placed: 2 },
  { status: 'Delivery in Progress', title: 'Anne of Green Gables', weeks: 1, placed: 3 },
  // Due in 5 days.
  { status: 'Delivered', title: 'Eat, Pray, Love', weeks: 1, placed: 4, delivered: 2 },
  // Due tomorrow.
  { status: 'Delivered', title: 'Sapiens', weeks: 2, placed: 16, delivered: 13 },
  // 3 days overdue.
  { status: 'Delivered', title: 'Circe', weeks: 1, placed: 12, delivered: 10 },
  { status: 'Returning in Progress', title: 'The Outsiders', weeks: 1, placed: 14, delivered: 9 },
  { status: 'Completed', title: 'Life of Pi', weeks: 1, placed: 30, delivered: 26 },
  { status: 'Cancelled', title: 'Norwegian Wood', weeks: 1, placed: 6 },
];

const SHIPPING = '15000.00';
const LENT: OrderStatus[] = ['Processed', 'Delivery in Progress', 'Delivered', 'Returning in Progress'];

export async function seedDemoOrders(
  tx: Tx,
  people: { admin: User; borrower: User; owners: User[]; books: Book[] },
): Promise<void> {
  const { admin, borrower, owners } = people;
  const at = now();
  for (const demo of DEMO_ORDERS) {
    const book = people.books.find((b) => b.title === demo.title);
    const owner = owners.find((o) => o.id === book?.ownerId);
    if (!book || !owner) continue;
    const subtotal = itemTotal(book, demo.weeks);
    const priced = demo.status !== 'Draft';
    const placedAt = new Date(at.getTime() - demo.placed * DAY - 2 * HOUR);
    const deliveredAt = demo.delivered === undefined ? null : new Date(at.getTime() - demo.delivered * DAY);
    const open = demo.status !== 'Completed' && demo.status !== 'Cancelled';
    const [order] = await tx
      .insert(orders)
      .values({
        userId: borrower.id,
        userName: borrower.name,
        userEmail: borrower.email,
        ownerId: owner.id,
        ownerName: owner.name,
        status: demo.status,
        deliveryMethod: 'delivery',
        deliveryAddress: {
          fullName: borrower.name,
          phone: borrower.phone ?? '',
          address: borrower.address ?? '',
        },
        borrowDuration: demo.weeks,
        subtotal,
        shippingCost: priced ? SHIPPING : null,
        total: priced ? fromMinor(toMinor(subtotal) + toMinor(SHIPPING)) : null,
        deliveredAt,
        dueAt: deliveredAt ? dueAtFor(deliveredAt, demo.weeks, operatorTimeZone()) : null,
        paymentDueAt: demo.status === 'Waiting for Payment' ? new Date(at.getTime() + 40 * HOUR) : null,
        createdAt: placedAt,
        updatedAt: deliveredAt ?? placedAt,
      })
      .returning();
    await tx.insert(orderItems).values({
      orderId: order.id,
      bookId: book.id,
      ownerId: owner.id,
      ownerName: owner.name,
      title: book.title,
      author: book.author,
      category: book.category,
      coverKey: book.coverKey,
      borrowDuration: demo.weeks,
      weeklyPrice: book.weeklyPrice,
      monthlyPrice: book.monthlyPrice,
      itemTotal: subtotal,
      createdAt: placedAt,
    });
    await tx.insert(orderEvents).values([
      {
        orderId: order.id,
        fromStatus: null,
        toStatus: 'Draft',
        action: 'place_order',
        actorId: borrower.id,
        actorName: borrower.name,
        actorRole: 'borrower',
        createdAt: placedAt,
      },
      ...(demo.status === 'Draft'
        ? []
        : [
            {
              orderId: order.id,
              fromStatus: 'Draft' as const,
              toStatus: demo.status,
              action: 'set_status',
              actorId: admin.id,
              actorName: admin.name,
              actorRole: 'admin',
              createdAt: deliveredAt ?? new Date(placedAt.getTime() + HOUR),
            },
          ]),
    ]);
    if (open) {
      await tx
        .update(books)
        .set({ reservedByOrderId: order.id, status: LENT.includes(demo.status) ? 'Borrowed' : 'Available' })
        .where(eq(books.id, book.id));
    }
    if (order.dueAt && demo.status === 'Delivered') {
      await armReminders(tx, { timeZone: operatorTimeZone() }, order.id, order.dueAt);
    }
    if (order.paymentDueAt) {
      await armTimers(tx, [
        { kind: 'payment_window', subjectId: order.id, refAt: order.paymentDueAt, dueAt: order.paymentDueAt },
      ]);
    }
  }
}
