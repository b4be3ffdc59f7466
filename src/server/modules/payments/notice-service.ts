import { and, eq, ne } from 'drizzle-orm';
import { isUuid } from '@domain/ids';
import { fromMinor, toMinor } from '@domain/money';
import type { AppDeps } from '@server/app-env';
import type { Tx } from '@server/db/client';
import { orders, type Payment, paymentNotices, payments, paymentTasks, type Timer } from '@server/db/schema';
import { now } from '@server/lib/clock';
import type { TimerDeps, TimerKind } from '@server/timers/registry';
import { armTimers } from '@server/timers/store';
import { paymentProvider } from './provider-service';
import type { FetchedPayment, NoticedPayment } from './providers/provider';
import { recordPaymentReceived } from './record-service';

// A provider's notice (D42): checked (token in constant time, webhook id) and stored once under
// (provider, webhook id) in the request, which answers at once; the worker does the rest. The
// stored notice arms a timer due now, which the outbox worker claims with FOR UPDATE SKIP
// LOCKED and fires once: a process killed between storing and processing loses nothing (the
// next pass, on any instance, fires it), and two instances never process one notice twice.
// Processing reads the payment back from the provider and checks reference, currency (IDR)
// and the exact amount before the order moves; money that is late, doubled or wrong becomes an
// admin task, never an order change.

const PAYMENT_NOTICE_TIMER = 'payment_notice';

type NoticeDeps = Pick<AppDeps, 'db' | 'config' | 'outbox'>;

/** Stores a checked notice; false when its webhook id was already stored (a repeat changes nothing). */
export async function receivePaymentNotice(
  deps: NoticeDeps,
  headers: Headers,
  rawBody: string,
): Promise<boolean> {
  const provider = paymentProvider(deps.config);
  const parsed = provider.parseNotice(headers, rawBody);
  const stored = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(paymentNotices)
      .values({ provider: provider.name, webhookId: parsed.webhookId, body: parsed.payment ?? {} })
      .onConflictDoNothing({ target: [paymentNotices.provider, paymentNotices.webhookId] })
      .returning({ id: paymentNotices.id, receivedAt: paymentNotices.receivedAt });
    if (!row) return false;
    await armTimers(tx, [
      { kind: PAYMENT_NOTICE_TIMER, subjectId: row.id, refAt: row.receivedAt, dueAt: now() },
    ]);
    return true;
  });
  if (stored) deps.outbox.kick();
  return stored;
}

type Outcome =
  | 'recorded'
  | 'ignored'
  | 'not_succeeded'
  | 'read_back_disagrees'
  | 'already_recorded'
  | (typeof paymentTasks.$inferInsert)['kind'];

const rupiah = (amount: number) => fromMinor(amount * 100);

/** The notice's claims, as the provider's own record states them (the read-back wins). */
function readBackAgrees(noticed: NoticedPayment, fetched: FetchedPayment): boolean {
  return (
    fetched.succeeded &&
    fetched.paymentRef === noticed.paymentRef &&
    fetched.providerRef === noticed.providerRef &&
    fetched.reference === noticed.reference &&
    fetched.amount === noticed.amount &&
    fetched.currency === noticed.currency
  );
}

async function decide(tx: Tx, deps: TimerDeps, noticeId: string, noticed: NoticedPayment): Promise<Outcome> {
  if (!noticed.succeeded) return 'not_succeeded';
  const provider = paymentProvider(deps.config);
  const fetched = await provider.fetchPayment(noticed.paymentRef);
  if (!readBackAgrees(noticed, fetched)) return 'read_back_disagrees';

  const task = (
    kind: Exclude<
      Outcome,
      'recorded' | 'ignored' | 'not_succeeded' | 'read_back_disagrees' | 'already_recorded'
    >,
    payment: Payment | null,
  ) =>
    tx
      .insert(paymentTasks)
      .values({
        orderId: payment?.orderId ?? null,
        paymentId: payment?.id ?? null,
        noticeId,
        kind,
        amount: rupiah(fetched.amount),
        providerPaymentRef: fetched.paymentRef,
        // D43: the fee is on the payment row when there is one; otherwise the task keeps it.
        fee: payment ? null : rupiah(fetched.fee),
        // When the money was processed, on the clock the other payment times read.
        createdAt: now(),
      })
      .then(() => kind);

  const [known] = isUuid(fetched.reference)
    ? await tx
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.id, fetched.reference),
            eq(payments.provider, provider.name),
            eq(payments.providerRef, fetched.providerRef),
          ),
        )
    : [];
  if (!known) return task('unknown_reference', null);
  // The order first, then its payment: the lock order every payment path keeps.
  const [order] = await tx.select().from(orders).where(eq(orders.id, known.orderId)).for('update');
  const [payment] = await tx.select().from(payments).where(eq(payments.id, known.id)).for('update');
  if (!order || !payment) return task('unknown_reference', null);
  // The same money told twice (another webhook id, or a notice arriving after its repeat).
  if (payment.receivedRef === fetched.paymentRef) return 'already_recorded';

  const secondPayment = payment.receivedRef !== null || order.paymentConfirmedAt !== null;
  // The money is at the provider whatever happens to the order: the payment records it, with
  // the fee the provider keeps, so a refund can name it.
  await tx
    .update(payments)
    .set({ status: 'paid', paidAt: now(), receivedRef: fetched.paymentRef, fee: rupiah(fetched.fee) })
    .where(eq(payments.id, payment.id));

  if (fetched.currency !== 'IDR' || toMinor(payment.amount) !== fetched.amount * 100) {
    return task('amount_mismatch', payment);
  }
  if (secondPayment) return task('second_payment', payment);
  // D44: a cancelled order (or one that moved on) is never revived by money arriving.
  if (order.status !== 'Waiting for Payment') return task('late', payment);

  // The order's other codes and accounts stop being offered.
  await tx
    .update(payments)
    .set({ status: 'expired' })
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending'), ne(payments.id, payment.id)));
  await recordPaymentReceived(tx, deps.config, order, {
    amount: fetched.amount,
    reference: fetched.paymentRef,
    source: 'gateway',
  });
  return 'recorded';
}

async function processNotice(tx: Tx, deps: TimerDeps, timer: Timer): Promise<void> {
  const [notice] = await tx
    .select()
    .from(paymentNotices)
    .where(eq(paymentNotices.id, timer.subjectId))
    .for('update');
  if (!notice || notice.processedAt) return;
  const body = notice.body as Partial<NoticedPayment>;
  const outcome =
    typeof body.paymentRef === 'string'
      ? await decide(tx, deps, notice.id, body as NoticedPayment)
      : 'ignored';
  await tx
    .update(paymentNotices)
    .set({ processedAt: now(), outcome })
    .where(eq(paymentNotices.id, notice.id));
  if (outcome !== 'recorded') deps.log.info({ noticeId: notice.id, outcome }, 'payment notice processed');
}

export const paymentNoticeTimerKinds: TimerKind[] = [{ prefix: PAYMENT_NOTICE_TIMER, fire: processNotice }];
