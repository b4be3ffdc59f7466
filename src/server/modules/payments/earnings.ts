import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AdminPayouts, Earnings, EarningsTotals, PayoutView } from '@domain/earnings-types';
import { localDate } from '@domain/loan';
import { formatMoney, fromMinor, toMinor } from '@domain/money';
import { orderNumber } from '@domain/order-number';
import { ownerShare } from '@domain/pricing';
import type { PayoutDetails, RecordPayout } from '@domain/schemas/payout';
import type { AppDeps, SessionUser } from '@server/app-env';
import type { Config } from '@server/config';
import type { DbOrTx } from '@server/db/client';
import { orders, type Payout, payouts, user } from '@server/db/schema';
import { now } from '@server/lib/clock';
import { AppError, fieldProblem } from '@server/lib/errors';
import { openOrder } from '@server/modules/books/availability-service';

// Earnings and payouts (D34): an owner's share of each order is fixed at checkout, payable once
// the order is Completed; admins pay it out. payable = completed shares - payouts, computed in
// the database under a lock on the owner, so two payouts of the same balance pay once.

type FeeConfig = Pick<Config, 'serviceFeePercent'>;

/** The share of an order, also for rows made before shares were stored. */
const shareSql = (config: FeeConfig) =>
  sql<string>`coalesce(${orders.ownerShare}, ${orders.subtotal} - round(${orders.subtotal} * ${config.serviceFeePercent} / 100))`;

async function balanceOf(db: DbOrTx, ownerId: string, config: FeeConfig): Promise<EarningsTotals> {
  const [shares] = await db
    .select({
      earned: sql<string>`coalesce(sum(${shareSql(config)}) filter (where ${orders.status} = 'Completed'), 0)::numeric(14,2)::text`,
      pending: sql<string>`coalesce(sum(${shareSql(config)}) filter (where ${openOrder()}), 0)::numeric(14,2)::text`,
    })
    .from(orders)
    .where(eq(orders.ownerId, ownerId));
  const [paid] = await db
    .select({ total: sql<string>`coalesce(sum(${payouts.amount}), 0)::numeric(14,2)::text` })
    .from(payouts)
    .where(eq(payouts.ownerId, ownerId));
  return totalsOf(shares.earned, shares.pending, paid.total);
}

function totalsOf(earned: string, pending: string, paid: string): EarningsTotals {
  return {
    pending: fromMinor(toMinor(pending)),
    earned: fromMinor(toMinor(earned)),
    paid: fromMinor(toMinor(paid)),
    payable: fromMinor(toMinor(earned) - toMinor(paid)),
  };
}

function toPayoutView(p: Payout): PayoutView {
  return {
    id: p.id,
    ownerId: p.ownerId,
    ownerName: p.ownerName,
    amount: p.amount,
    paidOn: p.paidOn,
    reference: p.reference,
    recordedByName: p.recordedByName,
    createdAt: p.createdAt.toISOString(),
  };
}

const detailsOf = (u: {
  payoutBankName: string | null;
  payoutAccountName: string | null;
  payoutAccountNumber: string | null;
}) => ({
  bankName: u.payoutBankName,
  accountName: u.payoutAccountName,
  accountNumber: u.payoutAccountNumber,
});

/** The owner's Earnings page: totals, each order's share, payouts and the payout details. */
export async function getEarnings(deps: Pick<AppDeps, 'db' | 'config'>, ownerId: string): Promise<Earnings> {
  const { db, config } = deps;
  const [owner] = await db.select().from(user).where(eq(user.id, ownerId));
  if (!owner) throw new AppError('NOT_FOUND');
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.ownerId, ownerId), sql`${orders.status} <> 'Cancelled'`))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(500);
  const paid = await db
    .select()
    .from(payouts)
    .where(eq(payouts.ownerId, ownerId))
    .orderBy(desc(payouts.paidOn), desc(payouts.createdAt));
  return {
    totals: await balanceOf(db, ownerId, config),
    serviceFeePercent: config.serviceFeePercent,
    orders: rows.map((o) => {
      const fixed =
        o.ownerShare !== null && o.serviceFee !== null
          ? { serviceFee: o.serviceFee, ownerShare: o.ownerShare }
          : ownerShare(o.subtotal, config.serviceFeePercent);
      return {
        orderId: o.id,
        number: orderNumber(o.id),
        status: o.status,
        createdAt: o.createdAt.toISOString(),
        completedAt: o.completedAt?.toISOString() ?? null,
        itemsTotal: o.subtotal,
        ...fixed,
        state: o.status === 'Completed' ? 'payable' : 'pending',
      };
    }),
    payouts: paid.map(toPayoutView),
    payoutDetails: detailsOf(owner),
  };
}

/** The admin's Payouts tab: owners with a payable balance, and the latest payouts. */
export async function listPayables(deps: Pick<AppDeps, 'db' | 'config'>): Promise<AdminPayouts> {
  const { db, config } = deps;
  const earners = await db
    .selectDistinct({ ownerId: orders.ownerId })
    .from(orders)
    .where(and(eq(orders.status, 'Completed'), sql`${orders.ownerId} is not null`));
  const ids = earners.flatMap((e) => (e.ownerId ? [e.ownerId] : []));
  const people = ids.length ? await db.select().from(user).where(inArray(user.id, ids)) : [];
  const owners = [];
  for (const person of people) {
    const totals = await balanceOf(db, person.id, config);
    if (toMinor(totals.payable) <= 0) continue;
    owners.push({
      ownerId: person.id,
      name: person.name,
      email: person.email,
      payoutDetails: detailsOf(person),
      ...totals,
    });
  }
  owners.sort((a, b) => toMinor(b.payable) - toMinor(a.payable) || a.name.localeCompare(b.name));
  const history = await db.select().from(payouts).orderBy(desc(payouts.createdAt)).limit(100);
  return { owners, history: history.map(toPayoutView) };
}

/**
 * "Record payout" (D34). The owner's row is locked first, so two admins paying the same
 * balance at once take turns: the second sees the first payout and is refused. A payout never
 * exceeds the payable balance and never lies in the future.
 */
export async function recordPayout(
  deps: Pick<AppDeps, 'db' | 'config'>,
  input: { actor: SessionUser; payout: RecordPayout },
): Promise<PayoutView> {
  const { payout, actor } = input;
  // Today as the operator counts days (D21), the day the admin's form offers by default.
  const today = localDate(now(), deps.config.timeZone);
  if (payout.paidOn > today) {
    throw new AppError('PAYOUT_DATE_FUTURE', { fields: { paidOn: fieldProblem('payoutDateFuture') } });
  }
  return deps.db.transaction(async (tx) => {
    const [owner] = await tx.select().from(user).where(eq(user.id, payout.ownerId)).for('update');
    if (!owner) throw new AppError('OWNER_NOT_FOUND');
    const { payable } = await balanceOf(tx, owner.id, deps.config);
    if (toMinor(payable) <= 0) throw new AppError('NOTHING_PAYABLE');
    if (toMinor(payout.amount) > toMinor(payable)) {
      const balance = formatMoney(payable);
      throw new AppError('PAYOUT_EXCEEDS_BALANCE', {
        params: { balance },
        fields: { amount: fieldProblem('payoutExceedsBalance', { balance }) },
      });
    }
    const [row] = await tx
      .insert(payouts)
      .values({
        ownerId: owner.id,
        ownerName: owner.name,
        amount: payout.amount,
        paidOn: payout.paidOn,
        reference: payout.reference,
        recordedById: actor.id,
        recordedByName: actor.name,
      })
      .returning();
    return toPayoutView(row);
  });
}

/**
 * D41: an order leaving Completed takes its share out of the owner's earned total; once that
 * share is paid out (the payouts exceed what the other completed orders earned), the balance
 * would go negative with no record, so the move is refused. The owner's row is locked as a
 * payout locks it, so a payout and a reopening of the same balance take turns. Call after the
 * order and its books are locked (the lock order).
 */
export async function refuseLeavingPaidOutCompletion(
  tx: DbOrTx,
  config: FeeConfig,
  order: { ownerId: string | null; status: string; ownerShare: string | null; subtotal: string },
): Promise<void> {
  if (order.status !== 'Completed' || !order.ownerId) return;
  await tx.select({ id: user.id }).from(user).where(eq(user.id, order.ownerId)).for('update');
  const { payable } = await balanceOf(tx, order.ownerId, config);
  const share = order.ownerShare ?? ownerShare(order.subtotal, config.serviceFeePercent).ownerShare;
  if (toMinor(payable) - toMinor(share) < 0) {
    throw new AppError('ORDER_PAID_OUT');
  }
}

/** The owner's payout bank details (D34), kept on the profile. */
export async function savePayoutDetails(db: DbOrTx, userId: string, details: PayoutDetails) {
  await db
    .update(user)
    .set({
      payoutBankName: details.bankName,
      payoutAccountName: details.accountName,
      payoutAccountNumber: details.accountNumber,
      updatedAt: new Date(),
    })
    .where(eq(user.id, userId));
  const [row] = await db.select().from(user).where(eq(user.id, userId));
  return detailsOf(row);
}

export async function getPayoutDetails(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(user).where(eq(user.id, userId));
  if (!row) throw new AppError('NOT_FOUND');
  return detailsOf(row);
}
