import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOK_STATUSES, CATEGORIES, CONDITIONS, LANGUAGES, MAX_PAGE_SIZE } from '@domain/constants';
import { eq, sql } from 'drizzle-orm';
import { books, user } from '@server/db/schema';
import { createBook, createUser } from '@server/seed/factories';
import { createTestContext, type TestContext } from '@tests/support/harness';
import { insertOrder } from '@tests/support/order-fixture';
import { type BookState, type ListingFilter, matchesFilter, matchesScope } from './catalog-delta';
import { listBooksUncached } from './service';

// The catalog's filter meaning is written three times: the SQL of service.ts (what a listing
// shows), catalog_book_state() of migration 0007 (what a change records about a book) and the
// cache's delta (catalog-delta.ts: whether a recorded book matches a listing). On random books
// and random queries the three must agree: every book the delta is sure about is in the SQL's
// answer exactly when the delta says it matches, and the price ceiling is the dearest book the
// delta puts in the scope. A new filter (an area, an ISBN search) that one of the three forgets
// fails here.
//
// The area (D38) is the owner's location: owners here live in areas that differ only by case or
// outside ASCII, one gave none, and one moves after their books are listed, so the areas the
// books carry are the ones PostgreSQL copied and then moved (migration 0015).

let ctx: TestContext;
const owners: string[] = [];
/** Every book as the migration's function records it, read from the database. */
let states: Array<{ id: string; state: BookState }> = [];

const WORDS = ['garden', 'Garden', 'GARDEN', 'sea', 'Tide', 'moon', 'ümlaut', '100%', 'a_b', 'Bali'];
const PRICES = ['1000.00', '12000.00', '12000.50', '25000.00', '60000.00', '99999.99'];
/** The owners' locations when their books are listed; the last owner then moves to MOVED_TO. */
const LOCATIONS = ['Ubud', 'ubud', 'Sémbung', null, 'Old Town'];
const MOVED_TO = 'Canggu';
const AREAS = ['Ubud', 'ubud', 'UBUD', 'Sémbung', 'Sembung', 'Old Town', MOVED_TO, 'Nowhere'];

beforeAll(async () => {
  ctx = await createTestContext();
  for (const location of LOCATIONS) owners.push((await createUser(ctx.db, { location })).id);
  const borrower = await createUser(ctx.db);
  const { order } = await insertOrder(ctx.db, { borrower, ownerId: owners[0] as string });
  const book = fc.record({
    owner: fc.nat({ max: LOCATIONS.length - 1 }),
    title: fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...WORDS)).map(([a, b]) => `${a} ${b}`),
    author: fc.constantFrom(...WORDS),
    category: fc.constantFrom(...CATEGORIES),
    condition: fc.constantFrom(...CONDITIONS),
    language: fc.constantFrom(...LANGUAGES),
    status: fc.constantFrom(...BOOK_STATUSES),
    price: fc.constantFrom(...PRICES),
    deleted: fc.nat({ max: 6 }).map((n) => n === 0),
    reserved: fc.nat({ max: 6 }).map((n) => n === 0),
  });
  for (const b of fc.sample(book, { numRuns: MAX_PAGE_SIZE - 10, seed: 24 })) {
    await createBook(ctx.db, {
      ownerId: owners[b.owner] as string,
      title: b.title,
      author: b.author,
      category: b.category,
      condition: b.condition,
      language: b.language,
      status: b.status,
      weeklyPrice: b.price,
      deletedAt: b.deleted ? new Date() : null,
      reservedByOrderId: b.reserved ? order.id : null,
    });
  }
  await ctx.db
    .update(user)
    .set({ location: MOVED_TO })
    .where(eq(user.id, owners.at(-1) as string));
  // What the migration's function records for every book, as a logged change carries it.
  states = await ctx.db
    .select({ id: books.id, state: sql<BookState>`catalog_book_state(${books})` })
    .from(books);
});
afterAll(() => ctx.close());

const filterArb = fc.record(
  {
    shelf: fc.option(fc.nat({ max: LOCATIONS.length - 1 }), { nil: undefined }),
    category: fc.constantFrom(...CATEGORIES),
    // Searches of one or two letters are refused (SEARCH_TOO_SHORT): none here.
    q: fc
      .oneof(fc.constantFrom(...WORDS, 'ARD', 'e r', '%_%', '___', ' '), fc.string({ maxLength: 4 }))
      .filter((q) => q.trim().length === 0 || q.trim().length >= 3),
    condition: fc.constantFrom(...CONDITIONS),
    language: fc.constantFrom(...LANGUAGES),
    area: fc.oneof(fc.constantFrom(...AREAS), fc.string({ maxLength: 3 })),
    maxPrice: fc.constantFrom(...PRICES, '0.50', '12000', '12000.49'),
  },
  { requiredKeys: [] },
);

describe('the catalog filter: SQL, the recorded book state and the delta agree', () => {
  it('on random books and random queries', async () => {
    expect(states.length).toBeGreaterThan(40);
    // The moved owner's books carry the new area, and every area of LOCATIONS is on some book.
    const areas = new Set(states.map(({ state }) => state.area));
    expect([...areas].sort()).toEqual([MOVED_TO, 'Sémbung', 'Ubud', null, 'ubud'].sort());
    await fc.assert(
      fc.asyncProperty(filterArb, async (f) => {
        const scope: ListingFilter['scope'] =
          f.shelf === undefined ? { kind: 'catalog' } : { kind: 'shelf', ownerId: owners[f.shelf] as string };
        const q = f.q?.trim() || undefined;
        const area = f.area || undefined;
        const filter: ListingFilter = { ...f, q, area, scope };
        const page = await listBooksUncached(
          ctx.db,
          { ...f, q, area, sort: 'newest', page: 1, pageSize: MAX_PAGE_SIZE },
          scope,
        );
        const shown = new Set(page.items.map((b) => b.id));
        expect(page.total).toBe(shown.size);
        let ceiling = 0n;
        let ceilingKnown = true;
        for (const { id, state } of states) {
          const matches = matchesFilter(state, filter);
          if (matches !== null) expect({ id, matches }).toEqual({ id, matches: shown.has(id) });
          const inScope = matchesScope(state, filter);
          if (inScope === null) ceilingKnown = false;
          else if (inScope) {
            const cents = BigInt(Math.round(Number(state.price) * 100));
            if (cents > ceiling) ceiling = cents;
          }
        }
        if (ceilingKnown) expect(BigInt(Math.round(Number(page.maxWeeklyPrice) * 100))).toBe(ceiling);
      }),
      { numRuns: 150, seed: 2404 },
    );
  });
});
