import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { CursorPage } from '@domain/cursor-page';
import { type PaymentTaskView, paymentTaskActions } from '@domain/gateway-types';
import { toMinor } from '@domain/money';
import { orderNumber } from '@domain/order-number';
import type { PaymentTasksQuery } from '@domain/schemas/payment-tasks';
import type { AppDeps, SessionUser } from '@server/app-env';
import type { Config } from '@server/config';
import type { DbOrTx, Tx } from '@server/db/client';
import {
  books,
  type Order,
  orders,
  type Payment,
  type PaymentTask,
  payments,
  paymentTasks,
} from '@server/db/schema';
import { now } from '@server/lib/clock';
import { AppError, fieldProblem } from '@server/lib/errors';
import { cursorPageOf, type Keyset, keyColumns } from '@server/lib/keyset';
import { queueOrderNotices } from '@server/modules/email/order-notices-service';
import { loadOrderItems } from '@server/modules/orders/service';
import { paymentProvider } from '@server/modules/payments/provider-service';
import { recordPaymentReceived } from '@server/modules/payments/record-service';

// Late and wrong money is a task, not a revival. A payment that arrived after its order was
// cancelled, did not match, paid an order twice or named no order of ours became a row of
// payment_tasks (payments/notice-service.ts); here an admin resolves each once: Refund (through
// the provider where it can, else recorded as refunded by hand with the bank reference of the
// admin's own transfer), Revive (the order becomes paid with the events of a confirmed payment,
// only while every book is still free) or Dismiss with a note. The borrower is told of a refund
// and of a revival (emails in their language); a dismissal tells nobody.
//
// Lock order (docs/architecture.md, "Locks"): the order, then its books, then the task row.
// The provider is never called inside a transaction: a refund marks the task started, calls the
// provider with the task id as its idempotency key (asked twice, the provider refunds once), then
// records the refund; a task already resolved by then is answered 409 and recorded nothing.

type TaskDeps = Pick<AppDeps, 'db' | 'config' | 'outbox' | 'log'>;

const openKeys: Keyset = {
  list: 'payment-tasks-open',
  at: paymentTasks.createdAt,
  id: paymentTasks.id,
  idType: 'uuid',
};
const resolvedKeys: Keyset = {
  list: 'payment-tasks-resolved',
  at: paymentTasks.createdAt,
  id: paymentTasks.id,
  idType: 'uuid',
};

/** Refunds go through the provider for QRIS money it holds (the adapter answers null otherwise). */
function refundsThroughProvider(config: Config, payment: Payment | null): boolean {
  const provider = paymentProvider(config);
  return (
    provider.name !== 'manual' &&
    payment !== null &&
    payment.provider === provider.name &&
    payment.method === 'qris'
  );
}

interface TaskRow {
  task: PaymentTask;
  order: Order | null;
  payment: Payment | null;
}

async function loadTaskRows(db: DbOrTx, ids: string[]): Promise<TaskRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ task: paymentTasks, order: orders, payment: payments })
    .from(paymentTasks)
    .leftJoin(orders, eq(orders.id, paymentTasks.orderId))
    .leftJoin(payments, eq(payments.id, paymentTasks.paymentId))
    .where(inArray(paymentTasks.id, ids));
  const byId = new Map(rows.map((r) => [r.task.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

function viewOf(config: Config, { task, order, payment }: TaskRow): PaymentTaskView {
  const resolved = task.resolvedAt !== null;
  return {
    id: task.id,
    kind: task.kind,
    createdAt: task.createdAt.toISOString(),
    amountReceived: task.amount,
    amountDue: payment?.amount ?? order?.total ?? null,
    providerPaymentRef: task.providerPaymentRef,
    method: payment?.method ?? null,
    channel: payment?.channel ?? '',
    order: order
      ? {
          id: order.id,
          number: orderNumber(order.id),
          status: order.status,
          borrowerName: order.userName,
          borrowerEmail: order.userEmail,
        }
      : null,
    actions: resolved
      ? []
      : paymentTaskActions({
          kind: task.kind,
          orderId: order?.id ?? null,
          orderStatus: order?.status ?? null,
          orderPaid: order?.paymentConfirmedAt != null,
        }),
    refundThroughProvider: refundsThroughProvider(config, payment),
    resolution: task.resolution,
    refundRef: task.refundRef,
    note: task.note,
    resolvedAt: task.resolvedAt?.toISOString() ?? null,
    resolvedByName: task.resolvedByName,
  };
}

/** The Payment tasks tab: open (or resolved) tasks, newest first, by keyset pages of 20. */
export async function listPaymentTasks(
  deps: Pick<AppDeps, 'db' | 'config'>,
  query: PaymentTasksQuery,
): Promise<CursorPage<PaymentTaskView>> {
  const { db, config } = deps;
  const open = query.state === 'open';
  const keys = open ? openKeys : resolvedKeys;
  const where = open ? isNull(paymentTasks.resolvedAt) : isNotNull(paymentTasks.resolvedAt);
  // The page's ids first (the partial index in its order), then those rows with their order and payment.
  const page = await cursorPageOf(
    db,
    { keys, table: paymentTasks, where },
    query,
    (seek, orderBy, limit) =>
      db
        .select(keyColumns(keys))
        .from(paymentTasks)
        .where(and(where, seek))
        .orderBy(...orderBy)
        .limit(limit),
    (row) => row.id,
  );
  const rows = await loadTaskRows(db, page.items);
  return { ...page, items: rows.map((r) => viewOf(config, r)) };
}

async function viewById(deps: Pick<AppDeps, 'db' | 'config'>, id: string): Promise<PaymentTaskView> {
  const [row] = await loadTaskRows(deps.db, [id]);
  if (!row) throw new AppError('PAYMENT_TASK_NOT_FOUND');
  return viewOf(deps.config, row);
}

/** Locks the task (after its order, when the caller locked one) and refuses a resolved one. */
async function lockOpenTask(tx: Tx, id: string): Promise<PaymentTask> {
  const [task] = await tx.select().from(paymentTasks).where(eq(paymentTasks.id, id)).for('update');
  if (!task) throw new AppError('PAYMENT_TASK_NOT_FOUND');
  if (task.resolvedAt) throw new AppError('PAYMENT_TASK_RESOLVED');
  return task;
}

/** The task's order, locked first (the lock order), or null for an unknown reference. */
async function lockTaskOrder(tx: Tx, id: string): Promise<Order | null> {
  const [ref] = await tx
    .select({ orderId: paymentTasks.orderId })
    .from(paymentTasks)
    .where(eq(paymentTasks.id, id));
  if (!ref) throw new AppError('PAYMENT_TASK_NOT_FOUND');
  if (!ref.orderId) return null;
  const [order] = await tx.select().from(orders).where(eq(orders.id, ref.orderId)).for('update');
  return order ?? null;
}

const resolvedBy = (actor: SessionUser) => ({
  resolvedAt: now(),
  resolvedBy: actor.id,
  resolvedByName: actor.name,
});

/** The provider's words for why the money goes back. */
const refundReason = (kind: PaymentTask['kind']) =>
  kind === 'second_payment'
    ? ('DUPLICATE' as const)
    : kind === 'late'
      ? ('CANCELLATION' as const)
      : ('OTHERS' as const);

/**
 * Refund. Without a bank reference, through the provider where it can refund (QRIS);
 * otherwise 422 REFUND_BY_HAND_NEEDED and nothing changes. With one, recorded as refunded by
 * hand. Either way the task is resolved once, the payment marked refunded and the borrower told.
 */
export async function refundPaymentTask(
  deps: TaskDeps,
  input: { actor: SessionUser; id: string; bankReference: string | null },
): Promise<PaymentTaskView> {
  const { db, config } = deps;
  let refund: { resolution: 'refunded' | 'refund_recorded'; ref: string };
  if (input.bankReference !== null) {
    // The admin's own transfer: nothing to ask of the provider (the record below checks the task).
    refund = { resolution: 'refund_recorded', ref: input.bankReference };
  } else {
    const started = await db.transaction(async (tx) => {
      const task = await lockOpenTask(tx, input.id);
      const [payment] = task.paymentId
        ? await tx.select().from(payments).where(eq(payments.id, task.paymentId))
        : [];
      if (!refundsThroughProvider(config, payment ?? null)) {
        throw new AppError('REFUND_BY_HAND_NEEDED', {
          fields: { bankReference: fieldProblem('bankReferenceRequired') },
        });
      }
      // Marked before the provider is called: from now on nobody revives or dismisses this money.
      await tx.update(paymentTasks).set({ refundStartedAt: now() }).where(eq(paymentTasks.id, task.id));
      return task;
    });
    let answer: { refundRef: string } | null;
    try {
      answer = await paymentProvider(config).refund({
        paymentRef: started.providerPaymentRef,
        reference: started.id,
        amount: toMinor(started.amount) / 100,
        reason: refundReason(started.kind),
      });
    } catch (err) {
      deps.log.warn({ taskId: started.id, err }, 'refund through the payment provider failed');
      throw new AppError('PAYMENT_REFUND_FAILED');
    }
    if (!answer) {
      throw new AppError('REFUND_BY_HAND_NEEDED', {
        fields: { bankReference: fieldProblem('bankReferenceRequired') },
      });
    }
    refund = { resolution: 'refunded', ref: answer.refundRef };
  }

  await db.transaction(async (tx) => {
    await lockTaskOrder(tx, input.id);
    const task = await lockOpenTask(tx, input.id);
    await tx
      .update(paymentTasks)
      .set({ resolution: refund.resolution, refundRef: refund.ref, ...resolvedBy(input.actor) })
      .where(eq(paymentTasks.id, task.id));
    // The payment row records the refund only when this money is the one it holds (a second
    // payment into the same code must not mark the first, which paid the order, refunded).
    if (task.paymentId) {
      await tx
        .update(payments)
        .set({ status: 'refunded' })
        .where(and(eq(payments.id, task.paymentId), eq(payments.receivedRef, task.providerPaymentRef)));
    }
    if (task.orderId) {
      await queueOrderNotices(tx, config, task.orderId, 'payment_refunded', {
        refund: {
          amount: task.amount,
          why: task.kind,
          bankReference: refund.resolution === 'refund_recorded' ? refund.ref : null,
        },
      });
    }
  });
  deps.outbox.kick();
  return viewById(deps, input.id);
}

/**
 * Every book of the order still free for it: not deleted or sold, Available, held by no
 * other order and for no other member's waitlist hold. Locks the books in id order.
 */
async function refuseUnfreeBooks(tx: Tx, order: Order): Promise<void> {
  const items = await loadOrderItems(tx, order.id);
  const bookIds = items.flatMap((i) => (i.bookId ? [i.bookId] : [])).sort();
  if (bookIds.length < items.length || bookIds.length === 0) throw new AppError('PAYMENT_TASK_BOOK_NOT_FREE');
  const locked = await tx
    .select()
    .from(books)
    .where(inArray(books.id, bookIds))
    .orderBy(books.id)
    .for('update');
  const free = (b: (typeof locked)[number]) =>
    b.deletedAt === null &&
    b.soldAt === null &&
    b.status === 'Available' &&
    (b.reservedByOrderId === null || b.reservedByOrderId === order.id) &&
    (b.heldForId === null || b.heldForId === order.userId);
  if (locked.length < bookIds.length || !locked.every(free)) throw new AppError('PAYMENT_TASK_BOOK_NOT_FREE');
}

/**
 * Revive (D44): money that came late or wrong pays its order after all, when every book is
 * still free: the order moves to Processed with the events and emails of a confirmed payment
 * (payments/record-service.ts), the admin as the actor.
 */
export async function revivePaymentTask(
  deps: TaskDeps,
  input: { actor: SessionUser; id: string },
): Promise<PaymentTaskView> {
  const { config } = deps;
  await deps.db.transaction(async (tx) => {
    const order = await lockTaskOrder(tx, input.id);
    const task = await lockOpenTask(tx, input.id);
    if (task.refundStartedAt) throw new AppError('PAYMENT_TASK_REFUND_STARTED');
    const actions = paymentTaskActions({
      kind: task.kind,
      orderId: order?.id ?? null,
      orderStatus: order?.status ?? null,
      orderPaid: order?.paymentConfirmedAt != null,
    });
    if (!order || !actions.includes('revive')) throw new AppError('PAYMENT_TASK_ACTION_INVALID');
    await refuseUnfreeBooks(tx, order);
    // The order's other codes and accounts stop being offered, as when a payment is recorded.
    await tx
      .update(payments)
      .set({ status: 'expired' })
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending')));
    await recordPaymentReceived(tx, config, order, {
      amount: toMinor(task.amount) / 100,
      reference: task.providerPaymentRef,
      source: 'gateway',
      revivedBy: { id: input.actor.id, name: input.actor.name },
    });
    await tx
      .update(paymentTasks)
      .set({ resolution: 'revived', ...resolvedBy(input.actor) })
      .where(eq(paymentTasks.id, task.id));
  });
  deps.outbox.kick();
  return viewById(deps, input.id);
}

/** Dismiss with a note (e.g. an unknown reference the team already handled). Nobody is emailed. */
export async function dismissPaymentTask(
  deps: TaskDeps,
  input: { actor: SessionUser; id: string; note: string },
): Promise<PaymentTaskView> {
  await deps.db.transaction(async (tx) => {
    await lockTaskOrder(tx, input.id);
    const task = await lockOpenTask(tx, input.id);
    if (task.refundStartedAt) throw new AppError('PAYMENT_TASK_REFUND_STARTED');
    await tx
      .update(paymentTasks)
      .set({ resolution: 'dismissed', note: input.note, ...resolvedBy(input.actor) })
      .where(eq(paymentTasks.id, task.id));
  });
  return viewById(deps, input.id);
}
