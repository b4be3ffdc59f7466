// The one clock every time-dependent rule reads (due dates, reminders, payment windows,
// holds). Production follows the system time; tests move it instead of sleeping.
// Child processes (crash and two-instance tests) start with CLOCK_OFFSET_MS set through
// the config (see applyClockConfig), so a server can be started "in the future".

let fixedAt: number | null = null;
let offsetMs = 0;

/** The current time for every rule. */
export function now(): Date {
  return new Date(fixedAt ?? Date.now() + offsetMs);
}

/** Tests: freeze the clock at this instant (null unfreezes it). */
export function setClock(at: Date | null): void {
  fixedAt = at ? at.getTime() : null;
}

/** Tests: move the clock forward (or back) by ms, frozen or not. */
export function advanceClock(ms: number): void {
  if (fixedAt !== null) fixedAt += ms;
  else offsetMs += ms;
}

/** Back to the system time. */
export function resetClock(): void {
  fixedAt = null;
  offsetMs = 0;
}

/** A server process started with an offset (tests only; config refuses it in production). */
export function applyClockOffset(ms: number): void {
  offsetMs = ms;
}

// D21: the operator's time zone travels with the clock, so every view that counts days
// ("due in N days") counts them the same way. createRuntime sets it from the config.
let zone = 'Asia/Makassar';

/** The IANA zone due dates end in and days are counted in. */
export function operatorTimeZone(): string {
  return zone;
}

export function setOperatorTimeZone(timeZone: string): void {
  zone = timeZone;
}
