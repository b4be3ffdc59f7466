import type { OrderStatus } from '@domain/constants';
import type { Config } from '@server/config';
import type { Tx } from '@server/db/client';
import type { Order, OrderItem } from '@server/db/schema';

// The marketplace's lifecycle events, announced once by the code that makes them happen and
// heard by whatever reacts (notices, timers, waitlists, wanted books, push, balances, counts).
// The announcer does not know its followers: src/server/wiring.ts lists every listener and
// runtime.ts registers them before the app serves. Listeners run inside the transaction that
// made the change, so what they write commits or rolls back with it. A listener must be
// idempotent: a retried request or a replayed notice may announce the same fact again.

/** What checkout writes of an order and the 'placed' notices tell. */
export type PlacedOrder = Pick<
  Order,
  | 'id'
  | 'userId'
  | 'userName'
  | 'userEmail'
  | 'ownerId'
  | 'ownerName'
  | 'deliveryMethod'
  | 'deliveryAddress'
  | 'pickupLocation'
  | 'borrowDuration'
  | 'subtotal'
  | 'shippingCost'
  | 'total'
  | 'ownerShare'
>;

export type LifecycleEvent =
  /** Checkout created these orders (one per owner, D5), in the state each entered. */
  | {
      type: 'order-placed';
      orderIds: string[];
      borrowerId: string;
      /** One method for the whole checkout. */
      deliveryMethod: 'delivery' | 'pickup';
      /**
       * The orders that need no shipping review and were created at Waiting for Payment: every
       * pickup order (D33) and a delivery order on a priced route (D49). The rest are Draft.
       */
      payableOrderIds: string[];
      /** The books among them that were held for the borrower (D25): their holds end now. */
      heldBookIds: string[];
      /**
       * What the 'placed' notices tell and to whom, as checkout wrote and read it, so the notices'
       * listener renders them without reading any of it back.
       */
      told: {
        orders: ReadonlyArray<{
          /** As checkout built it: what its statement writes, without the database's defaults. */
          order: PlacedOrder;
          items: ReadonlyArray<Pick<OrderItem, 'title' | 'borrowDuration' | 'itemTotal'>>;
        }>;
        /** Each owner's address and language, by owner id (an owner whose account is gone has none). */
        owners: ReadonlyMap<string, Addressee>;
        /** Every admin, oldest first. */
        admins: readonly Addressee[];
        borrowerLanguage: string;
      };
    }
  /** An order moved from one status to another (D8), by a member, an admin or the system. */
  | {
      type: 'order-status-changed';
      orderId: string;
      from: OrderStatus;
      to: OrderStatus;
      actorRole: 'borrower' | 'owner' | 'admin' | 'system';
    }
  /**
   * Money for an order was recorded as received: an admin's Confirm Payment, a gateway's
   * checked notice or a matched statement line (D33, D42). Announced in the transaction that
   * records it, before or with the order's move to Processed.
   */
  | {
      type: 'payment-recorded';
      orderId: string;
      /** Whole rupiah (D32). */
      amount: number;
      source: 'admin' | 'gateway' | 'statement';
      reference: string;
    }
  /** The books are now borrowable: Available, held by no order, not deleted (D6, D25). */
  | { type: 'books-borrowable'; bookIds: string[] }
  /** The books left the marketplace for good (D7, D28). */
  | { type: 'books-withdrawn'; bookIds: string[]; reason: 'deleted' | 'sold' };

interface Addressee {
  email: string;
  language: string;
}

export type LifecycleEventType = LifecycleEvent['type'];

export interface LifecycleContext {
  config: Config;
}

export type LifecycleListener<T extends LifecycleEventType = LifecycleEventType> = {
  /** The event types this listener hears. */
  on: readonly T[];
  handle: (tx: Tx, event: Extract<LifecycleEvent, { type: T }>, ctx: LifecycleContext) => Promise<void>;
};

const listeners = new Set<LifecycleListener>();

/** Adds listeners; adding one twice changes nothing. */
export function onLifecycleEvent(...added: LifecycleListener[]): void {
  for (const listener of added) listeners.add(listener);
}

/** Runs every listener of the event's type, in registration order, inside `tx`. */
export async function announce(tx: Tx, event: LifecycleEvent, ctx: LifecycleContext): Promise<void> {
  if ('bookIds' in event && event.bookIds.length === 0) return;
  if (event.type === 'order-placed' && event.orderIds.length === 0) return;
  for (const listener of listeners) {
    if (!(listener.on as readonly string[]).includes(event.type)) continue;
    const handle = listener.handle as (tx: Tx, e: LifecycleEvent, c: LifecycleContext) => Promise<void>;
    await handle(tx, event, ctx);
  }
}

/** A typed listener: `listen(['order-placed'], async (tx, event) => ...)`. */
export function listen<T extends LifecycleEventType>(
  on: readonly T[],
  handle: LifecycleListener<T>['handle'],
): LifecycleListener {
  return { on, handle } as unknown as LifecycleListener;
}
