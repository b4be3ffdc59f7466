import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type {
  AdminPayouts,
  AdminPayoutsQuery,
  Earnings,
  EarningsQuery,
  EarningsTotals,
  PayableOwner,
  PayoutView,
} from '@domain/earnings-types';
import { localDate } from '@domain/loan';
import { formatMoney, fromMinor, toMinor } from '@domain/money';
import { orderNumber } from '@domain/order-number';
import { ownerShare } from '@domain/pricing';
import type { PayoutDetails, RecordPayout } from '@domain/schemas/payout';
import type { AppDeps, SessionUser } from '@server/app-env';
import type { Config } from '@server/config';
import type { DbOrTx } from '@server/db/client';
import {
  orders,
  ownerBalances,
  type Payout,
  payoutBatches,
  payoutBatchLines,
  payouts,
  user,
} from '@server/db/schema';
import { countersOf } from '@server/db/counters';
import { now } from '@server/lib/clock';
import { cappedTotal, cursorPageOf, type Keyset, keyColumns, keysetPage } from '@server/lib/keyset';
import { AppError, fieldProblem } from '@server/lib/errors';
import { openOrder } from '@server/modules/books/availability-service';
import { recounting, refuseWhileRecounting } from './balances-service';

// Earnings and payouts: an owner's share of each order is fixed at checkout, payable once
// the order is Completed; admins pay it out. payable = completed shares - payouts, computed in
// the database under a lock on the owner, so two payouts of the same balance pay once.

type FeeConfig = Pick<Config, 'serviceFeePercent'>;

/**
 * Money on its way to the owner: the shares of open orders the borrower has paid. An order
 * still under review or waiting for payment may never be paid, so it is not counted (D34).
 */
const paidOpenOrder = () => sql`${openOrder()} and ${orders.status} not in ('Draft', 'Waiting for Payment')`;

/** The share of an order, also for rows made before shares were stored. */
export const shareSql = (config: FeeConfig) =>
  sql<string>`coalesce(${orders.ownerShare}, ${orders.subtotal} - round(${orders.subtotal} * ${config.serviceFeePercent} / 100))`;

/**
 * What the owner's line in the open payout batch holds, in minor units (0 when none): money the
 * bank file already sends, so no other payout may pay it again and it counts as paid out.
 */
async function inOpenBatch(db: DbOrTx, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ amount: sql<string>`coalesce(sum(${payoutBatchLines.amount}), 0)::numeric(14,2)::text` })
    .from(payoutBatchLines)
    .innerJoin(payoutBatches, eq(payoutBatches.id, payoutBatchLines.batchId))
    .where(and(eq(payoutBatchLines.ownerId, ownerId), isNull(payoutBatches.paidAt)));
  return toMinor(row.amount);
}

/**
 * The owner's totals counted from the orders and payouts themselves, at the configured fee: what
 * a payout checks under the owner's lock, and the Earnings page while the kept balances are
 * counted again after a fee change. It reads every order and payout of the owner.
 */
export async function balanceOf(db: DbOrTx, ownerId: string, config: FeeConfig): Promise<EarningsTotals> {
  const [shares] = await db
    .select({
      earned: sql<string>`coalesce(sum(${shareSql(config)}) filter (where ${orders.status} = 'Completed'), 0)::numeric(14,2)::text`,
      pending: sql<string>`coalesce(sum(${shareSql(config)}) filter (where ${paidOpenOrder()}), 0)::numeric(14,2)::text`,
    })
    .from(orders)
    .where(eq(orders.ownerId, ownerId));
  const [paid] = await db
    .select({ total: sql<string>`coalesce(sum(${payouts.amount}), 0)::numeric(14,2)::text` })
    .from(payouts)
    .where(eq(payouts.ownerId, ownerId));
  return totalsOf(shares.earned, shares.pending, paid.total);
}

/**
 * What owner_balances keeps for the owner (migration 0052): the totals and the sizes of the
 * Earnings page's two lists, one row by its key. No row: no order listed and no payout yet.
 */
async function keptBalanceOf(db: DbOrTx, ownerId: string) {
  const [row] = await db
    .select({
      earned: sql<string>`${ownerBalances.earned}::text`,
      pending: sql<string>`${ownerBalances.pending}::text`,
      paid: sql<string>`${ownerBalances.paid}::text`,
      earningOrders: ownerBalances.earningOrders,
      payouts: ownerBalances.payouts,
    })
    .from(ownerBalances)
    .where(eq(ownerBalances.ownerId, ownerId));
  return row ?? { earned: '0', pending: '0', paid: '0', earningOrders: 0, payouts: 0 };
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

/** The owner's orders on the Earnings page, newest first (orders_owner_idx). */
const earningsKeys: Keyset = { list: 'earnings', at: orders.createdAt, id: orders.id, idType: 'uuid' };
/** The payout history of the admin's Payouts tab, newest first. */
const payoutKeys: Keyset = { list: 'payouts', at: payouts.createdAt, id: payouts.id, idType: 'uuid' };
/** The owner's payouts on the Earnings page, newest day first (payouts_owner_paid_idx). */
const ownerPayoutKeys: Keyset = {
  list: 'owner-payouts',
  at: payouts.paidOn,
  atType: 'date',
  id: payouts.id,
  idType: 'uuid',
};

/**
 * The owner's Earnings page: totals, one page of the orders' shares (keyset, newest first),
 * the payouts and the payout details.
 */
export async function getEarnings(
  deps: Pick<AppDeps, 'db' | 'config'>,
  ownerId: string,
  query: EarningsQuery,
): Promise<Earnings> {
  const { db, config } = deps;
  const [owner] = await db.select().from(user).where(eq(user.id, ownerId));
  if (!owner) throw new AppError('NOT_FOUND');
  const [kept, feeChanging] = await Promise.all([keptBalanceOf(db, ownerId), recounting(db)]);
  const where = and(eq(orders.ownerId, ownerId), sql`${orders.status} <> 'Cancelled'`);
  const page = await cursorPageOf(
    db,
    { keys: earningsKeys, keptCount: kept.earningOrders },
    query,
    (seek, orderBy, limit) =>
      db
        .select({ ...keyColumns(earningsKeys), order: orders })
        .from(orders)
        .where(and(where, seek))
        .orderBy(...orderBy)
        .limit(limit),
    ({ order: o }) => {
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
        state:
          o.status === 'Completed'
            ? ('payable' as const)
            : o.status === 'Draft' || o.status === 'Waiting for Payment'
              ? ('unpaid' as const)
              : ('pending' as const),
      };
    },
  );
  const mine = eq(payouts.ownerId, ownerId);
  const paid = await cursorPageOf(
    db,
    { keys: ownerPayoutKeys, keptCount: kept.payouts },
    { cursor: query.payoutsCursor, pageSize: query.pageSize },
    (seek, orderBy, limit) =>
      db
        .select({ ...keyColumns(ownerPayoutKeys), payout: payouts })
        .from(payouts)
        .where(and(mine, seek))
        .orderBy(...orderBy)
        .limit(limit),
    (row) => toPayoutView(row.payout),
  );
  return {
    // While the balances are counted again at a new fee, the kept shares may be at the old one.
    totals: feeChanging
      ? await balanceOf(db, ownerId, config)
      : totalsOf(kept.earned, kept.pending, kept.paid),
    serviceFeePercent: config.serviceFeePercent,
    orders: page,
    payouts: paid,
    payoutDetails: detailsOf(owner),
  };
}

/**
 * The owners with a payable balance, largest first, id as the tie-break: one range of
 * owner_balances_payable_idx (the balances the triggers keep, migration 0022), with a keyset
 * cursor on (payable, owner id); `owedOwners` is their kept count (migration 0052), capped as a
 * count is. Answers the page's owner ids with earned, pending and paid; `pageOwners` adds the rest.
 */
async function payableOwnerPage(
  db: DbOrTx,
  query: AdminPayoutsQuery,
  owedOwners: number,
): Promise<{
  rows: PayableRow[];
  nextCursor: string | null;
  prevCursor: string | null;
  total: number;
  totalCapped: boolean;
}> {
  const keys: Keyset = {
    list: 'payables',
    at: sql`(${ownerBalances.earned} - ${ownerBalances.paid})`,
    atType: 'numeric',
    id: ownerBalances.ownerId,
    idType: 'text',
  };
  const owed = sql`${ownerBalances.earned} > ${ownerBalances.paid}`;
  const page = await keysetPage(keys, query.ownersCursor, query.ownersPageSize, (seek, orderBy, limit) =>
    db
      .select({
        ...keyColumns(keys),
        earned: sql<string>`${ownerBalances.earned}::text`,
        pending: sql<string>`${ownerBalances.pending}::text`,
        paid: sql<string>`${ownerBalances.paid}::text`,
      })
      .from(ownerBalances)
      .where(and(owed, seek))
      .orderBy(...orderBy)
      .limit(limit),
  );
  return { ...page, ...cappedTotal(owedOwners) };
}

/** The admin counters of the balances with earned above paid and of the payouts (migration 0052). */
const OWNERS_OWED_COUNTER = 'owners owed';
const PAYOUTS_COUNTER = 'payouts';

interface PayableRow {
  at: string;
  id: string;
  earned: string;
  pending: string;
  paid: string;
}

/** The page's owners with their names and bank details (one read by id). */
async function pageOwners(db: DbOrTx, rows: PayableRow[]): Promise<PayableOwner[]> {
  if (rows.length === 0) return [];
  const people = await db
    .select()
    .from(user)
    .where(
      inArray(
        user.id,
        rows.map((r) => r.id),
      ),
    );
  const byId = new Map(people.map((p) => [p.id, p]));
  return rows.flatMap((row) => {
    const person = byId.get(row.id);
    if (!person) return [];
    return [
      {
        ownerId: person.id,
        name: person.name,
        email: person.email,
        payoutDetails: detailsOf(person),
        ...totalsOf(row.earned, row.pending, row.paid),
      },
    ];
  });
}

/**
 * The admin's Payouts tab: one page of the owners with a payable balance (largest first) and
 * one page of the payouts made (newest first), each by its own cursor.
 */
export async function listPayables(
  deps: Pick<AppDeps, 'db' | 'config'>,
  query: AdminPayoutsQuery,
): Promise<AdminPayouts> {
  const { db } = deps;
  // The owners' figures come from the kept balances: none while some are at an old fee.
  await refuseWhileRecounting(db);
  // Both counts are kept by triggers (migration 0052): counting the rows read them all.
  const [owedOwners, payoutsMade] = await countersOf(db, [OWNERS_OWED_COUNTER, PAYOUTS_COUNTER]);
  const [owed, history] = await Promise.all([
    payableOwnerPage(db, query, owedOwners),
    cursorPageOf(
      db,
      { keys: payoutKeys, keptCount: payoutsMade },
      query,
      (seek, orderBy, limit) =>
        db
          .select({ ...keyColumns(payoutKeys), payout: payouts })
          .from(payouts)
          .where(seek)
          .orderBy(...orderBy)
          .limit(limit),
      (row) => toPayoutView(row.payout),
    ),
  ]);
  return {
    owners: {
      items: await pageOwners(db, owed.rows),
      nextCursor: owed.nextCursor,
      prevCursor: owed.prevCursor,
      total: owed.total,
      totalCapped: owed.totalCapped,
    },
    history,
  };
}

/**
 * "Record payout". The owner's row is locked first, so two admins paying the same
 * balance at once take turns: the second sees the first payout and is refused. A payout never
 * exceeds the payable balance and never lies in the future.
 */
export async function recordPayout(
  deps: Pick<AppDeps, 'db' | 'config'>,
  input: { actor: SessionUser; payout: RecordPayout },
): Promise<PayoutView> {
  const { payout, actor } = input;
  // Today as the operator counts days, the day the admin's form offers by default.
  const today = localDate(now(), deps.config.timeZone);
  if (payout.paidOn > today) {
    throw new AppError('PAYOUT_DATE_FUTURE', { fields: { paidOn: fieldProblem('payoutDateFuture') } });
  }
  return deps.db.transaction(async (tx) => {
    const [owner] = await tx.select().from(user).where(eq(user.id, payout.ownerId)).for('update');
    if (!owner) throw new AppError('OWNER_NOT_FOUND');
    const { payable } = await balanceOf(tx, owner.id, deps.config);
    if (toMinor(payable) <= 0) throw new AppError('NOTHING_PAYABLE');
    // The open batch's file pays this owner already: marking it paid records that payout.
    if ((await inOpenBatch(tx, owner.id)) > 0) throw new AppError('PAYOUT_IN_OPEN_BATCH');
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
  // A share in the open payout batch is on its way to the owner's bank: paid out as far as its share's return goes.
  if (toMinor(payable) - (await inOpenBatch(tx, order.ownerId)) - toMinor(share) < 0) {
    throw new AppError('ORDER_PAID_OUT');
  }
}

/** The owner's payout bank details, kept on the profile. */
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
