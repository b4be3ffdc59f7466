import { sql } from 'drizzle-orm';
import type { Config } from '@server/config';
import type { Tx } from '@server/db/client';
import { type Order, orderEvents } from '@server/db/schema';
import { queueOrderNotices } from '@server/modules/email/order-notices-service';
import { armPaymentWindow } from '@server/modules/loans/service';

// D33: a pickup order needs no shipping review, nor (D49) does a delivery on a priced route.
// Checkout creates either at Waiting for Payment with its shipping cost and total, and this
// records the move as the system's and queues the payment email, inside the checkout transaction.

const SYSTEM_ACTOR = { actorId: null, actorName: 'System', actorRole: 'system' } as const;

/** Returns the payment deadline (D24). */
export async function enterPaymentAtCheckout(tx: Tx, config: Config, order: Order): Promise<Date> {
  await tx.insert(orderEvents).values({
    orderId: order.id,
    fromStatus: 'Draft',
    toStatus: 'Waiting for Payment',
    action: order.deliveryMethod === 'pickup' ? 'pickup_needs_no_review' : 'delivery_priced_by_area',
    ...SYSTEM_ACTOR,
    // Right after the place_order event of the same transaction (now() is the same for both).
    createdAt: sql`now() + interval '1 millisecond'`,
  });
  // D24: the one function every path into Waiting for Payment calls (deadline and timer).
  const deadline = await armPaymentWindow(tx, config, order.id);
  await queueOrderNotices(tx, config, order.id, 'shipping_cost_set');
  return deadline;
}
