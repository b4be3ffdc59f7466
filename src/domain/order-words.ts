import type { DeliveryMethod, OrderStatus } from './constants';
import type { DueState } from './loan';
import type { OrderRole } from './order-actions';

// Words for borrowers (D35): the eight statuses stay, admins see them as named, borrowers and
// owners read them in plain words (payments:borrowerStatus / ownerStatus in the catalogues); every
// order shows its viewer's one next step.

/** The role whose words and next step a viewer sees: their own part in the order first. */
export function viewerRole(roles: readonly OrderRole[]): OrderRole | null {
  for (const role of ['borrower', 'owner', 'admin'] as const) if (roles.includes(role)) return role;
  return null;
}

/** What makes an order urgent in a list, most urgent first; null when nothing presses. */
export type Urgency = 'overdue' | 'payment_due' | 'due_soon';
const URGENCY_RANK: Record<Urgency, number> = { overdue: 0, payment_due: 1, due_soon: 2 };

export function orderUrgency(order: {
  status: OrderStatus;
  paymentClaimed: boolean;
  loan: { state: DueState } | null;
}): Urgency | null {
  if (order.loan?.state === 'overdue') return 'overdue';
  if (order.status === 'Waiting for Payment' && !order.paymentClaimed) return 'payment_due';
  if (order.loan?.state === 'due_soon' || order.loan?.state === 'due_today') return 'due_soon';
  return null;
}

/**
 * My Orders' order: overdue loans, then payments due (earliest deadline first), then loans due
 * soon (earliest first), then everything else newest first. Stable for equal keys.
 */
export function byUrgency<
  T extends {
    status: OrderStatus;
    paymentClaimed: boolean;
    loan: { state: DueState; dueAt: string } | null;
    paymentDueAt: string | null;
    createdAt: string;
  },
>(orders: readonly T[]): T[] {
  const rank = (o: T) => {
    const u = orderUrgency(o);
    return u === null ? 3 : URGENCY_RANK[u];
  };
  const when = (o: T) => (orderUrgency(o) === 'payment_due' ? (o.paymentDueAt ?? '') : (o.loan?.dueAt ?? ''));
  return [...orders].sort((a, b) => {
    const byRank = rank(a) - rank(b);
    if (byRank !== 0) return byRank;
    if (rank(a) < 3) return when(a).localeCompare(when(b));
    return b.createdAt.localeCompare(a.createdAt);
  });
}

/** Where the loan stands while the books are with the borrower: the server's loan clock. */
export interface NextStepLoan {
  state: DueState;
  /** Due date minus today: 0 due today, negative overdue. */
  daysLeft: number;
  /** An overdue reminder went to the borrower for this due date. */
  borrowerReminded: boolean;
}

export interface NextStepInput {
  status: OrderStatus;
  viewer: OrderRole;
  deliveryMethod: DeliveryMethod;
  /** The borrower pressed "I have paid" and the payment is not confirmed yet. */
  paymentClaimed?: boolean;
  /** While Delivered: the loan clock; null or absent otherwise. */
  loan?: NextStepLoan | null;
}

/** A next step: its catalogue key and the numbers its words need (`count` of days). */
export interface NextStep {
  /** Key under `nextStep` in the `payments` namespace, e.g. `borrower.deliveredOverdue`. */
  key: string;
  /** Days late (overdue) or days left (due soon); absent when the words name no days. */
  count?: number;
  /** The words name the pickup location (its name and address come from the order). */
  namesPickupLocation: boolean;
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

/** Steps whose words differ for a pickup order: the handover and the return happen at a location. */
const PICKUP_SPECIFIC: readonly string[] = ['draft', 'processed', 'onTheWay', 'returning'];

/**
 * The viewer's one next step: a pure function of (status, viewer, delivery method, loan
 * state), so every view of an order shows the same words and one table test covers them all.
 * While Delivered the loan clock picks the words: an overdue loan asks the borrower to return
 * now and tells owner and admins it is late and whether the borrower has been reminded.
 */
export function nextStep({ status, viewer, deliveryMethod, paymentClaimed, loan }: NextStepInput): NextStep {
  let step = STEP_NAMES[status];
  let count: number | undefined;
  if (status === 'Waiting for Payment' && paymentClaimed) step = 'paymentClaimed';
  if (status === 'Delivered' && loan) {
    if (loan.state === 'overdue') {
      step =
        viewer === 'borrower' || loan.borrowerReminded ? 'deliveredOverdue' : 'deliveredOverdueUnreminded';
      count = -loan.daysLeft;
    } else if (loan.state === 'due_today') {
      step = 'deliveredDueToday';
    } else if (loan.state === 'due_soon') {
      step = 'deliveredDueSoon';
      count = loan.daysLeft;
    }
  }
  const pickup = deliveryMethod === 'pickup' && PICKUP_SPECIFIC.includes(step);
  return {
    key: `${viewer}.${step}${pickup ? 'Pickup' : ''}`,
    ...(count === undefined ? {} : { count }),
    namesPickupLocation: pickup && step === 'returning',
  };
}
