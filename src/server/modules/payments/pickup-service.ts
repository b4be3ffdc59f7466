import { sql } from 'drizzle-orm';
import { orderEvents } from '@server/db/schema';
import { announce, listen } from '@server/lib/lifecycle-events';

// D33: a pickup order needs no shipping review. Checkout creates it at Waiting for Payment
// (shipping 0, total = items); this listener (src/server/wiring.ts) records the move as the
// system's and announces it, so the payment window is armed and the payment email queued as
// for any order entering Waiting for Payment, inside the checkout transaction.

const SYSTEM_ACTOR = { actorId: null, actorName: 'System', actorRole: 'system' } as const;

export const pickupPaymentListener = listen(['order-placed'], async (tx, event, ctx) => {
  if (event.deliveryMethod !== 'pickup') return;
  await tx.insert(orderEvents).values(
    event.orderIds.map((orderId) => ({
      orderId,
      fromStatus: 'Draft' as const,
      toStatus: 'Waiting for Payment' as const,
      action: 'pickup_needs_no_review',
      ...SYSTEM_ACTOR,
      // Right after the place_order event of the same transaction (now() is the same for both).
      createdAt: sql`now() + interval '1 millisecond'`,
    })),
  );
  for (const orderId of event.orderIds) {
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
