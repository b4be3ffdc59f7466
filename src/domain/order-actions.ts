import type { OrderStatus } from './constants';

// The actions people take on an order (spec section 4, D8). The state machine that says who may
// take which action in which status lives in order-machine.ts; this file names the actions.

export type OrderAction =
  | { type: 'set_shipping_cost'; shippingCost: string } // admin, Draft -> Waiting for Payment
  | { type: 'confirm_payment'; amountReceived: string; bankReference: string } // admin, Waiting for Payment -> Processed
  | { type: 'mark_shipped' } // admin or item owner, Processed -> Delivery in Progress
  | { type: 'mark_delivered' } // admin, Delivery in Progress -> Delivered
  | { type: 'mark_return_started' } // admin, Delivered -> Returning in Progress
  | { type: 'confirm_return_complete' } // admin, Returning in Progress -> Completed
  | { type: 'confirm_received' } // borrower, Delivery in Progress -> Delivered (starts the loan)
  | { type: 'return_books' } // borrower, Delivered -> Returning in Progress
  | { type: 'confirm_books_returned' } // item owner, Returning in Progress -> Completed
  | { type: 'cancel' } // admin, unless Completed or Cancelled; borrower at Draft or Waiting for Payment
  | { type: 'set_status'; status: OrderStatus }; // admin, any of the 8 statuses

export type OrderActionType = OrderAction['type'];

/** Who is acting on an order: one person may hold several of these roles. */
export const ORDER_ROLES = ['borrower', 'owner', 'admin'] as const;
export type OrderRole = (typeof ORDER_ROLES)[number];
