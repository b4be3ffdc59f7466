import type { DeliveryMethod, OrderStatus } from './constants';
import type { OrderRole } from './order-actions';

// Words for borrowers (D35): the eight statuses stay, admins see them as named, a borrower sees
// them in plain words (payments:borrowerStatus in the catalogues); every order shows its viewer's
// one next step.

/** The role whose words and next step a viewer sees: their own part in the order first. */
export function viewerRole(roles: readonly OrderRole[]): OrderRole | null {
  for (const role of ['borrower', 'owner', 'admin'] as const) if (roles.includes(role)) return role;
  return null;
}

export interface NextStepInput {
  status: OrderStatus;
  viewer: OrderRole;
  deliveryMethod: DeliveryMethod;
  /** The borrower pressed "I have paid" (D33) and the payment is not confirmed yet. */
  paymentClaimed?: boolean;
}

const STEP_NAMES: Record<OrderStatus, string> = {
  Draft: 'draft',
  'Waiting for Payment': 'payment',
  Processed: 'processed',
  'Delivery in Progress': 'onTheWay',
  Delivered: 'delivered',
  'Returning in Progress': 'returning',
  Completed: 'completed',
  Cancelled: 'cancelled',
};

/**
 * The catalogue key (namespace `payments`, under `nextStep`) of the viewer's next step, e.g.
 * `borrower.payment` or `admin.paymentClaimed`; pickup orders have their own words where the
 * handover differs.
 */
export function nextStepKey({ status, viewer, deliveryMethod, paymentClaimed }: NextStepInput): string {
  let step = STEP_NAMES[status];
  if (status === 'Waiting for Payment' && paymentClaimed) step = 'paymentClaimed';
  const pickupSpecific: readonly string[] = ['draft', 'processed', 'onTheWay'];
  const suffix = deliveryMethod === 'pickup' && pickupSpecific.includes(step) ? 'Pickup' : '';
  return `${viewer}.${step}${suffix}`;
}
