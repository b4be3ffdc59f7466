import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type AwayDates, awayDatesProblem, backOnOf } from '@domain/away';
import type { OwnerAway } from '@domain/away-types';
import { addDays, endOfLocalDay, localDate } from '@domain/loan';
import type { Config } from '@server/config';
import type { Db, DbOrTx, Tx } from '@server/db/client';
import { ownerAway, user } from '@server/db/schema';
import { now } from '@server/lib/clock';
import { AppError } from '@server/lib/errors';
import { resetCachedListings } from '@server/modules/books/availability-service';
import { changeBookState } from '@server/modules/books/state-service';
import type { TimerKind } from '@server/timers/registry';
import { armTimers, cancelTimers } from '@server/timers/store';

// Owners away (D48): an owner's away dates. While they are away their listed books stay in the
// listings marked "Back on <day>" and cannot be borrowed (books/availability-service.ts,
// ownerBackOnAt, is the one place that asks); running loans and returns go on. Two timers per
// period: its start and its end drop every instance's cached listings (the mark appears and
// goes), and the end announces the owner's listed books borrowable, so the first waiter of each
// gets their hold and wanted-book notices go out.

const AWAY_STARTS = 'owner_away_starts';
const AWAY_ENDS = 'owner_away_ends';

type AwayRow = typeof ownerAway.$inferSelect;

/** The first moment of an operator day. */
const startOfDay = (day: string, timeZone: string): Date =>
  new Date(endOfLocalDay(addDays(day, -1), timeZone).getTime() + 1);

const isAwayAt = (row: AwayRow | undefined, at: Date): boolean =>
  row !== undefined && row.startsAt <= at && row.backAt > at;

function toAnswer(row: AwayRow | undefined, at: Date): OwnerAway {
  // A period whose end has passed is none: it clears itself (read from the one clock).
  if (!row || row.backAt <= at) return { away: null };
  return {
    away: { from: row.startsOn, to: row.endsOn, backOn: backOnOf(row.endsOn), now: isAwayAt(row, at) },
  };
}

async function readAway(db: DbOrTx, ownerId: string): Promise<AwayRow | undefined> {
  const [row] = await db.select().from(ownerAway).where(eq(ownerAway.ownerId, ownerId));
  return row;
}

/** The period a timer names, locked; none once it changed or went. */
async function lockPeriod(tx: Tx, periodId: string): Promise<AwayRow | undefined> {
  const [row] = await tx.select().from(ownerAway).where(eq(ownerAway.periodId, periodId)).for('update');
  return row;
}

export async function getAway(db: DbOrTx, ownerId: string): Promise<OwnerAway> {
  return toAnswer(await readAway(db, ownerId), now());
}

/** The owner's row lock: their away changes take turns (and a deleted member has none). */
async function lockOwner(tx: Tx, ownerId: string): Promise<void> {
  const [row] = await tx.select({ id: user.id }).from(user).where(eq(user.id, ownerId)).for('no key update');
  if (!row) throw new AppError('UNAUTHORIZED');
}

/** The owner is back: the book state writer announces their listed books borrowable again. */
const announceReturn = (tx: Tx, config: Config, ownerId: string) =>
  changeBookState(tx, config, { type: 'owner-back', ownerId });

/**
 * Sets the owner's away dates (replacing any). Refused with the field's problem: `from` after
 * `to`, `to` already past, or longer than MAX_AWAY_DAYS from today (domain/away.ts). An owner
 * who was away and is not under the new dates is back now: their books are announced.
 */
export async function setAway(
  deps: { db: Db; config: Config },
  input: { actorId: string; dates: AwayDates },
): Promise<OwnerAway> {
  const { config } = deps;
  const at = now();
  const problem = awayDatesProblem(input.dates, localDate(at, config.timeZone));
  if (problem) throw new AppError('VALIDATION_FAILED', { fields: { [problem.field]: problem.problem } });
  return deps.db.transaction(async (tx) => {
    await lockOwner(tx, input.actorId);
    const before = await readAway(tx, input.actorId);
    const startsAt = startOfDay(input.dates.from, config.timeZone);
    const backAt = startOfDay(backOnOf(input.dates.to), config.timeZone);
    const periodId = randomUUID();
    const values = {
      periodId,
      startsOn: input.dates.from,
      endsOn: input.dates.to,
      startsAt,
      backAt,
      updatedAt: at,
    };
    const [row] = await tx
      .insert(ownerAway)
      .values({ ownerId: input.actorId, ...values })
      .onConflictDoUpdate({ target: ownerAway.ownerId, set: values })
      .returning();
    if (before) await cancelTimers(tx, before.periodId, [AWAY_STARTS, AWAY_ENDS]);
    await armTimers(tx, [
      ...(startsAt > at
        ? [{ kind: AWAY_STARTS, subjectId: periodId, refAt: startsAt, dueAt: startsAt }]
        : []),
      { kind: AWAY_ENDS, subjectId: periodId, refAt: backAt, dueAt: backAt },
    ]);
    await resetCachedListings(tx);
    if (isAwayAt(before, at) && !isAwayAt(row, at)) await announceReturn(tx, config, input.actorId);
    return toAnswer(row, at);
  });
}

/** The owner is back (or never leaves): the period goes, and their books are announced if it had begun. */
export async function clearAway(
  deps: { db: Db; config: Config },
  input: { actorId: string },
): Promise<OwnerAway> {
  const at = now();
  return deps.db.transaction(async (tx) => {
    await lockOwner(tx, input.actorId);
    const [removed] = await tx.delete(ownerAway).where(eq(ownerAway.ownerId, input.actorId)).returning();
    if (!removed) return { away: null };
    await cancelTimers(tx, removed.periodId, [AWAY_STARTS, AWAY_ENDS]);
    await resetCachedListings(tx);
    if (isAwayAt(removed, at)) await announceReturn(tx, deps.config, input.actorId);
    return { away: null };
  });
}

/** The period's start and end (by the period's id: a timer of changed dates finds none and does nothing). */
export const awayTimerKinds: TimerKind[] = [
  {
    prefix: AWAY_STARTS,
    fire: async (tx, _deps, timer) => {
      if (await lockPeriod(tx, timer.subjectId)) await resetCachedListings(tx);
    },
  },
  {
    prefix: AWAY_ENDS,
    fire: async (tx, deps, timer) => {
      const row = await lockPeriod(tx, timer.subjectId);
      if (!row) return;
      // The row is no longer needed once its end passed (it reads as none already).
      await tx.delete(ownerAway).where(eq(ownerAway.periodId, row.periodId));
      await resetCachedListings(tx);
      await announceReturn(tx, deps.config, row.ownerId);
    },
  },
];
