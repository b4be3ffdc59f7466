import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books } from '@server/db/schema';
import { createBook, createUser } from '@server/seed/factories';
import { createTestContext, type TestContext } from '@tests/support/harness';
import { placeTestOrder } from '@tests/support/order-factories';
import { sweepOrphanCovers } from './orphan-sweep-service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const uploads = () => join(ctx.config.dataDir, 'uploads');

function coverFolder(key: string, writtenAt: Date) {
  const dir = join(uploads(), 'covers', key);
  mkdirSync(dir, { recursive: true });
  for (const variant of ['card.webp', 'detail.webp']) {
    writeFileSync(join(dir, variant), 'x');
    utimesSync(join(dir, variant), writtenAt, writtenAt);
  }
  return dir;
}

describe('sweepOrphanCovers (covers left by a server killed mid-upload)', () => {
  it('removes only old folders that no book and no order item names', async () => {
    const before = new Date(Date.now() - 60_000);
    const started = new Date();
    const owner = await createUser(ctx.db);
    const book = await createBook(ctx.db, { ownerId: owner.id, coverKey: randomUUID() });
    const ordered = await placeTestOrder(ctx);
    // The ordered book changed its cover since: only the order item still names the old one (D7).
    const historyKey = ordered.books[0].coverKey;
    await ctx.db.update(books).set({ coverKey: randomUUID() }).where(eq(books.id, ordered.books[0].id));

    const kept = [coverFolder(book.coverKey, before), coverFolder(historyKey, before)];
    const orphan = coverFolder(randomUUID(), before);
    const inFlight = coverFolder(randomUUID(), new Date(Date.now() + 60_000)); // written after start
    const notACover = coverFolder('not-a-uuid', before);
    // A kill between the folder and its first file leaves an empty folder.
    const emptyOrphan = join(uploads(), 'covers', randomUUID());
    mkdirSync(emptyOrphan);
    utimesSync(emptyOrphan, before, before);

    const removed = await sweepOrphanCovers(ctx.db, ctx.deps.storage, { writtenBefore: started });
    expect(removed).toHaveLength(2);
    expect(existsSync(orphan)).toBe(false);
    expect(existsSync(emptyOrphan)).toBe(false);
    for (const dir of [...kept, inFlight, notACover]) expect(existsSync(dir)).toBe(true);
  });

  it('does nothing when there are no uploads yet', async () => {
    const fresh = await createTestContext();
    try {
      expect(
        await sweepOrphanCovers(fresh.db, fresh.deps.storage, {
          writtenBefore: new Date(),
        }),
      ).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});
