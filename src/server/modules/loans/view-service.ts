import { asc, count, eq } from 'drizzle-orm';
import {
  EXTENSION_WEEKS,
  extendedDueAt,
  extensionRefusal,
  type LoanClock,
  loanClock,
  localDate,
  MAX_EXTENSIONS,
} from '@domain/loan';
import type { ExtensionOffer, OrderExtensionView } from '@domain/order-types';
import { extensionTotal } from '@domain/pricing';
import type { DbOrTx } from '@server/db/client';
import { type Order, type OrderItem, orderExtensions } from '@server/db/schema';
import { isOpenStatus } from '@domain/order-machine';
import { now, operatorTimeZone } from '@server/lib/clock';
import { codeText } from '@server/lib/i18n';
import { waitingCounts } from '@server/modules/waitlist/service';

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
): Promise<{
  extensions: OrderExtensionView[];
  extensionOffer: ExtensionOffer | null;
  waitingByBook: Record<string, number>;
}> {
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
  // D25: the borrower (and owner, admins) see who waits while the order still has the books.
  const waitingByBook = isOpenStatus(order.status) ? await waitingCounts(db, bookIdsOf(items)) : {};
  if (!isBorrower || order.status !== 'Delivered' || !order.dueAt)
    return { extensions, extensionOffer: null, waitingByBook };
  const refusal = extensionRefusal({
    status: order.status,
    dueAt: order.dueAt,
    now: now(),
    timeZone: operatorTimeZone(),
    extensionCount: rows.length,
    someoneWaits: Object.keys(waitingByBook).length > 0,
  });
  const dueAt = order.dueAt;
  return {
    waitingByBook,
    extensions,
    extensionOffer: {
      refusal: refusal ? { code: refusal, message: codeText('en', refusal, { max: MAX_EXTENSIONS }) } : null,
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
