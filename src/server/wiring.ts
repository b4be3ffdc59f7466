import type { BookEventListener } from './lib/book-events';
import type { LifecycleListener } from './lib/lifecycle-events';
import { conversationTimerKinds } from './modules/conversations/timer-service';
import { loanTimerKinds } from './modules/loans/timer-service';
import { paymentTimerKinds } from './modules/payments/timer-service';
import { paymentNoticeTimerKinds } from './modules/payments/notice-service';
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
  // Payments that confirm themselves (D42): each stored provider notice is processed once.
  ...paymentNoticeTimerKinds,
];

export const BOOK_EVENT_LISTENERS: BookEventListener[] = [waitlistBookListener];

/** Who reacts to the lifecycle events (src/server/lib/lifecycle-events.ts), in the order they run. */
export const LIFECYCLE_LISTENERS: LifecycleListener[] = [];
