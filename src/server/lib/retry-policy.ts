// How the outbox and the timers retry what failed: growing waits (1, 2, 4 ... minutes, at most
// 6 hours apart) over a window of about three days, so a mail server or a dependency that is
// down for an hour, a night or a weekend loses nothing. Past the window a row is marked failed,
// never dropped: the admin sees it with its last error and may retry it.

/** How long failures are retried: the last attempt comes at least this long after the first. */
export const RETRY_WINDOW_MS = 3 * 24 * 60 * 60_000;
const FIRST_WAIT_MS = 60_000;
const LONGEST_WAIT_MS = 6 * 60 * 60_000;

/** The wait after the `attempts`-th failed attempt (1-based). */
export function retryWaitMs(attempts: number): number {
  const doublings = Math.min(Math.max(0, attempts - 1), 30);
  return Math.min(FIRST_WAIT_MS * 2 ** doublings, LONGEST_WAIT_MS);
}

/** Attempts in the window: the first plus one after each wait until the waits span the window. */
export const MAX_ATTEMPTS = (() => {
  let attempts = 1;
  let waited = 0;
  while (waited < RETRY_WINDOW_MS) {
    waited += retryWaitMs(attempts);
    attempts++;
  }
  return attempts;
})();

/** True once `attempts` have been made and failed: no automatic retry is left. */
export function retriesExhausted(attempts: number): boolean {
  return attempts >= MAX_ATTEMPTS;
}
