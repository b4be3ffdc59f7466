import { describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import type { Tx } from '@server/db/client';
import { announce, type LifecycleEvent, listen, onLifecycleEvent } from './lifecycle-events';

// The bus alone: a listener hears only the types it names, in registration order, and an
// announcement about no books or no orders reaches nobody.

const tx = {} as Tx;
const ctx = { config: loadConfig({}) };

/** An event's notices with nobody to tell: these tests are about who hears it. */
const NOBODY_TOLD = { orders: [], owners: new Map(), admins: [], borrowerLanguage: 'en' };

describe('lifecycle events', () => {
  it('delivers each event to the listeners of its type only, in registration order', async () => {
    const heard: string[] = [];
    const placed = listen(
      ['order-placed'],
      async (_tx, event) => void heard.push(`placed:${event.orderIds.join()}`),
    );
    const paid = listen(['payment-recorded'], async (_tx, event) => void heard.push(`paid:${event.orderId}`));
    const both = listen(
      ['order-placed', 'payment-recorded'],
      async (_tx, event) => void heard.push(`both:${event.type}`),
    );
    onLifecycleEvent(placed, paid, both, placed);

    await announce(
      tx,
      {
        type: 'order-placed',
        orderIds: ['o1'],
        borrowerId: 'm1',
        deliveryMethod: 'delivery',
        payableOrderIds: [],
        heldBookIds: [],
        told: NOBODY_TOLD,
      },
      ctx,
    );
    await announce(
      tx,
      { type: 'payment-recorded', orderId: 'o2', amount: 1000, source: 'gateway', reference: 'r' },
      ctx,
    );
    await announce(tx, { type: 'books-borrowable', bookIds: ['b1'] }, ctx);
    expect(heard).toEqual(['placed:o1', 'both:order-placed', 'paid:o2', 'both:payment-recorded']);
  });

  it('announces nothing about an empty set of books or orders', async () => {
    const heard: LifecycleEvent[] = [];
    onLifecycleEvent(
      listen(['books-withdrawn', 'order-placed'], async (_tx, event) => void heard.push(event)),
    );
    await announce(tx, { type: 'books-withdrawn', bookIds: [], reason: 'sold' }, ctx);
    await announce(
      tx,
      {
        type: 'order-placed',
        orderIds: [],
        borrowerId: 'm1',
        deliveryMethod: 'pickup',
        payableOrderIds: [],
        heldBookIds: [],
        told: NOBODY_TOLD,
      },
      ctx,
    );
    expect(heard).toEqual([]);
  });
});
