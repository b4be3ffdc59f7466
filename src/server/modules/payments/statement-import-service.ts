import { and, eq, inArray, sql } from 'drizzle-orm';
import type { StatementImport, StatementLineOutcome } from '@domain/gateway-types';
import { fromMinor } from '@domain/money';
import { orderNumber } from '@domain/order-number';
import type { AppDeps } from '@server/app-env';
import type { Config } from '@server/config';
import type { Tx } from '@server/db/client';
import { type Order, orders, type Payment, paymentNotices, payments, paymentTasks } from '@server/db/schema';
import { now } from '@server/lib/clock';
import { AppError } from '@server/lib/errors';
import { paymentProvider } from './provider-service';
import { recordPaymentReceived } from './record-service';
import { readStatement, type StatementCredit } from './statement-csv';
import { AMOUNT_LOCK, STATEMENT_PROVIDER } from './statement-service';

// D42's statement adapter, the bank's side: an admin uploads a statement and each credit line is
// matched by its exact amount to the one order asking for it (statement-service.ts chose the
// amounts unique among open orders). The file is read whole first (statement-csv.ts: a line that
// does not read refuses the file, naming it, and nothing changes); then, in one transaction
// holding the amounts' lock, each line is stored once as a payment notice under (provider
// 'statement', its key), so a statement uploaded again, or an overlapping one, finds its lines
// stored and changes nothing. A new line:
// - pays the one open order asking for its amount, through recordPaymentReceived (the steps of
//   an admin's Confirm Payment with the system as actor: books lent, payment window cancelled,
//   the same events and emails);
// - is a payment task (D44) otherwise, listed on the admin's Payment tasks tab until resolved:
//   'late' when the one order it could be for was cancelled, 'second_payment' when that order
//   is already paid, 'ambiguous' when more than one order could have asked for the amount (an
//   open one and a cancelled one, as amounts are freed and chosen again), 'unknown_reference'
//   (shown as unmatched) when none did.
// A closed order counts as a candidate when its payment deadline is within LATE_WINDOW_DAYS of
// the line's date, either way: money paid on time but uploaded after the order lapsed, or paid
// a few days late.

const LATE_WINDOW_DAYS = 14;
const DAY_MS = 86_400_000;

type ImportDeps = Pick<AppDeps, 'db' | 'config' | 'outbox'>;
type Line = StatementImport['lines'][number];

/** What the admin and the borrower's order see as the money's reference: the bank's words. */
const referenceOf = (credit: StatementCredit) =>
  `${credit.bookedOn} ${credit.description}`.replace(/\s+/g, ' ').trim().slice(0, 240);

const orderRef = (order: Pick<Order, 'id' | 'status'>) => ({
  id: order.id,
  number: orderNumber(order.id),
  status: order.status,
});

interface Candidates {
  open: Array<{ payment: Payment; order: Order }>;
  lapsed: Array<{ payment: Payment; order: Order }>;
  paid: Array<{ payment: Payment; order: Order }>;
}

async function candidatesFor(tx: Tx, credit: StatementCredit): Promise<Candidates> {
  const empty: Candidates = { open: [], lapsed: [], paid: [] };
  // An amount with a fraction of a rupiah (interest, say) asks for no order of ours.
  if (credit.amountMinor % 100 !== 0) return empty;
  const day = Date.parse(`${credit.bookedOn}T00:00:00Z`);
  const rows = await tx
    .select({ payment: payments, order: orders })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(payments.provider, STATEMENT_PROVIDER),
        eq(payments.amount, fromMinor(credit.amountMinor)),
        sql`(${payments.status} = 'pending' or (${payments.expiresAt} >= ${new Date(day - LATE_WINDOW_DAYS * DAY_MS)} and ${payments.expiresAt} <= ${new Date(day + (LATE_WINDOW_DAYS + 1) * DAY_MS)}))`,
      ),
    );
  for (const row of rows) {
    if (row.payment.status === 'pending' && row.order.status === 'Waiting for Payment') empty.open.push(row);
    else if (row.order.paymentConfirmedAt !== null) empty.paid.push(row);
    else if (row.order.status === 'Cancelled') empty.lapsed.push(row);
  }
  // One order may hold several closed payments (a changed total): it is one candidate.
  const oncePerOrder = (list: Candidates['open']) =>
    list.filter((row, i) => list.findIndex((r) => r.order.id === row.order.id) === i);
  return { open: empty.open, lapsed: oncePerOrder(empty.lapsed), paid: oncePerOrder(empty.paid) };
}

async function task(
  tx: Tx,
  noticeId: string,
  credit: StatementCredit,
  kind: 'late' | 'second_payment' | 'ambiguous' | 'unknown_reference',
  target: { payment: Payment; order: Order } | null,
) {
  await tx.insert(paymentTasks).values({
    orderId: target?.order.id ?? null,
    paymentId: target?.payment.id ?? null,
    noticeId,
    kind,
    amount: fromMinor(credit.amountMinor),
    providerPaymentRef: referenceOf(credit),
    createdAt: now(),
  });
}

/** Decides one new line, inside the import's transaction. */
async function matchLine(
  tx: Tx,
  config: Config,
  noticeId: string,
  credit: StatementCredit,
): Promise<{ outcome: Exclude<StatementLineOutcome, 'already_imported'>; orders: Order[] }> {
  const { open, lapsed, paid } = await candidatesFor(tx, credit);
  if (open.length + lapsed.length > 1 || (open.length === 0 && lapsed.length === 0 && paid.length > 1)) {
    await task(tx, noticeId, credit, 'ambiguous', null);
    const all = open.length + lapsed.length > 1 ? [...open, ...lapsed] : paid;
    return { outcome: 'ambiguous', orders: all.map((c) => c.order) };
  }
  const [match] = open;
  if (match) {
    // The order first, then its payment: the lock order every payment path keeps.
    const [order] = await tx.select().from(orders).where(eq(orders.id, match.order.id)).for('update');
    await tx.select().from(payments).where(eq(payments.id, match.payment.id)).for('update');
    if (order?.status === 'Waiting for Payment') {
      await tx
        .update(payments)
        .set({ status: 'paid', paidAt: now(), receivedRef: referenceOf(credit) })
        .where(eq(payments.id, match.payment.id));
      await recordPaymentReceived(tx, config, order, {
        amount: credit.amountMinor / 100,
        reference: referenceOf(credit),
        source: 'statement',
      });
      const [paid] = await tx.select().from(orders).where(eq(orders.id, order.id));
      return { outcome: 'matched', orders: [paid ?? order] };
    }
  }
  const [late] = lapsed;
  if (late) {
    // The money is in the account whatever happens to the order: its payment records it, so a
    // refund or a revival names it (as a gateway's late payment does).
    await tx
      .update(payments)
      .set({ status: 'paid', paidAt: now(), receivedRef: referenceOf(credit) })
      .where(eq(payments.id, late.payment.id));
    await task(tx, noticeId, credit, 'late', late);
    return { outcome: 'late', orders: [late.order] };
  }
  const [again] = paid;
  if (again) {
    await task(tx, noticeId, credit, 'second_payment', again);
    return { outcome: 'second_payment', orders: [again.order] };
  }
  await task(tx, noticeId, credit, 'unknown_reference', null);
  return { outcome: 'unmatched', orders: [] };
}

/**
 * Reads and matches a bank statement (admins only, checked by the route). Refused whole with a
 * STATEMENT_* code naming the line when a line does not read; STATEMENT_ONLY under another
 * payment provider.
 */
export async function importStatement(deps: ImportDeps, input: { csv: string }): Promise<StatementImport> {
  if (paymentProvider(deps.config).name !== STATEMENT_PROVIDER) throw new AppError('STATEMENT_ONLY');
  const read = readStatement(input.csv);
  const lines = await deps.db.transaction(async (tx) => {
    // No amount is chosen or freed while lines are matched against them.
    await tx.execute(sql`select pg_advisory_xact_lock(${AMOUNT_LOCK})`);
    const answered: Line[] = [];
    for (const credit of read.credits) {
      const shown = {
        line: credit.line,
        bookedOn: credit.bookedOn,
        description: credit.description,
        amount: fromMinor(credit.amountMinor),
      };
      const [stored] = await tx
        .insert(paymentNotices)
        .values({
          provider: STATEMENT_PROVIDER,
          webhookId: credit.key,
          body: shown,
          receivedAt: now(),
          processedAt: now(),
        })
        .onConflictDoNothing({ target: [paymentNotices.provider, paymentNotices.webhookId] })
        .returning({ id: paymentNotices.id });
      if (!stored) {
        answered.push({ ...shown, outcome: 'already_imported', orders: await earlierOrders(tx, credit.key) });
        continue;
      }
      const decided = await matchLine(tx, deps.config, stored.id, credit);
      await tx
        .update(paymentNotices)
        .set({
          outcome: decided.outcome === 'matched' ? 'recorded' : decided.outcome,
          body: { ...shown, orderIds: decided.orders.map((o) => o.id) },
        })
        .where(eq(paymentNotices.id, stored.id));
      answered.push({ ...shown, outcome: decided.outcome, orders: decided.orders.map(orderRef) });
    }
    return answered;
  });
  if (lines.some((l) => l.outcome !== 'already_imported')) deps.outbox.kick();
  return { layout: read.layout, lines };
}

/** The orders an already imported line was decided for, as its notice recorded them. */
async function earlierOrders(tx: Tx, key: string) {
  const [notice] = await tx
    .select({ body: paymentNotices.body })
    .from(paymentNotices)
    .where(and(eq(paymentNotices.provider, STATEMENT_PROVIDER), eq(paymentNotices.webhookId, key)));
  const ids = (notice?.body as { orderIds?: string[] } | undefined)?.orderIds ?? [];
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(inArray(orders.id, ids));
  return ids.flatMap((id) => rows.filter((r) => r.id === id).map(orderRef));
}
