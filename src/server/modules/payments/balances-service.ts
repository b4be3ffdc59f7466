import { eq, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { ledgerSettings, ownerBalances } from '@server/db/schema';

// The owners' balances the triggers keep (migration 0022) count an order made before shares were
// stored at the service fee the server runs with. The server tells the database that fee when it
// starts; when it is not the one the balances were counted with (the first start after the
// migration, or a changed SERVICE_FEE_PERCENT), every balance is counted again, in one
// transaction, from the orders and payouts themselves.

/** Records the configured fee; recounts every owner's balance when it changed. Returns whether it did. */
export async function syncOwnerBalances(db: Db, serviceFeePercent: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [setting] = await tx.select().from(ledgerSettings).where(eq(ledgerSettings.id, 1)).for('update');
    if (setting?.serviceFeePercent !== null && Number(setting?.serviceFeePercent) === serviceFeePercent) {
      return false;
    }
    await tx
      .update(ledgerSettings)
      .set({ serviceFeePercent: String(serviceFeePercent) })
      .where(eq(ledgerSettings.id, 1));
    await tx.delete(ownerBalances);
    await tx.execute(sql`
      insert into owner_balances (owner_id, earned, paid)
      select owner_id, sum(earned), sum(paid) from (
        select owner_id, sum(owner_share_of(owner_share, subtotal)) as earned, 0 as paid
          from orders where status = 'Completed' and owner_id is not null group by owner_id
        union all
        select owner_id, 0, sum(amount) from payouts where owner_id is not null group by owner_id
      ) as shares
      group by owner_id`);
    return true;
  });
}
