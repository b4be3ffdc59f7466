import type { LifecycleListener } from './lib/lifecycle-events';
import { awayTimerKinds } from './modules/away/service';
import {
  shippingPromiseListener,
  shippingPromiseKeptListener,
  shippingPromiseTimerKinds,
} from './modules/delivery-prices/promise-service';
import { conversationTimerKinds } from './modules/conversations/timer-service';
import { loanTimersListener } from './modules/loans/service';
import { loanTimerKinds } from './modules/loans/timer-service';
import { orderNoticesListener, placedNoticesListener } from './modules/email/order-notices-service';
import { pickupPaymentListener } from './modules/payments/pickup-service';
import { statementAmountListener } from './modules/payments/statement-service';
import { paymentTimerKinds } from './modules/payments/timer-service';
import { paymentNoticeTimerKinds } from './modules/payments/notice-service';
import { reviewTimerKinds } from './modules/reviews/timer-service';
import { waitlistListener, waitlistTimerKinds } from './modules/waitlist/hold-service';
import { wantedListener } from './modules/wanted/service';
import type { TimerKind } from './timers/registry';

// What each feature plugs into the shared mechanisms, in one list each (docs/adding-a-feature.md):
// the timer kinds the outbox worker fires (D24) and the listeners of the lifecycle events (an
// order placed or moved, a payment recorded, books borrowable or withdrawn). runtime.ts
// registers both before the app serves.

export const TIMER_KINDS: TimerKind[] = [
  ...loanTimerKinds,
  ...paymentTimerKinds,
  ...waitlistTimerKinds,
  ...conversationTimerKinds,
  ...reviewTimerKinds,
  // The operator's day: the 24-hour promise's reminder (D50)
  ...shippingPromiseTimerKinds,
  // Payments that confirm themselves (D42): each stored provider notice is processed once.
  ...paymentNoticeTimerKinds,
  // Owners away (D48): the start and end of an owner's away dates.
  ...awayTimerKinds,
];

/** Who reacts to the lifecycle events (src/server/lib/lifecycle-events.ts), in the order they run. */
export const LIFECYCLE_LISTENERS: LifecycleListener[] = [
  // The house: the followers of checkout, the status service and the book state writer.
  // A checkout's 'placed' notices go before any notice its orders' next moves send.
  placedNoticesListener,
  // A pickup order's move to Waiting for Payment (D33) is announced from here, so it comes
  // before the status change's followers.
  pickupPaymentListener,
  loanTimersListener,
  // D42's statement adapter: the unique amount is chosen after the payment deadline is set and
  // before the payment email is queued, which shows it.
  statementAmountListener,
  orderNoticesListener,
  waitlistListener,
  // Wanted books (D47): after the waitlist, so a book it held for a waiter is nobody else's news
  wantedListener,
  // The operator's day: the 24-hour promise's reminder is armed as a delivery order is placed (D50)
  shippingPromiseListener,
  shippingPromiseKeptListener,
];
