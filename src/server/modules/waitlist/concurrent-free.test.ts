import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books, emailNotifications, timers, waitlistEntries } from '@server/db/schema';
import { changeBookState } from '@server/modules/books/state-service';
import { createBook, createUser } from '@server/seed/factories';
import { findTestPostgres } from '@tests/support/database';
import { createTestContext, type TestContext } from '@tests/support/harness';

// D25: two events that free the same book at the same moment create one hold. On PostgreSQL
// (TEST_DATABASE_URL, else the local server) with a pool, so the two transactions truly race:
// each locks the book's row before it looks at the queue, and the second finds it held.

let ctx: TestContext;
beforeAll(async () => {
  const server = await findTestPostgres();
  if (!server) throw new Error('This test needs PostgreSQL (TEST_DATABASE_URL or the local server)');
  ctx = await createTestContext({}, { databaseServer: server });
}, 60_000);
afterAll(() => ctx?.close());

describe('two frees at once (PostgreSQL, in parallel)', () => {
  it('ten rounds of two simultaneous "borrowable" changes: one hold, one email, one timer each time', async () => {
    const owner = await createUser(ctx.db);
    for (let round = 0; round < 10; round++) {
      const book = await createBook(ctx.db, { ownerId: owner.id, title: `Raced ${round}` });
      // Off the shelf, with two members waiting (written directly: joining has its own tests).
      await ctx.db.update(books).set({ status: 'Unavailable' }).where(eq(books.id, book.id));
      const first = await createUser(ctx.db);
      const second = await createUser(ctx.db);
      await ctx.db.insert(waitlistEntries).values([
        { bookId: book.id, userId: first.id },
        { bookId: book.id, userId: second.id },
      ]);

      const free = () =>
        ctx.db.transaction((tx) =>
          changeBookState(tx, ctx.config, { type: 'set-status', bookIds: [book.id], status: 'Available' }),
        );
      await Promise.all([free(), free()]);

      const holds = await ctx.db
        .select()
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.bookId, book.id), isNotNull(waitlistEntries.holdUntil)));
      expect(holds.map((h) => h.userId)).toEqual([first.id]);
      const [row] = await ctx.db.select().from(books).where(eq(books.id, book.id));
      expect(row).toMatchObject({ heldForId: first.id, listed: false });
      const mails = await ctx.db
        .select()
        .from(emailNotifications)
        .where(
          and(
            eq(emailNotifications.recipientEmail, first.email),
            eq(emailNotifications.emailType, 'waitlist_hold'),
          ),
        );
      expect(mails).toHaveLength(1);
      // One hold timer, and one for its last six hours (D45).
      const armed = await ctx.db
        .select({ kind: timers.kind })
        .from(timers)
        .where(eq(timers.subjectId, holds[0].id));
      expect(armed.map((t) => t.kind).sort()).toEqual(['waitlist_ending', 'waitlist_hold']);
    }
  });
});
