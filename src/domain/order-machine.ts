import { FIELD_MSG, fieldMessage } from './error-codes';
import { CLOSED_ORDER_STATUSES, type DeliveryMethod, ORDER_STATUSES, type OrderStatus } from './constants';
import { formatMoney, fromMinor, toMinor } from './money';
import { parseRupiah } from './price-parse';
import { PRICE_MIN_RUPIAH } from './schemas/amount';
import type { OrderAction, OrderActionType, OrderRole } from './order-actions';

// The order state machine (spec section 4, D8): who may take which action in which status, the
// status it leads to, and what it does to the books. The server enforces it; the web shows
// exactly the buttons allowedActions() returns.

export const ORDER_ACTION_TYPES = [
  'set_shipping_cost',
  'confirm_payment',
  'mark_shipped',
  'mark_delivered',
  'mark_return_started',
  'confirm_return_complete',
  'confirm_received',
  'return_books',
  'confirm_books_returned',
  'cancel',
  'set_status',
] as const satisfies readonly OrderActionType[];

/**
 * The admin's one next-step button per status (spec section 4): a card's buttons, and what the
 * orders list applies to several selected orders at once. Shipping cost, payment, cancel and the
 * status select have their own controls.
 */
export const ADMIN_STEP_ACTIONS = [
  'mark_shipped',
  'mark_delivered',
  'mark_return_started',
  'confirm_return_complete',
] as const satisfies readonly OrderActionType[];
export type AdminStepAction = (typeof ADMIN_STEP_ACTIONS)[number];

export const ORDER_ROLES = ['borrower', 'owner', 'admin'] as const satisfies readonly OrderRole[];

const ANY_STATUS: readonly OrderStatus[] = ORDER_STATUSES;
const OPEN_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter(isOpenStatus);

/** For each role, the statuses in which it may take each action. Anything not listed is refused. */
const PERMISSIONS: Record<OrderRole, Partial<Record<OrderActionType, readonly OrderStatus[]>>> = {
  admin: {
    set_shipping_cost: ['Draft'],
    confirm_payment: ['Waiting for Payment'],
    mark_shipped: ['Processed'],
    mark_delivered: ['Delivery in Progress'],
    mark_return_started: ['Delivered'],
    confirm_return_complete: ['Returning in Progress'],
    cancel: OPEN_STATUSES,
    // The spec's 'order of changes is not restricted' – the admin may pick any status.
    set_status: ANY_STATUS,
  },
  borrower: {
    // D35: a borrower may cancel their own order until it is paid.
    cancel: ['Draft', 'Waiting for Payment'],
    // D21: Confirm Received is the borrower saying the books arrived: it starts the loan.
    confirm_received: ['Delivery in Progress'],
    return_books: ['Delivered'],
  },
  owner: {
    mark_shipped: ['Processed'],
    confirm_books_returned: ['Returning in Progress'],
  },
};

/** Where each fixed action leads; set_status leads to the status it names. */
const FIXED_TARGETS: Record<Exclude<OrderActionType, 'set_status'>, OrderStatus> = {
  set_shipping_cost: 'Waiting for Payment',
  confirm_payment: 'Processed',
  mark_shipped: 'Delivery in Progress',
  mark_delivered: 'Delivered',
  mark_return_started: 'Returning in Progress',
  confirm_return_complete: 'Completed',
  // The spec: Confirm Received 'sets Delivered'; offered at Delivery in Progress, where it
  // moves the order to Delivered and starts the loan (at Delivered it would change nothing).
  confirm_received: 'Delivered',
  return_books: 'Returning in Progress',
  confirm_books_returned: 'Completed',
  cancel: 'Cancelled',
};

export function targetStatus(action: OrderAction): OrderStatus {
  return action.type === 'set_status' ? action.status : FIXED_TARGETS[action.type];
}

export function roleMayAct(role: OrderRole, status: OrderStatus, type: OrderActionType): boolean {
  return PERMISSIONS[role][type]?.includes(status) ?? false;
}

/** True when the role may take this action in some status (so a refusal is about timing, not rights). */
export function roleEverMayAct(role: OrderRole, type: OrderActionType): boolean {
  return PERMISSIONS[role][type] !== undefined;
}

/**
 * The role under which a person holding `roles` takes the action now, or null when none may.
 * The specific roles come first so the timeline says 'owner' when an admin ships their own books.
 */
export function actingRole(
  roles: readonly OrderRole[],
  status: OrderStatus,
  type: OrderActionType,
): OrderRole | null {
  for (const role of ['owner', 'borrower', 'admin'] as const) {
    if (roles.includes(role) && roleMayAct(role, status, type)) return role;
  }
  return null;
}

/** The actions a viewer holding `roles` may take on an order in `status`, in a stable order. */
export function allowedActions(roles: readonly OrderRole[], status: OrderStatus): OrderActionType[] {
  return ORDER_ACTION_TYPES.filter((type) => actingRole(roles, status, type) !== null);
}

export type BookEffect = 'borrow' | 'unborrow' | 'release' | null;

/** Where the books are in each status: held for the order, out on loan, or back with no order. */
type BookPhase = 'held' | 'lent' | 'closed';

function bookPhaseOf(status: OrderStatus): BookPhase {
  if (!isOpenStatus(status)) return 'closed';
  return status === 'Draft' || status === 'Waiting for Payment' ? 'held' : 'lent';
}

/**
 * What a move from `from` to `to` does to the order's books (spec section 4, D6): entering
 * Processed lends them (Borrowed); Completed and Cancelled make them Available and end the
 * reservation. Because the admin may jump to any status, the effect follows the new status's
 * phase: a jump straight to Delivered lends the books too, a move back to Waiting for Payment
 * makes them Available again (still reserved), and moves within a phase change nothing.
 */
export function bookEffectOf(from: OrderStatus, to: OrderStatus): BookEffect {
  const before = bookPhaseOf(from);
  const after = bookPhaseOf(to);
  if (before === after) return null;
  return after === 'lent' ? 'borrow' : after === 'held' ? 'unborrow' : 'release';
}

/** An order is open until Completed or Cancelled (D6): the one TypeScript spelling (SQL: openOrder). */
export function isOpenStatus(status: OrderStatus): boolean {
  return !CLOSED_ORDER_STATUSES.includes(status);
}

/**
 * The admin's shipping cost (spec section 5, D32): whole rupiah, at least Rp 1.000 for
 * delivery; self pickup is free, so a pickup order takes exactly 0. Returns the message when
 * the value is refused.
 */
export function shippingCostProblem(method: DeliveryMethod, value: string): string | null {
  const parsed = parseRupiah(value);
  if (!parsed.ok) return parsed.reason === 'fraction' ? FIELD_MSG.priceWhole : FIELD_MSG.invalidShippingCost;
  if (method === 'pickup') return parsed.rupiah === 0 ? null : FIELD_MSG.invalidShippingCost;
  if (parsed.rupiah === 0) return FIELD_MSG.invalidShippingCost;
  if (parsed.rupiah < PRICE_MIN_RUPIAH) return SHIPPING_MIN_MESSAGE;
  return null;
}

const SHIPPING_MIN_MESSAGE = fieldMessage('shippingCostMin', { min: formatMoney(PRICE_MIN_RUPIAH) });

/** total = subtotal + shipping, in exact minor units (D2). */
export function orderTotal(subtotal: string, shippingCost: string): string {
  return fromMinor(toMinor(subtotal) + toMinor(shippingCost));
}
