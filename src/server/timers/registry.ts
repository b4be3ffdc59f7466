import type { Config } from '@server/config';
import type { Db, Tx } from '@server/db/client';
import type { Timer } from '@server/db/schema';
import type { Logger } from '@server/lib/logger';

// The timer kinds (D24): each feature declares what its timers do in one of its service files,
// and src/server/wiring.ts lists every feature's kinds in one place. Firing dispatches a timer to
// the kind whose prefix its `kind` starts with, so a new feature adds a timer without touching
// another feature's code.

export interface TimerDeps {
  db: Db;
  config: Config;
  log: Logger;
}

/** What a timer does when it fires, inside the transaction that claimed it (timers/fire.ts). */
export type TimerEffect = (tx: Tx, deps: TimerDeps, timer: Timer, at: Date) => Promise<void>;

export interface TimerKind {
  /** A timer belongs to this kind when its `kind` column starts with the prefix. */
  prefix: string;
  fire: TimerEffect;
}

const kinds = new Map<string, TimerEffect>();

/** Registers kinds; registering the same prefix again with the same effect changes nothing. */
export function registerTimerKinds(list: TimerKind[]): void {
  for (const kind of list) {
    const known = kinds.get(kind.prefix);
    if (known && known !== kind.fire) throw new Error(`Timer kind prefix "${kind.prefix}" is taken`);
    kinds.set(kind.prefix, kind.fire);
  }
}

/** The effect of the registered kind with the longest prefix `kind` starts with. */
export function timerEffectFor(kind: string): TimerEffect | null {
  let best: { prefix: string; fire: TimerEffect } | null = null;
  for (const [prefix, fire] of kinds) {
    if (kind.startsWith(prefix) && (!best || prefix.length > best.prefix.length)) best = { prefix, fire };
  }
  return best?.fire ?? null;
}

/**
 * The next run of a repeating timer that was due at `dueAt` and fired at `at`: the first moment
 * after `at` on its rhythm. After a downtime a repeating timer fires once and then keeps its
 * rhythm; arming the next run from the missed `dueAt` fired it once per missed period (an admin
 * got a claim reminder 15 times per order after 15 days down).
 */
export function nextRunAfter(dueAt: Date, periodMs: number, at: Date): Date {
  const periods = Math.max(1, Math.floor((at.getTime() - dueAt.getTime()) / periodMs) + 1);
  return new Date(dueAt.getTime() + periods * periodMs);
}
