import { sql } from 'drizzle-orm';
import { orderEvents } from '@server/db/schema';
import { announce, listen } from '@server/lib/lifecycle-events';

// D33: a pickup order needs no shipping review, nor (D49) does a delivery on a priced route.
// Checkout creates either at Waiting for Payment with its shipping cost and total; this listener
// (src/server/wiring.ts) records the move as the system's and announces it, so the payment window
// is armed and the payment email queued as for any order entering Waiting for Payment, inside the
// checkout transaction.

const SYSTEM_ACTOR = { actorId: null, actorName: 'System', actorRole: 'system' } as const;

export const pickupPaymentListener = listen(['order-placed'], async (tx, event, ctx) => {
  if (event.payableOrderIds.length === 0) return;
  const action = event.deliveryMethod === 'pickup' ? 'pickup_needs_no_review' : 'delivery_priced_by_area';
  await tx.insert(orderEvents).values(
    event.payableOrderIds.map((orderId) => ({
      orderId,
      fromStatus: 'Draft' as const,
      toStatus: 'Waiting for Payment' as const,
      action,
      ...SYSTEM_ACTOR,
      // Right after the place_order event of the same transaction (now() is the same for both).
      createdAt: sql`now() + interval '1 millisecond'`,
    })),
  );
  for (const orderId of event.payableOrderIds) {
    await announce(
      tx,
      {
        type: 'order-status-changed',
        orderId,
        from: 'Draft',
        to: 'Waiting for Payment',
        actorRole: 'system',
      },
      ctx,
    );
  }
});
