import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Timer } from '@server/db/schema';
import { timers } from '@server/db/schema';
import { resetClock, setClock } from '@server/lib/clock';
import { createTestContext, type TestContext } from '@tests/support/harness';
import { fireDueTimers } from './fire';
import { registerTimerKinds, timerEffectFor } from './registry';
import { armTimers } from './store';

// A feature adds a timer kind by registering it: nothing in another feature (the loans module)
// changes, and firing dispatches by the kind's prefix.

let ctx: TestContext;
const first = randomUUID();
const second = randomUUID();
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  resetClock();
  await ctx.close();
});

describe('timer registry', () => {
  it('fires a kind registered by a test once, at its due time, through the outbox worker', async () => {
    const fired: Timer[] = [];
    registerTimerKinds([{ prefix: 'test_ping', fire: async (_tx, _deps, timer) => void fired.push(timer) }]);
    const start = new Date('2027-01-05T00:00:00Z');
    const due = new Date('2027-01-05T06:00:00Z');
    setClock(start);
    await armTimers(ctx.db, [{ kind: 'test_ping', subjectId: first, refAt: due, dueAt: due }]);

    await ctx.deps.outbox.runOnce();
    expect(fired).toHaveLength(0);

    setClock(new Date(due.getTime() + 1000));
    await ctx.deps.outbox.runOnce();
    await ctx.deps.outbox.runOnce();
    expect(fired.map((t) => t.subjectId)).toEqual([first]);
    const [row] = await ctx.db.select().from(timers).where(eq(timers.subjectId, first));
    expect(row.firedAt).not.toBeNull();
  });

  it('dispatches to the longest matching prefix', async () => {
    const short = async () => {};
    const long = async () => {};
    registerTimerKinds([
      { prefix: 'test_a', fire: short },
      { prefix: 'test_a_b', fire: long },
    ]);
    expect(timerEffectFor('test_a_b_7')).toBe(long);
    expect(timerEffectFor('test_a_x')).toBe(short);
    expect(timerEffectFor('nobody_knows_me')).toBeNull();
  });

  it('refuses a second effect for a taken prefix', () => {
    expect(() => registerTimerKinds([{ prefix: 'test_ping', fire: async () => {} }])).toThrow(/taken/);
  });

  it('an unknown kind is recorded as failed and retried, never marked fired', async () => {
    const at = new Date('2027-02-01T00:00:00Z');
    setClock(at);
    await armTimers(ctx.db, [{ kind: 'nobody_knows_me', subjectId: second, refAt: at, dueAt: at }]);
    const result = await fireDueTimers({ db: ctx.db, config: ctx.config, log: ctx.deps.log });
    expect(result.failed).toBeGreaterThanOrEqual(1);
    const [row] = await ctx.db.select().from(timers).where(eq(timers.subjectId, second));
    expect(row.firedAt).toBeNull();
    expect(row.lastError).toMatch(/No timer kind/);
  });
});
