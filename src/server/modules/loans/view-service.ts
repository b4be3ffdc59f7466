import { asc, count, eq } from 'drizzle-orm';
import {
  EXTENSION_WEEKS,
  extendedDueAt,
  extensionRefusal,
  LOAN_MSG,
  type LoanClock,
  loanClock,
  localDate,
} from '@domain/loan';
import type { ExtensionOffer, OrderExtensionView } from '@domain/order-types';
import { extensionTotal } from '@domain/pricing';
import type { DbOrTx } from '@server/db/client';
import { type Order, type OrderItem, orderExtensions } from '@server/db/schema';
import { now, operatorTimeZone } from '@server/lib/clock';

// The loan fields every order view carries (D21): dates as ISO strings and, while the books
// are with the borrower, the day count the server computed with its clock and time zone.

export interface LoanFields {
  deliveredAt: string | null;
  dueAt: string | null;
  paymentDueAt: string | null;
  loan: (LoanClock & { borrowerReminded: boolean }) | null;
}

export function loanFields(
  order: Pick<Order, 'status' | 'deliveredAt' | 'dueAt' | 'paymentDueAt' | 'overdueRemindedAt'>,
): LoanFields {
  return {
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    dueAt: order.dueAt?.toISOString() ?? null,
    paymentDueAt: order.status === 'Waiting for Payment' ? (order.paymentDueAt?.toISOString() ?? null) : null,
    loan:
      order.status === 'Delivered' && order.dueAt
        ? {
            ...loanClock(order.dueAt, now(), operatorTimeZone()),
            borrowerReminded: order.overdueRemindedAt !== null,
          }
        : null,
  };
}

/** D25 is not built yet: nobody waits for a book. The waitlist fills this check in. */
export async function someoneWaitsFor(_db: DbOrTx, _bookIds: string[]): Promise<boolean> {
  return false;
}

export async function extensionCount(db: DbOrTx, orderId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orderExtensions)
    .where(eq(orderExtensions.orderId, orderId));
  return row.n;
}

export const bookIdsOf = (items: OrderItem[]) => items.flatMap((item) => (item.bookId ? [item.bookId] : []));

/** The extensions of an order and, for its borrower, what extending now would cost or why not. */
export async function loanDetail(
  db: DbOrTx,
  order: Order,
  items: OrderItem[],
  isBorrower: boolean,
): Promise<{ extensions: OrderExtensionView[]; extensionOffer: ExtensionOffer | null }> {
  const rows = await db
    .select()
    .from(orderExtensions)
    .where(eq(orderExtensions.orderId, order.id))
    .orderBy(asc(orderExtensions.createdAt));
  const extensions = rows.map(
    (r): OrderExtensionView => ({
      id: r.id,
      weeks: r.weeks,
      amount: r.amount,
      previousDueAt: r.previousDueAt.toISOString(),
      newDueAt: r.newDueAt.toISOString(),
      paid: r.paidAt !== null,
      paidAt: r.paidAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    }),
  );
  if (!isBorrower || order.status !== 'Delivered' || !order.dueAt)
    return { extensions, extensionOffer: null };
  const refusal = extensionRefusal({
    status: order.status,
    dueAt: order.dueAt,
    now: now(),
    timeZone: operatorTimeZone(),
    extensionCount: rows.length,
    someoneWaits: await someoneWaitsFor(db, bookIdsOf(items)),
  });
  const dueAt = order.dueAt;
  return {
    extensions,
    extensionOffer: {
      refusal: refusal ? { code: refusal, message: LOAN_MSG[refusal] } : null,
      options: EXTENSION_WEEKS.map((weeks) => {
        const newDueAt = extendedDueAt(dueAt, weeks, operatorTimeZone());
        return {
          weeks,
          amount: extensionTotal(items, weeks),
          newDueAt: newDueAt.toISOString(),
          newDueDate: localDate(newDueAt, operatorTimeZone()),
        };
      }),
    },
  };
}
