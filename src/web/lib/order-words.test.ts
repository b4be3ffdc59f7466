import { describe, expect, it } from 'vitest';
import payments from '@web/locales/en/payments.json';
import { DELIVERY_METHODS, ORDER_STATUSES, type OrderStatus } from '@domain/constants';
import type { DueState } from '@domain/loan';
import i18next from 'i18next';
import type { OrderActionType } from '@domain/order-actions';
import { allowedActions, ORDER_ROLES } from '@domain/order-machine';
import { byUrgency, type NextStepLoan, nextStep, viewerRole } from '@domain/order-words';
import idPayments from '@web/locales/id/payments.json';
import idOrders from '@web/locales/id/orders.json';
import orders from '@web/locales/en/orders.json';

// D35: plain words for borrowers, one next step per viewer.

describe('status words (D35)', () => {
  // The borrower's words are pinned word for word in src/web/spec-messages.test.ts; here every
  // status has words for each viewer in both catalogues, and members never read the bare names.
  for (const status of ORDER_STATUSES) {
    it(`${status}: plain words for borrower and owner, the name for admins, in en and id`, () => {
      for (const [lang, pay, ord] of [
        ['en', payments, orders],
        ['id', idPayments, idOrders],
      ] as const) {
        expect(pay.borrowerStatus[status], `${lang} borrower`).toBeTruthy();
        expect(pay.ownerStatus[status], `${lang} owner`).toBeTruthy();
        expect(ord.status[status], `${lang} admin`).toBeTruthy();
      }
      expect(payments.ownerStatus[status]).not.toBe('Draft');
      expect(orders.status[status]).toBe(status);
      expect(idOrders.status[status]).not.toBe(status);
    });
  }
  it('the viewer is the borrower first, then the owner, then the admin', () => {
    expect(viewerRole(['borrower', 'admin'])).toBe('borrower');
    expect(viewerRole(['owner', 'admin'])).toBe('owner');
    expect(viewerRole(['admin'])).toBe('admin');
    expect(viewerRole([])).toBeNull();
  });
});

// Every (status, viewer, delivery method, loan state) of the table, rendered with the English
// catalogue: each has words, names its days and the pickup location when it should, and never
// asks for a button the viewer does not have in that status.
const words = i18next.createInstance();
await words.init({
  lng: 'en',
  resources: { en: { payments } },
  ns: ['payments'],
  interpolation: { escapeValue: false },
});

const LOANS: Array<[string, NextStepLoan | null]> = [
  ['no loan', null],
  ['due in 7 days', { state: 'due', daysLeft: 7, borrowerReminded: false }],
  ['due in 2 days', { state: 'due_soon', daysLeft: 2, borrowerReminded: false }],
  ['due tomorrow', { state: 'due_soon', daysLeft: 1, borrowerReminded: false }],
  ['due today', { state: 'due_today', daysLeft: 0, borrowerReminded: false }],
  ['1 day late, not reminded yet', { state: 'overdue', daysLeft: -1, borrowerReminded: false }],
  ['3 days late, reminded', { state: 'overdue', daysLeft: -3, borrowerReminded: true }],
];
const PICKUP = { name: 'Ubud Reading Corner', address: 'Jl. Raya Ubud 12' };
const BUTTONS: Partial<Record<string, OrderActionType>> = {
  'Return Books': 'return_books',
  'Confirm Received': 'confirm_received',
  'Mark as Shipped': 'mark_shipped',
  'Confirm Books Returned': 'confirm_books_returned',
  'Confirm Return Complete': 'confirm_return_complete',
};

function render(input: Parameters<typeof nextStep>[0]): string {
  const step = nextStep(input);
  return words.t(`nextStep.${step.key}`, {
    ...(step.count === undefined ? {} : { count: step.count }),
    ...(step.namesPickupLocation ? PICKUP : {}),
  });
}

describe('next step (D35): the whole table', () => {
  for (const viewer of ORDER_ROLES) {
    for (const status of ORDER_STATUSES) {
      for (const deliveryMethod of DELIVERY_METHODS) {
        for (const paymentClaimed of [false, true]) {
          for (const [loanName, loan] of LOANS) {
            if (loan && status !== 'Delivered') continue;
            if (paymentClaimed && status !== 'Waiting for Payment') continue;
            const name = `${viewer}, ${status}, ${deliveryMethod}${paymentClaimed ? ', claimed' : ''}, ${loanName}`;
            it(`${name}: words true for the state`, () => {
              const step = nextStep({ status, viewer, deliveryMethod, paymentClaimed, loan });
              expect(step.key.startsWith(`${viewer}.`)).toBe(true);
              const text = render({ status, viewer, deliveryMethod, paymentClaimed, loan });
              // A missing key renders as the key itself; a missing value leaves its braces.
              expect(text).not.toContain('nextStep.');
              expect(text).not.toMatch(/\{\{|\}\}/);
              expect(text).not.toMatch(/day\(s\)|in 1 days|1 days/);
              // A button the words ask for is one this viewer has now (the two lines under
              // Actions never contradict).
              for (const [label, action] of Object.entries(BUTTONS)) {
                if (text.includes(`\u201c${label}\u201d`) && action) {
                  expect(allowedActions([viewer], status), `${name} asks for ${label}`).toContain(action);
                }
              }
              if (status === 'Returning in Progress') {
                // Where the books go and who confirms.
                expect(text).toContain(
                  deliveryMethod === 'pickup' ? `${PICKUP.name}, ${PICKUP.address}` : 'courier',
                );
                expect(text).toMatch(/owner confirms|Confirm Books Returned/);
              }
              if (status === 'Delivered' && loan?.state === 'overdue') {
                const days = -loan.daysLeft;
                const late = `${days} ${days === 1 ? 'day' : 'days'}`;
                if (viewer === 'borrower') expect(text).toContain(`Return now: ${late} late`);
                else expect(text).toContain(viewer === 'owner' ? `${late} overdue` : `Overdue by ${late}`);
                if (viewer === 'owner') {
                  expect(text).toContain(
                    loan.borrowerReminded
                      ? 'We have reminded the borrower'
                      : 'We are sending the borrower a reminder',
                  );
                }
              }
              if (status === 'Delivered' && viewer === 'borrower' && loan && loan.state !== 'due') {
                expect(text).not.toContain('Enjoy');
              }
            });
          }
        }
      }
    }
  }

  it('an overdue loan reads "Return now: 3 days late" to the borrower; the owner learns it is overdue and reminded', () => {
    const loan: NextStepLoan = { state: 'overdue', daysLeft: -3, borrowerReminded: true };
    expect(render({ status: 'Delivered', viewer: 'borrower', deliveryMethod: 'delivery', loan })).toBe(
      'Return now: 3 days late. Press \u201cReturn Books\u201d and send the books back.',
    );
    expect(render({ status: 'Delivered', viewer: 'owner', deliveryMethod: 'pickup', loan })).toBe(
      'This loan is 3 days overdue. We have reminded the borrower by email and follow up with them.',
    );
  });

  it('the return at a pickup location names it and who confirms', () => {
    expect(render({ status: 'Returning in Progress', viewer: 'borrower', deliveryMethod: 'pickup' })).toBe(
      'Bring the books to Ubud Reading Corner, Jl. Raya Ubud 12. The owner confirms when they have them back.',
    );
    expect(
      nextStep({ status: 'Returning in Progress', viewer: 'owner', deliveryMethod: 'delivery' }),
    ).toEqual({
      key: 'owner.returning',
      namesPickupLocation: false,
    });
  });

  it('names the payment step, the claim and the pickup handover apart', () => {
    expect(
      nextStep({ status: 'Waiting for Payment', viewer: 'borrower', deliveryMethod: 'pickup' }).key,
    ).toBe('borrower.payment');
    expect(
      nextStep({
        status: 'Waiting for Payment',
        viewer: 'admin',
        deliveryMethod: 'delivery',
        paymentClaimed: true,
      }).key,
    ).toBe('admin.paymentClaimed');
    expect(nextStep({ status: 'Processed', viewer: 'owner', deliveryMethod: 'pickup' }).key).toBe(
      'owner.processedPickup',
    );
  });
});

describe('My Orders puts urgent orders first', () => {
  const order = (
    id: string,
    status: OrderStatus,
    extra: {
      loan?: { state: DueState; dueAt: string } | null;
      paymentDueAt?: string | null;
      claimed?: boolean;
    },
    createdAt: string,
  ) => ({
    id,
    status,
    paymentClaimed: extra.claimed ?? false,
    loan: extra.loan ?? null,
    paymentDueAt: extra.paymentDueAt ?? null,
    createdAt,
  });
  it('overdue, then payment due by deadline, then due soon, then the rest newest first', () => {
    const list = [
      order('old-done', 'Completed', {}, '2026-11-01'),
      order('new-draft', 'Draft', {}, '2026-11-20'),
      order('due-soon', 'Delivered', { loan: { state: 'due_soon', dueAt: '2026-12-03' } }, '2026-11-02'),
      order('pay-later', 'Waiting for Payment', { paymentDueAt: '2026-11-26' }, '2026-11-19'),
      order('claimed', 'Waiting for Payment', { paymentDueAt: '2026-11-25', claimed: true }, '2026-11-18'),
      order('pay-first', 'Waiting for Payment', { paymentDueAt: '2026-11-25' }, '2026-11-18'),
      order('overdue', 'Delivered', { loan: { state: 'overdue', dueAt: '2026-11-20' } }, '2026-10-01'),
      order('due-later', 'Delivered', { loan: { state: 'due', dueAt: '2026-12-20' } }, '2026-11-10'),
    ];
    expect(byUrgency(list).map((o) => o.id)).toEqual([
      'overdue',
      'pay-first',
      'pay-later',
      'due-soon',
      'new-draft',
      'claimed',
      'due-later',
      'old-done',
    ]);
  });
});
