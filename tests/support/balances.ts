import { toMinor } from '@domain/money';
import { ownerShare } from '@domain/pricing';
import type { DbOrTx } from '@server/db/client';
import { adminCounters, orders, ownerBalances, payouts } from '@server/db/schema';
import { foldCounters } from '@server/db/counters';

// The owners' balances (D34) two ways, for the tests that check the kept ones against the records.

/** Each owner's figures: earned, pending and paid in minor units, and the orders and payouts listed. */
interface Balance {
  earned: number;
  pending: number;
  paid: number;
  earningOrders: number;
  payouts: number;
}
export type Balances = Map<string, Balance>;

const zero: Balance = { earned: 0, pending: 0, paid: 0, earningOrders: 0, payouts: 0 };
/** Money on its way (D34): paid, not yet Completed or Cancelled. */
const pendingStatus = (status: string) =>
  !['Draft', 'Waiting for Payment', 'Completed', 'Cancelled'].includes(status);

/** Every owner's balance computed from the orders and payouts themselves, at `fee` percent. */
export async function balancesFromRecords(db: DbOrTx, fee: number): Promise<Balances> {
  const out: Balances = new Map();
  const add = (ownerId: string, part: Partial<Balance>) => {
    const b = out.get(ownerId) ?? zero;
    out.set(ownerId, {
      earned: b.earned + (part.earned ?? 0),
      pending: b.pending + (part.pending ?? 0),
      paid: b.paid + (part.paid ?? 0),
      earningOrders: b.earningOrders + (part.earningOrders ?? 0),
      payouts: b.payouts + (part.payouts ?? 0),
    });
  };
  for (const o of await db.select().from(orders)) {
    if (!o.ownerId || o.status === 'Cancelled') continue;
    const share = toMinor(o.ownerShare ?? ownerShare(o.subtotal, fee).ownerShare);
    add(o.ownerId, {
      earned: o.status === 'Completed' ? share : 0,
      pending: pendingStatus(o.status) ? share : 0,
      earningOrders: 1,
    });
  }
  for (const p of await db.select().from(payouts))
    if (p.ownerId) add(p.ownerId, { paid: toMinor(p.amount), payouts: 1 });
  return out;
}

/** The balances the triggers keep, leaving out the rows of zeros an owner keeps once everything went away. */
export async function keptBalances(db: DbOrTx): Promise<Balances> {
  const rows = await db.select().from(ownerBalances);
  return new Map(
    rows
      .map(
        (r) =>
          [
            r.ownerId,
            {
              earned: toMinor(r.earned),
              pending: toMinor(r.pending),
              paid: toMinor(r.paid),
              earningOrders: r.earningOrders,
              payouts: r.payouts,
            },
          ] as const,
      )
      .filter(([, b]) => Object.values(b).some((v) => v !== 0)),
  );
}

/**
 * The admin counters the triggers keep for the Payouts tab (migration 0052), and the same counted:
 * the owners owed (earned above paid) and the payouts.
 */
export async function payoutCountersTwoWays(db: DbOrTx) {
  const kept = await db.transaction(async (tx) => {
    await foldCounters(tx);
    const rows = await tx.select().from(adminCounters);
    const counter = (name: string) => Number(rows.find((r) => r.name === name)?.n ?? 0);
    return { owed: counter('owners owed'), payouts: counter('payouts') };
  });
  const counted = {
    owed: [...(await keptBalances(db)).values()].filter((b) => b.earned > b.paid).length,
    payouts: (await db.select().from(payouts)).length,
  };
  return { kept, counted };
}
