import { asc, eq, gt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@server/db/client';
import { ledgerSettings, user } from '@server/db/schema';
import { AppError } from '@server/lib/errors';
import type { Logger } from '@server/lib/logger';

// The owners' balances the triggers keep (migration 0022) count an order made before shares were
// stored at the service fee the server runs with. The server tells the database that fee when it
// starts; when it is not the one the balances were counted with (the first start after the
// migration, or a changed SERVICE_FEE_PERCENT), every balance is counted again from the orders
// and payouts themselves.
//
// That recount once ran in the start-up, as one statement: on a million orders it took 12-20 s,
// passed the statement timeout, and the server exited. Now a start only records the new fee and
// where the recount stands (`ledger_settings.recount_after`, migration 0030); the recount runs
// in the background in batches of RECOUNT_BATCH owners (by user id), one short transaction each,
// and a restart goes on where it stopped (docs/decisions/0007-background-balance-recount.md).
// Meanwhile the lists built on the kept balances (the Payouts tab's owners and its batch panel,
// a new payout batch) answer 503 BALANCES_RECOUNTING with Retry-After rather than a figure
// counted half at the old fee; an owner's own Earnings totals and a single payout read the orders
// themselves (`balanceOf`) meanwhile and stay right throughout.

/** Owners (user ids) counted again in one transaction. */
const RECOUNT_BATCH = 500;
/** What a list tells a client to wait while the recount runs. */
const RECOUNT_RETRY_AFTER_SECONDS = 10;
/** After a failed batch (a deadlock with a writer, the database away), the next try waits this long. */
const RECOUNT_RETRY_MS = 5_000;

/**
 * Records the configured fee; when it changed, starts the recount over from the first owner.
 * Returns whether a recount is due (a new fee, or one a stop left unfinished).
 */
export async function syncOwnerBalances(db: Db, serviceFeePercent: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [setting] = await tx.select().from(ledgerSettings).where(eq(ledgerSettings.id, 1)).for('update');
    if (setting?.serviceFeePercent !== null && Number(setting?.serviceFeePercent) === serviceFeePercent) {
      return setting?.recountAfter !== null;
    }
    await tx
      .update(ledgerSettings)
      .set({ serviceFeePercent: String(serviceFeePercent), recountAfter: '' })
      .where(eq(ledgerSettings.id, 1));
    return true;
  });
}

/** Whether the kept balances are being counted again (some still at an old fee). */
export async function recounting(db: DbOrTx): Promise<boolean> {
  const [setting] = await db
    .select({ recountAfter: ledgerSettings.recountAfter })
    .from(ledgerSettings)
    .where(eq(ledgerSettings.id, 1));
  return setting?.recountAfter != null;
}

/** For the readers of owner_balances: refuses with 503 and Retry-After while the recount runs. */
export async function refuseWhileRecounting(db: DbOrTx): Promise<void> {
  if (await recounting(db)) {
    throw new AppError('BALANCES_RECOUNTING', { retryAfterSeconds: RECOUNT_RETRY_AFTER_SECONDS });
  }
}

/**
 * Counts one batch of owners again: the next `batch` user ids after where the recount stands
 * (the last batch: every id after it, so balances of deleted owners are counted too). Returns
 * whether more remain.
 *
 * Each balance row in the range is locked before it is counted, in a statement of its own, so a
 * writer's trigger that moves a balance meanwhile either committed before (and is counted) or
 * waits for the lock and adds its change to the recounted figure, at the new fee.
 */
export async function recountBalancesStep(db: Db, batch = RECOUNT_BATCH): Promise<boolean> {
  return db.transaction(async (tx) => {
    // One recounter at a time, whatever the instances; writers never wait for this row.
    const [setting] = await tx
      .select({ recountAfter: ledgerSettings.recountAfter })
      .from(ledgerSettings)
      .where(eq(ledgerSettings.id, 1))
      .for('update');
    const after = setting?.recountAfter;
    if (after == null) return false;
    const [end] = await tx
      .select({ id: user.id })
      .from(user)
      .where(gt(user.id, after))
      .orderBy(asc(user.id))
      .offset(batch - 1)
      .limit(1);
    const upto = end?.id ?? null;
    const inRange = (column: string) =>
      upto === null
        ? sql`${sql.identifier(column)} > ${after}`
        : sql`${sql.identifier(column)} > ${after} and ${sql.identifier(column)} <= ${upto}`;

    // Every owner in the range with an order Earnings lists or a payout gets a row (in id order),
    // then each row of the range is locked, then counted from what has committed by then.
    await tx.execute(sql`
      insert into owner_balances (owner_id)
      select owner_id from (
        select owner_id from orders where ${inRange('owner_id')} and status <> 'Cancelled'
        union
        select owner_id from payouts where ${inRange('owner_id')}
      ) as owners order by owner_id
      on conflict (owner_id) do nothing`);
    await tx.execute(
      sql`select owner_id from owner_balances where ${inRange('owner_id')} order by owner_id for update`,
    );
    await tx.execute(sql`
      update owner_balances as b set
        (earned, pending, earning_orders) = (
          select coalesce(sum(part.earned), 0), coalesce(sum(part.pending), 0), coalesce(sum(part.earning_orders), 0)
          from orders o, order_balance_part(o, 1) part where o.owner_id = b.owner_id),
        (paid, payouts) = (
          select coalesce(sum(p.amount), 0), count(*) from payouts p where p.owner_id = b.owner_id)
      where ${inRange('owner_id')}`);
    await tx.update(ledgerSettings).set({ recountAfter: upto }).where(eq(ledgerSettings.id, 1));
    return upto !== null;
  });
}

export interface BalanceRecount {
  /** Settles when every balance is counted at the configured fee (or the recount was stopped). */
  done: Promise<void>;
  /** Stops after the batch in hand; a later start goes on from there. */
  stop(): Promise<void>;
}

/**
 * Runs the recount to its end in the background, one batch after another; a failed batch is
 * logged and tried again a little later (a start must never fail because of it).
 */
export function startBalanceRecount(db: Db, log: Logger): BalanceRecount {
  let stopped = false;
  let wake: (() => void) | null = null;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const done = (async () => {
    const started = Date.now();
    let batches = 0;
    while (!stopped) {
      try {
        const more = await recountBalancesStep(db);
        batches++;
        if (!more) {
          log.info(
            { batches, ms: Date.now() - started },
            'owner balances counted again at the configured fee',
          );
          return;
        }
        await new Promise((resolve) => setImmediate(resolve));
      } catch (err) {
        if (stopped) return;
        log.warn({ err }, 'a batch of the owner balances recount failed; trying again');
        await pause(RECOUNT_RETRY_MS);
      }
    }
  })();
  return {
    done,
    async stop() {
      stopped = true;
      wake?.();
      await done;
    },
  };
}
