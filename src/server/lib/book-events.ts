import type { Config } from '@server/config';
import type { Tx } from '@server/db/client';

// The one place that announces what happened to books (D6, D7, D25, D28). The books module's
// changeBookState is the only caller; features that care (a waitlist handing a freed book to its
// first waiter) listen, and src/server/wiring.ts lists every listener. Listeners run inside the
// transaction that changed the books, so their writes commit or roll back with the change.

export type BookEvent =
  /** The books are now borrowable: Available, held by no order, not deleted. */
  | { type: 'borrowable'; bookIds: string[] }
  /** The books left the marketplace for good. */
  | { type: 'withdrawn'; bookIds: string[]; reason: 'deleted' | 'sold' };

export interface BookEventContext {
  config: Config;
}

/** Must be idempotent: the same book may be announced borrowable more than once. */
export type BookEventListener = (tx: Tx, event: BookEvent, ctx: BookEventContext) => Promise<void>;

const listeners = new Set<BookEventListener>();

/** Adds listeners; adding one twice changes nothing. */
export function onBookEvent(...added: BookEventListener[]): void {
  for (const listener of added) listeners.add(listener);
}

export async function announceBookEvent(tx: Tx, event: BookEvent, ctx: BookEventContext): Promise<void> {
  if (event.bookIds.length === 0) return;
  for (const listener of listeners) await listener(tx, event, ctx);
}
