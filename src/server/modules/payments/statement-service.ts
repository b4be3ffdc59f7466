import { randomInt, randomUUID } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { fromMinor, toMinor } from '@domain/money';
import { freeStatementCodes, STATEMENT_CODE_MAX } from '@domain/pricing';
import type { Config } from '@server/config';
import type { DbOrTx, Tx } from '@server/db/client';
import { type Order, orders, type Payment, payments } from '@server/db/schema';
import { now } from '@server/lib/clock';
import { listen } from '@server/lib/lifecycle-events';
import { paymentProvider } from './provider-service';

// D42's statement adapter, the order's side: each order waiting for payment gets one unique
// amount to transfer, its total minus a code of 1-999 rupiah (D43: taken off, never added; the
// platform's share bears it, recorded as the payment's fee). The amount is chosen when the order
// enters Waiting for Payment, before its payment email is queued (the listener runs ahead of the
// order notices in src/server/wiring.ts), so the email and the order page show the same amount.
// It is unique among the open statement payments: chosen under one transaction-scoped advisory
// lock, with the partial unique index of migration 0035 as the database's own guarantee. The
// payment is pending while the order waits, and expires when the order leaves Waiting for Payment
// (paid, cancelled), which frees its amount for later orders.

export const STATEMENT_PROVIDER = 'statement';
/** Serialises the choice of amounts across instances (any constant of ours; hashtext of a name). */
export const AMOUNT_LOCK = sql`hashtext('statement-amounts')`;

const isStatement = (config: Config) => paymentProvider(config).name === STATEMENT_PROVIDER;

function openTransferOf(db: DbOrTx, orderId: string): Promise<Payment[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.provider, STATEMENT_PROVIDER),
        eq(payments.status, 'pending'),
      ),
    );
}

/** The payment asks for the order's current total (an admin may set a new shipping cost). */
const fitsTotal = (payment: Payment, order: Order) =>
  order.total !== null && toMinor(payment.amount) + toMinor(payment.fee ?? '0') === toMinor(order.total);

/**
 * The order's open statement payment, chosen now if it has none (or its total changed). Null
 * under another provider or when the order is not waiting for payment with a total.
 */
export async function ensureStatementTransfer(tx: Tx, config: Config, order: Order): Promise<Payment | null> {
  if (!isStatement(config) || order.status !== 'Waiting for Payment' || order.total === null) return null;
  const [existing] = await openTransferOf(tx, order.id);
  if (existing && fitsTotal(existing, order)) return existing;
  await tx.execute(sql`select pg_advisory_xact_lock(${AMOUNT_LOCK})`);
  // Another transaction may have chosen it while this one waited for the lock.
  const [current] = await openTransferOf(tx, order.id);
  if (current && fitsTotal(current, order)) return current;
  if (current) await tx.update(payments).set({ status: 'expired' }).where(eq(payments.id, current.id));

  const totalMinor = toMinor(order.total);
  const taken = await tx
    .select({ amount: payments.amount })
    .from(payments)
    .where(
      and(
        eq(payments.provider, STATEMENT_PROVIDER),
        eq(payments.status, 'pending'),
        gt(payments.amount, fromMinor(totalMinor - (STATEMENT_CODE_MAX + 1) * 100)),
        lt(payments.amount, order.total),
      ),
    );
  const free = freeStatementCodes(order.total, new Set(taken.map((p) => toMinor(p.amount))));
  // 999 open orders within Rp 999 of one total is far beyond Rakbuku's scale; a refusal here
  // rolls the move to Waiting for Payment back rather than asking two orders for one amount.
  if (free.length === 0) throw new Error(`No free statement amount below ${order.total}`);
  // A random free code, not the lowest: an amount freed by a cancelled order is then rarely asked
  // of the next order at once, so late money for the old one seldom looks like the new one's.
  const chosen = free[randomInt(free.length)]!;
  const id = randomUUID();
  const [created] = await tx
    .insert(payments)
    .values({
      id,
      orderId: order.id,
      provider: STATEMENT_PROVIDER,
      method: 'transfer',
      channel: '',
      providerRef: id,
      amount: fromMinor(chosen.amountMinor),
      fee: fromMinor(chosen.codeMinor),
      accountNumber: config.payment.accountNumber,
      expiresAt: order.paymentDueAt ?? now(),
    })
    .returning();
  return created ?? null;
}

/** What the order page and the payment email show: the amount to transfer and the code taken off. */
export interface StatementTransfer {
  amount: string;
  code: string;
}

export const transferOf = (payment: Payment): StatementTransfer => ({
  amount: payment.amount,
  code: payment.fee ?? '0.00',
});

/** The order's unique amount if it has one now (a read: the payment panel of a GET). */
export async function statementTransferOf(
  db: DbOrTx,
  config: Config,
  order: Order,
): Promise<StatementTransfer | null> {
  if (!isStatement(config) || order.status !== 'Waiting for Payment') return null;
  const [open] = await openTransferOf(db, order.id);
  return open && fitsTotal(open, order) ? transferOf(open) : null;
}

/**
 * An order entering Waiting for Payment gets its amount (before the payment email is queued);
 * one leaving it frees its amount. Idempotent: a repeated announcement finds the payment.
 */
export const statementAmountListener = listen(['order-status-changed'], async (tx, event, ctx) => {
  if (event.to === 'Waiting for Payment') {
    const [order] = await tx.select().from(orders).where(eq(orders.id, event.orderId));
    if (order) await ensureStatementTransfer(tx, ctx.config, order);
  } else if (event.from === 'Waiting for Payment') {
    await tx
      .update(payments)
      .set({ status: 'expired' })
      .where(
        and(
          eq(payments.orderId, event.orderId),
          eq(payments.provider, STATEMENT_PROVIDER),
          eq(payments.status, 'pending'),
        ),
      );
  }
});
