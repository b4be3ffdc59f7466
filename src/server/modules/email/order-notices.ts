import type { OrderStatus } from '../../../domain/constants';
import type { Config } from '../../config';
import type { Tx } from '../../db/client';

// Order emails (D16). Called inside the transaction that placed or changed the order, so the
// emails are queued if and only if the change commits; the caller kicks the outbox afterwards.

export type OrderNotice =
  | 'placed'
  | 'shipping_cost_set'
  | 'payment_confirmed'
  | 'shipped'
  | 'delivered'
  | 'return_started'
  | 'completed'
  | 'cancelled';

const NOTICE_BY_STATUS: Record<OrderStatus, OrderNotice | null> = {
  Draft: null,
  'Waiting for Payment': 'shipping_cost_set',
  Processed: 'payment_confirmed',
  'Delivery in Progress': 'shipped',
  Delivered: 'delivered',
  'Returning in Progress': 'return_started',
  Completed: 'completed',
  Cancelled: 'cancelled',
};

/** The notice a move into `status` sends, if any. */
export function noticeForStatus(status: OrderStatus): OrderNotice | null {
  return NOTICE_BY_STATUS[status];
}

/** Queues the emails for one order event. (Templates: the admin/email work fills this in.) */
export async function queueOrderNotices(
  _tx: Tx,
  _config: Config,
  _orderId: string,
  _notice: OrderNotice,
): Promise<void> {}
