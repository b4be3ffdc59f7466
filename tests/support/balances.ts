import { eq } from 'drizzle-orm';
import { toMinor } from '@domain/money';
import { ownerShare } from '@domain/pricing';
import type { DbOrTx } from '@server/db/client';
import { orders, ownerBalances, payouts } from '@server/db/schema';

// The owners' balances (D34) two ways, for the tests that check the kept ones against the records.

/** Each owner's earned and paid, in minor units. */
export type Balances = Map<string, { earned: number; paid: number }>;

/** Every owner's balance computed from the orders and payouts themselves, at `fee` percent. */
export async function balancesFromRecords(db: DbOrTx, fee: number): Promise<Balances> {
  const out: Balances = new Map();
  const add = (ownerId: string, earned: number, paid: number) => {
    const b = out.get(ownerId) ?? { earned: 0, paid: 0 };
    out.set(ownerId, { earned: b.earned + earned, paid: b.paid + paid });
  };
  for (const o of await db.select().from(orders).where(eq(orders.status, 'Completed'))) {
    if (o.ownerId) add(o.ownerId, toMinor(o.ownerShare ?? ownerShare(o.subtotal, fee).ownerShare), 0);
  }
  for (const p of await db.select().from(payouts)) if (p.ownerId) add(p.ownerId, 0, toMinor(p.amount));
  return out;
}

/** The balances the triggers keep, leaving out the rows of zeros an owner keeps once everything went away. */
export async function keptBalances(db: DbOrTx): Promise<Balances> {
  const rows = await db.select().from(ownerBalances);
  return new Map(
    rows
      .map((r) => [r.ownerId, { earned: toMinor(r.earned), paid: toMinor(r.paid) }] as const)
      .filter(([, b]) => b.earned !== 0 || b.paid !== 0),
  );
}
