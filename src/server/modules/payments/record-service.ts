import { eq } from 'drizzle-orm';
import { fromMinor } from '@domain/money';
import type { Config } from '@server/config';
import type { Tx } from '@server/db/client';
import { type Order, orderEvents, orders } from '@server/db/schema';
import { announce } from '@server/lib/lifecycle-events';
import { loadOrderItems } from '@server/modules/orders/service';
import { applyBookEffects } from '@server/modules/orders/status-service';
import { paymentConfirmation } from './service';

// The one way money recorded as received by a provider moves an order (D42): what an admin's
// Confirm Payment does, with the system as the actor. Called inside the transaction that
// recorded the money (a checked gateway notice, a matched statement line), with the order
// already locked and known to be Waiting for Payment. D44: money that came late never moves an
// order by itself, but an admin may revive the order with it (payment tasks, finance module):
// then the order may be Cancelled, the admin is the actor, and the books are lent again through
// the same book effects as an admin's reopening, which refuse a book no longer free.

export interface ReceivedMoney {
  /** Whole rupiah received. */
  amount: number;
  /** What identifies the money at the provider (the gateway's payment id, a statement line). */
  reference: string;
  source: 'gateway' | 'statement';
  /** The admin reviving the order with this money (a payment task). */
  revivedBy?: { id: string; name: string };
}

export async function recordPaymentReceived(
  tx: Tx,
  config: Config,
  order: Order,
  money: ReceivedMoney,
): Promise<void> {
  const revivable = money.revivedBy !== undefined && order.status === 'Cancelled';
  if (order.status !== 'Waiting for Payment' && !revivable) {
    throw new Error(`recordPaymentReceived: order ${order.id} is ${order.status}, not Waiting for Payment`);
  }
  const actor = money.revivedBy
    ? { actorId: money.revivedBy.id, actorName: money.revivedBy.name, actorRole: 'admin' as const }
    : { actorId: null, actorName: 'System', actorRole: 'system' as const };
  const to = 'Processed' as const;
  const amountReceived = fromMinor(money.amount * 100);
  const items = await loadOrderItems(tx, order.id);
  // The same steps, in the same order, as the status service's confirm_payment: the books are
  // lent, the order records what arrived, and the announced status change cancels the payment
  // window's timer and queues the same emails through their listeners (wiring.ts).
  await applyBookEffects(tx, config, order, items, to);
  await tx
    .update(orders)
    .set({
      status: to,
      updatedAt: new Date(),
      ...paymentConfirmation({ amountReceived, bankReference: money.reference }),
    })
    .where(eq(orders.id, order.id));
  await tx.insert(orderEvents).values({
    orderId: order.id,
    fromStatus: order.status,
    toStatus: to,
    action: 'confirm_payment',
    ...actor,
    details: { amountReceived, bankReference: money.reference },
  });
  await announce(
    tx,
    { type: 'order-status-changed', orderId: order.id, from: order.status, to, actorRole: actor.actorRole },
    { config },
  );
  await announce(
    tx,
    {
      type: 'payment-recorded',
      orderId: order.id,
      amount: money.amount,
      source: money.source,
      reference: money.reference,
    },
    { config },
  );
}
