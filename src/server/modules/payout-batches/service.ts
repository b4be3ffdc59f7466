import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { localDate } from '@domain/loan';
import { fromMinor, toMinor } from '@domain/money';
import { BATCH_LINES_SHOWN, type PayoutBatchState, type PayoutBatchView } from '@domain/payout-batch-types';
import type { MarkBatchPaid } from '@domain/schemas/payout';
import type { AppDeps, SessionUser } from '@server/app-env';
import type { DbOrTx } from '@server/db/client';
import {
  ownerBalances,
  type PayoutBatch,
  type PayoutBatchLine,
  payoutBatches,
  payoutBatchLines,
  payouts,
  user,
} from '@server/db/schema';
import { now } from '@server/lib/clock';
import { AppError, fieldProblem } from '@server/lib/errors';
import { refuseWhileRecounting } from '@server/modules/payments/balances-service';
import { balanceOf } from '@server/modules/payments/service';
import { batchCsv } from './csv';

// Payouts in one batch (D41). "Prepare batch" freezes every payable owner's whole balance,
// with their bank details, into one batch (owners without complete bank details wait for the
// next one); the admin downloads it as the bank's bulk-transfer CSV; "Mark batch paid" turns
// each line into one payout. While the batch is open its lines count as paid out: no single
// payout pays the same owner again, and their completed orders stay Completed.

type BatchDeps = Pick<AppDeps, 'db' | 'config'>;

/** The batch's own reference and each line's: short enough for every bank's transfer remark. */
const batchReference = (id: string) => `RKB-${id.slice(0, 8).toUpperCase()}`;
const lineReference = (batchRef: string, n: number) => `${batchRef}-${String(n).padStart(3, '0')}`;

const hasBankDetails = sql`${user.payoutBankName} is not null and ${user.payoutAccountName} is not null and ${user.payoutAccountNumber} is not null`;

async function viewOf(db: DbOrTx, batch: PayoutBatch): Promise<PayoutBatchView> {
  const [lines, [counted]] = await Promise.all([
    db
      .select()
      .from(payoutBatchLines)
      .where(eq(payoutBatchLines.batchId, batch.id))
      .orderBy(asc(payoutBatchLines.reference))
      .limit(BATCH_LINES_SHOWN),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(payoutBatchLines)
      .where(eq(payoutBatchLines.batchId, batch.id)),
  ]);
  return {
    id: batch.id,
    reference: batch.reference,
    total: batch.total,
    lineCount: counted.n,
    lines: lines.map((l) => ({
      ownerId: l.ownerId,
      ownerName: l.ownerName,
      bankName: l.bankName,
      accountName: l.accountName,
      accountNumber: l.accountNumber,
      amount: l.amount,
      reference: l.reference,
    })),
    createdAt: batch.createdAt.toISOString(),
    createdByName: batch.createdByName,
    paidOn: batch.paidOn,
    paidAt: batch.paidAt?.toISOString() ?? null,
    paidByName: batch.paidByName,
  };
}

/** The Payouts tab's batch panel: the open batch, the last one paid, and what a new one would pay. */
export async function payoutBatchState(deps: BatchDeps): Promise<PayoutBatchState> {
  const { db } = deps;
  // "Ready" sums the kept balances: not while some are at an old fee.
  await refuseWhileRecounting(db);
  const owed = sql`${ownerBalances.earned} > ${ownerBalances.paid}`;
  const [[open], [lastPaid], ready] = await Promise.all([
    db.select().from(payoutBatches).where(isNull(payoutBatches.paidAt)),
    db
      .select()
      .from(payoutBatches)
      .where(isNotNull(payoutBatches.paidAt))
      .orderBy(desc(payoutBatches.paidAt))
      .limit(1),
    db
      .select({
        owners: sql<number>`count(*) filter (where ${hasBankDetails})::int`,
        total: sql<string>`coalesce(sum(${ownerBalances.earned} - ${ownerBalances.paid}) filter (where ${hasBankDetails}), 0)::numeric(14,2)::text`,
        withoutBankDetails: sql<number>`count(*) filter (where not (${hasBankDetails}))::int`,
      })
      .from(ownerBalances)
      .innerJoin(user, eq(user.id, ownerBalances.ownerId))
      .where(owed),
  ]);
  return {
    open: open ? await viewOf(db, open) : null,
    lastPaid: lastPaid ? await viewOf(db, lastPaid) : null,
    ready: ready[0],
  };
}

/**
 * "Prepare batch": one line per owner with a payable balance and complete bank details, for
 * the whole balance. The owners' rows are locked in id order (the lock order), as a single
 * payout locks its owner, so a payout recorded meanwhile is either seen or waits for the batch.
 */
export async function preparePayoutBatch(deps: BatchDeps, actor: SessionUser): Promise<PayoutBatchView> {
  try {
    return await deps.db.transaction(async (tx) => {
      const [open] = await tx
        .select({ id: payoutBatches.id })
        .from(payoutBatches)
        .where(isNull(payoutBatches.paidAt));
      if (open) throw new AppError('PAYOUT_BATCH_OPEN');
      // Its owners are those the kept balances say are owed: not while some are at an old fee.
      await refuseWhileRecounting(tx);
      const owed = await tx
        .select({ id: ownerBalances.ownerId })
        .from(ownerBalances)
        .where(sql`${ownerBalances.earned} > ${ownerBalances.paid}`);
      const owners =
        owed.length === 0
          ? []
          : await tx
              .select()
              .from(user)
              .where(
                and(
                  inArray(
                    user.id,
                    owed.map((o) => o.id),
                  ),
                  hasBankDetails,
                ),
              )
              .orderBy(asc(user.id))
              .for('update');
      const due: Array<{ owner: (typeof owners)[number]; amount: number }> = [];
      for (const owner of owners) {
        const amount = toMinor((await balanceOf(tx, owner.id, deps.config)).payable);
        if (amount > 0) due.push({ owner, amount });
      }
      if (due.length === 0) throw new AppError('PAYOUT_BATCH_EMPTY');
      // Largest first, as the Payouts tab lists owners; the line numbers follow that order.
      due.sort((a, b) => b.amount - a.amount || a.owner.id.localeCompare(b.owner.id));
      const id = randomUUID();
      const reference = batchReference(id);
      const [batch] = await tx
        .insert(payoutBatches)
        .values({
          id,
          reference,
          total: fromMinor(due.reduce((sum, d) => sum + d.amount, 0)),
          createdById: actor.id,
          createdByName: actor.name,
        })
        .returning();
      await tx.insert(payoutBatchLines).values(
        due.map(({ owner, amount }, i) => ({
          batchId: id,
          ownerId: owner.id,
          ownerName: owner.name,
          bankName: owner.payoutBankName ?? '',
          accountName: owner.payoutAccountName ?? '',
          accountNumber: owner.payoutAccountNumber ?? '',
          amount: fromMinor(amount),
          reference: lineReference(reference, i + 1),
        })),
      );
      return viewOf(tx, batch);
    });
  } catch (error) {
    // Two admins preparing at once: the one-open-batch index lets one in.
    if (isUniqueViolation(error)) throw new AppError('PAYOUT_BATCH_OPEN');
    throw error;
  }
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

async function findBatch(db: DbOrTx, id: string, lock = false): Promise<PayoutBatch> {
  const query = db.select().from(payoutBatches).where(eq(payoutBatches.id, id));
  const [batch] = lock ? await query.for('update') : await query;
  if (!batch) throw new AppError('PAYOUT_BATCH_NOT_FOUND');
  return batch;
}

/** The bank's bulk-transfer file of a batch: every line, in line order. */
export async function payoutBatchFile(deps: BatchDeps, id: string): Promise<{ name: string; body: string }> {
  const batch = await findBatch(deps.db, id);
  const lines: PayoutBatchLine[] = await deps.db
    .select()
    .from(payoutBatchLines)
    .where(eq(payoutBatchLines.batchId, id))
    .orderBy(asc(payoutBatchLines.reference));
  return { name: `rakbuku-payouts-${batch.reference}.csv`, body: batchCsv(lines) };
}

/**
 * "Mark batch paid": each line becomes one payout dated the day the bank sent it. Idempotent:
 * a batch already paid is answered as it is and nothing is recorded again (the batch row's
 * lock makes two admins take turns; the unique batch line on payouts would refuse a second
 * payout of a line even so).
 */
export async function markPayoutBatchPaid(
  deps: BatchDeps,
  input: { actor: SessionUser; id: string; body: MarkBatchPaid },
): Promise<PayoutBatchView> {
  const today = localDate(now(), deps.config.timeZone);
  if (input.body.paidOn > today) {
    throw new AppError('PAYOUT_DATE_FUTURE', { fields: { paidOn: fieldProblem('payoutDateFuture') } });
  }
  return deps.db.transaction(async (tx) => {
    const batch = await findBatch(tx, input.id, true);
    if (batch.paidAt) return viewOf(tx, batch);
    const lines = await tx.select().from(payoutBatchLines).where(eq(payoutBatchLines.batchId, batch.id));
    const ownerIds = lines.flatMap((l) => (l.ownerId ? [l.ownerId] : [])).sort();
    if (ownerIds.length > 0) {
      await tx
        .select({ id: user.id })
        .from(user)
        .where(inArray(user.id, ownerIds))
        .orderBy(asc(user.id))
        .for('update');
    }
    await tx.insert(payouts).values(
      lines.map((line) => ({
        ownerId: line.ownerId,
        ownerName: line.ownerName,
        amount: line.amount,
        paidOn: input.body.paidOn,
        reference: line.reference,
        recordedById: input.actor.id,
        recordedByName: input.actor.name,
        batchLineId: line.id,
      })),
    );
    const [paid] = await tx
      .update(payoutBatches)
      .set({ paidOn: input.body.paidOn, paidAt: now(), paidByName: input.actor.name })
      .where(eq(payoutBatches.id, batch.id))
      .returning();
    return viewOf(tx, paid);
  });
}

/** "Discard batch": an open batch the bank did not send goes away whole; a paid one stays. */
export async function discardPayoutBatch(deps: BatchDeps, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const batch = await findBatch(tx, id, true);
    if (batch.paidAt) throw new AppError('PAYOUT_BATCH_PAID');
    await tx.delete(payoutBatches).where(eq(payoutBatches.id, batch.id));
  });
}
