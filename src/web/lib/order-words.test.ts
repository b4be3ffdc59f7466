import { describe, expect, it } from 'vitest';
import payments from '@web/locales/en/payments.json';
import { DELIVERY_METHODS, ORDER_STATUSES } from '@domain/constants';
import { ORDER_ROLES } from '@domain/order-machine';
import { BORROWER_STATUS_LABELS, nextStepKey, statusLabel, viewerRole } from '@domain/order-words';

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
    it(`${status} reads '${words}' to the borrower, as named to owner and admin`, () => {
      expect(statusLabel(status, 'borrower')).toBe(words);
      expect(payments.borrowerStatus[status]).toBe(words);
      expect(statusLabel(status, 'owner')).toBe(status);
      expect(statusLabel(status, 'admin')).toBe(status);
    });
  }
  it('covers all eight statuses', () => {
    expect(Object.keys(BORROWER_STATUS_LABELS).sort()).toEqual([...ORDER_STATUSES].sort());
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
