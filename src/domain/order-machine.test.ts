import { readFieldMessage } from './error-codes';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from './constants';
import type { OrderActionType, OrderRole } from './order-actions';
import {
  ORDER_ACTION_TYPES,
  ORDER_ROLES,
  actingRole,
  allowedActions,
  bookEffectOf,
  orderTotal,
  roleMayAct,
  shippingCostProblem,
  targetStatus,
} from './order-machine';

// The expected table, written out from spec section 4 and D8 independently of the implementation:
// for each role and status, exactly the actions that role may take. Every other cell is refused.
const EXPECTED: Record<OrderRole, Record<OrderStatus, OrderActionType[]>> = {
  admin: {
    Draft: ['set_shipping_cost', 'cancel', 'set_status'],
    'Waiting for Payment': ['confirm_payment', 'cancel', 'set_status'],
    Processed: ['mark_shipped', 'cancel', 'set_status'],
    'Delivery in Progress': ['mark_delivered', 'cancel', 'set_status'],
    Delivered: ['mark_return_started', 'cancel', 'set_status'],
    'Returning in Progress': ['confirm_return_complete', 'cancel', 'set_status'],
    Completed: ['set_status'],
    Cancelled: ['set_status'],
  },
  borrower: {
    // D35: the borrower may cancel until the order is paid.
    Draft: ['cancel'],
    'Waiting for Payment': ['cancel'],
    Processed: [],
    'Delivery in Progress': ['confirm_received'],
    Delivered: ['return_books'],
    'Returning in Progress': [],
    Completed: [],
    Cancelled: [],
  },
  owner: {
    Draft: [],
    'Waiting for Payment': [],
    Processed: ['mark_shipped'],
    'Delivery in Progress': [],
    Delivered: [],
    'Returning in Progress': ['confirm_books_returned'],
    Completed: [],
    Cancelled: [],
  },
};

const cells = ORDER_ROLES.flatMap((role) =>
  ORDER_STATUSES.flatMap((status) =>
    ORDER_ACTION_TYPES.map((action) => ({
      role,
      status,
      action,
      allowed: EXPECTED[role][status].includes(action),
    })),
  ),
);

describe('order state machine: every (role, status, action) cell', () => {
  it('covers 3 roles x 8 statuses x 11 actions', () => {
    expect(cells).toHaveLength(3 * 8 * 11);
  });

  it.each(cells)(
    '$role in "$status" doing $action -> allowed: $allowed',
    ({ role, status, action, allowed }) => {
      expect(roleMayAct(role, status, action)).toBe(allowed);
      expect(actingRole([role], status, action)).toBe(allowed ? role : null);
      expect(allowedActions([role], status).includes(action)).toBe(allowed);
    },
  );

  it('gives a viewer with several roles the union of their actions, in a stable order', () => {
    expect(allowedActions(['borrower', 'owner'], 'Delivered')).toEqual(['return_books']);
    expect(allowedActions(['owner', 'admin'], 'Processed')).toEqual(['mark_shipped', 'cancel', 'set_status']);
    expect(allowedActions([], 'Draft')).toEqual([]);
  });

  it('records the specific role when an admin also owns the books', () => {
    expect(actingRole(['admin', 'owner'], 'Processed', 'mark_shipped')).toBe('owner');
    expect(actingRole(['admin', 'owner'], 'Processed', 'cancel')).toBe('admin');
  });
});

describe('targets of each action', () => {
  it.each([
    ['set_shipping_cost', 'Waiting for Payment'],
    ['confirm_payment', 'Processed'],
    ['mark_shipped', 'Delivery in Progress'],
    ['mark_delivered', 'Delivered'],
    ['mark_return_started', 'Returning in Progress'],
    ['confirm_return_complete', 'Completed'],
    ['confirm_received', 'Delivered'],
    ['return_books', 'Returning in Progress'],
    ['confirm_books_returned', 'Completed'],
    ['cancel', 'Cancelled'],
  ] as const)('%s leads to %s', (type, status) => {
    const action =
      type === 'set_shipping_cost' ? { type, shippingCost: '10000' } : ({ type } as { type: typeof type });
    expect(targetStatus(action as Parameters<typeof targetStatus>[0])).toBe(status);
  });

  it.each(ORDER_STATUSES)('set_status leads to the status it names: %s', (status) => {
    expect(targetStatus({ type: 'set_status', status })).toBe(status);
  });
});

describe('book status effects', () => {
  // Written out from spec section 4: the books are held (Available, reserved) before payment,
  // out on loan (Borrowed) from Processed to the return, and free again once the order closes.
  const PHASE: Record<OrderStatus, 'held' | 'lent' | 'closed'> = {
    Draft: 'held',
    'Waiting for Payment': 'held',
    Processed: 'lent',
    'Delivery in Progress': 'lent',
    Delivered: 'lent',
    'Returning in Progress': 'lent',
    Completed: 'closed',
    Cancelled: 'closed',
  };
  const EFFECT = { held: 'unborrow', lent: 'borrow', closed: 'release' } as const;
  const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => ({ from, to })));

  it.each(pairs)('$from -> $to', ({ from, to }) => {
    expect(bookEffectOf(from, to)).toBe(PHASE[from] === PHASE[to] ? null : EFFECT[PHASE[to]]);
  });

  it('follows the spec on the normal path', () => {
    expect(bookEffectOf('Waiting for Payment', 'Processed')).toBe('borrow');
    expect(bookEffectOf('Processed', 'Delivery in Progress')).toBeNull();
    expect(bookEffectOf('Returning in Progress', 'Completed')).toBe('release');
    expect(bookEffectOf('Draft', 'Cancelled')).toBe('release');
  });
});

describe('shipping cost', () => {
  it('must be whole rupiah, at least Rp 1.000, for delivery (D32)', () => {
    expect(shippingCostProblem('delivery', '15000')).toBeNull();
    expect(shippingCostProblem('delivery', '15.000')).toBeNull();
    expect(shippingCostProblem('delivery', '1000.00')).toBeNull();
    expect(readFieldMessage(shippingCostProblem('delivery', '999') ?? undefined)).toEqual({
      code: 'shippingCostMin',
      params: { min: 'Rp 1.000' },
    });
    expect(readFieldMessage(shippingCostProblem('delivery', '1500.50') ?? undefined)).toEqual({
      code: 'priceWhole',
    });
    expect(readFieldMessage(shippingCostProblem('delivery', '0') ?? undefined)).toEqual({
      code: 'invalidShippingCost',
    });
    expect(readFieldMessage(shippingCostProblem('delivery', '-5') ?? undefined)).toEqual({
      code: 'invalidShippingCost',
    });
    expect(readFieldMessage(shippingCostProblem('delivery', 'abc') ?? undefined)).toEqual({
      code: 'invalidShippingCost',
    });
    expect(readFieldMessage(shippingCostProblem('delivery', '1.0005') ?? undefined)).toEqual({
      code: 'invalidShippingCost',
    });
  });

  it('is 0 for self pickup, which is free', () => {
    expect(shippingCostProblem('pickup', '0')).toBeNull();
    expect(shippingCostProblem('pickup', '0.00')).toBeNull();
    expect(readFieldMessage(shippingCostProblem('pickup', '5000') ?? undefined)).toEqual({
      code: 'invalidShippingCost',
    });
  });

  it('adds up to total = subtotal + shipping in exact money', () => {
    expect(orderTotal('45000.00', '15000')).toBe('60000.00');
    expect(orderTotal('0.10', '0.20')).toBe('0.30');
    expect(orderTotal('25000.00', '0')).toBe('25000.00');
  });
});
