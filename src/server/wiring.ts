import type { BookEventListener } from './lib/book-events';
import type { LifecycleListener } from './lib/lifecycle-events';
import {
  shippingPromiseListener,
  shippingPromiseTimerKinds,
} from './modules/delivery-prices/promise-service';
import { conversationTimerKinds } from './modules/conversations/timer-service';
import { loanTimerKinds } from './modules/loans/timer-service';
import { paymentTimerKinds } from './modules/payments/timer-service';
import { reviewTimerKinds } from './modules/reviews/timer-service';
import { waitlistBookListener, waitlistTimerKinds } from './modules/waitlist/hold-service';
import type { TimerKind } from './timers/registry';

// What each feature plugs into the shared mechanisms, in one list each (docs/adding-a-feature.md):
// the timer kinds the outbox worker fires (D24) and the listeners of book events (a book became
// borrowable, a book left for good). runtime.ts registers both before the app serves.

export const TIMER_KINDS: TimerKind[] = [
  ...loanTimerKinds,
  ...paymentTimerKinds,
  ...waitlistTimerKinds,
  ...conversationTimerKinds,
  ...reviewTimerKinds,
  // The operator's day: the 24-hour promise's reminder (D50)
  ...shippingPromiseTimerKinds,
];

export const BOOK_EVENT_LISTENERS: BookEventListener[] = [waitlistBookListener];

/** Who reacts to the lifecycle events (src/server/lib/lifecycle-events.ts), in the order they run. */
export const LIFECYCLE_LISTENERS: LifecycleListener[] = [
  // The operator's day: the 24-hour promise's reminder is armed as a delivery order is placed (D50)
  shippingPromiseListener,
];
