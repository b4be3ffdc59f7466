import { describe, expect, it } from 'vitest';
import payments from '@web/locales/en/payments.json';
import { DELIVERY_METHODS, ORDER_STATUSES } from '@domain/constants';
import { ORDER_ROLES } from '@domain/order-machine';
import { nextStepKey, viewerRole } from '@domain/order-words';
import ordersId from '@web/locales/id/orders.json';
import paymentsId from '@web/locales/id/payments.json';
import orders from '@web/locales/en/orders.json';

// D35: plain words for borrowers, one next step per viewer.

describe('borrower labels (D35)', () => {
  const D35 = [
    ['Draft', 'Awaiting review'],
    ['Waiting for Payment', 'Payment due'],
    ['Processed', 'Being prepared'],
    ['Delivery in Progress', 'On its way'],
    ['Delivered', 'With you'],
    ['Returning in Progress', 'On its way back'],
    ['Completed', 'Returned'],
    ['Cancelled', 'Cancelled'],
  ] as const;
  for (const [status, words] of D35) {
    it(`${status} reads '${words}' to the borrower, as named to owner and admin, in both languages`, () => {
      expect(payments.borrowerStatus[status]).toBe(words);
      expect(orders.status[status]).toBe(status);
      // In Indonesian too the borrower's words are plain words, apart from the admin's names
      // (Cancelled reads the same to both, as in English).
      expect(paymentsId.borrowerStatus[status]).toMatch(/\S/);
      if (status !== 'Cancelled') expect(paymentsId.borrowerStatus[status]).not.toBe(ordersId.status[status]);
    });
  }
  it('covers all eight statuses', () => {
    expect(Object.keys(payments.borrowerStatus).sort()).toEqual([...ORDER_STATUSES].sort());
    expect(Object.keys(paymentsId.borrowerStatus).sort()).toEqual([...ORDER_STATUSES].sort());
  });
  it('the viewer is the borrower first, then the owner, then the admin', () => {
    expect(viewerRole(['borrower', 'admin'])).toBe('borrower');
    expect(viewerRole(['owner', 'admin'])).toBe('owner');
    expect(viewerRole(['admin'])).toBe('admin');
    expect(viewerRole([])).toBeNull();
  });
});

describe('next step (D35)', () => {
  const steps = payments.nextStep as unknown as Record<string, Record<string, string>>;
  for (const viewer of ORDER_ROLES) {
    for (const status of ORDER_STATUSES) {
      for (const deliveryMethod of DELIVERY_METHODS) {
        for (const paymentClaimed of [false, true]) {
          it(`${viewer}, ${status}, ${deliveryMethod}${paymentClaimed ? ', claimed' : ''} has words`, () => {
            const key = nextStepKey({ status, viewer, deliveryMethod, paymentClaimed });
            const [who, step] = key.split('.');
            expect(who).toBe(viewer);
            expect(steps[who][step], key).toMatch(/\S/);
          });
        }
      }
    }
  }
  it('names the payment step, the claim and the pickup handover apart', () => {
    expect(nextStepKey({ status: 'Waiting for Payment', viewer: 'borrower', deliveryMethod: 'pickup' })).toBe(
      'borrower.payment',
    );
    expect(
      nextStepKey({
        status: 'Waiting for Payment',
        viewer: 'admin',
        deliveryMethod: 'delivery',
        paymentClaimed: true,
      }),
    ).toBe('admin.paymentClaimed');
    expect(nextStepKey({ status: 'Processed', viewer: 'owner', deliveryMethod: 'pickup' })).toBe(
      'owner.processedPickup',
    );
    expect(nextStepKey({ status: 'Completed', viewer: 'owner', deliveryMethod: 'delivery' })).toBe(
      'owner.completed',
    );
  });
});
