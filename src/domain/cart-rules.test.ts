import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addToCartProblem,
  type CartBookFacts,
  type CartLineFacts,
  cartProblems,
  isBorrowable,
  isBorrowableBy,
  isListed,
} from './cart-rules';

const ME = 'member-1';
const book = (overrides: Partial<CartBookFacts> = {}): CartBookFacts => ({
  id: 'book-new',
  title: 'Matilda',
  ownerId: 'owner-a',
  status: 'Available',
  reservedByOrderId: null,
  deletedAt: null,
  heldForId: null,
  ownerBackOn: null,
  ...overrides,
});
const lines = (ownerId: string, n: number): CartLineFacts[] =>
  Array.from({ length: n }, (_, i) => ({ bookId: `${ownerId}-book-${i}`, ownerId }));

const problem = (b: CartBookFacts | null, cart: CartLineFacts[] = []) =>
  addToCartProblem({ memberId: ME, book: b, cart });

describe('add to cart: each rule with its error code (texts: errors.codes in the catalogues)', () => {
  it('accepts a borrowable book of someone else', () => {
    expect(problem(book())).toBeNull();
  });

  it('Book not found', () => {
    expect(problem(null)).toBe('BOOK_NOT_FOUND');
  });

  it.each([
    ['Borrowed', { status: 'Borrowed' as const }],
    ['Unavailable', { status: 'Unavailable' as const }],
    ['reserved by an open order (D6)', { reservedByOrderId: 'order-1' }],
    ['deleted (D7)', { deletedAt: new Date() }],
    ['without an owner', { ownerId: null }],
  ])('not available: %s', (_label, overrides) => {
    expect(problem(book(overrides))).toBe('BOOK_NOT_AVAILABLE');
  });

  it('own book', () => {
    expect(problem(book({ ownerId: ME }))).toBe('OWN_BOOK');
  });

  it('already in cart', () => {
    expect(problem(book(), [{ bookId: 'book-new', ownerId: 'owner-a' }])).toBe('ALREADY_IN_CART');
  });

  it('at most 5 books per owner: the 5th is fine, the 6th is refused', () => {
    expect(problem(book(), lines('owner-a', 4))).toBeNull();
    expect(problem(book(), lines('owner-a', 5))).toBe('MAX_BOOKS_PER_OWNER');
  });

  it('at most 5 distinct owners: a 6th owner is refused, a 5th owner and a known owner are fine', () => {
    const fourOwners = ['b', 'c', 'd', 'e'].flatMap((o) => lines(o, 1));
    expect(problem(book(), fourOwners)).toBeNull();
    const fiveOwners = ['b', 'c', 'd', 'e', 'f'].flatMap((o) => lines(o, 1));
    expect(problem(book(), fiveOwners)).toBe('MAX_OWNERS');
    expect(problem(book({ ownerId: 'b' }), fiveOwners)).toBeNull();
  });
});

describe("add to cart: rules apply in the spec's order", () => {
  it('not available beats own book', () => {
    expect(problem(book({ ownerId: ME, status: 'Borrowed' }))).toBe('BOOK_NOT_AVAILABLE');
  });
  it('own book beats already in cart', () => {
    expect(problem(book({ ownerId: ME }), [{ bookId: 'book-new', ownerId: ME }])).toBe('OWN_BOOK');
  });
  it('already in cart beats the owner limit', () => {
    const full = [...lines('owner-a', 4), { bookId: 'book-new', ownerId: 'owner-a' }];
    expect(problem(book(), full)).toBe('ALREADY_IN_CART');
  });
  it('the per-owner limit beats the owners limit', () => {
    const cart = [...lines('owner-a', 5), ...['b', 'c', 'd', 'e'].flatMap((o) => lines(o, 1))];
    expect(problem(book(), cart)).toBe('MAX_BOOKS_PER_OWNER');
  });
});

describe('cart re-validation before checkout', () => {
  it('an empty cart', () => {
    expect(cartProblems([], ME)).toEqual([{ code: 'yourCartIsEmpty' }]);
  });
  it('a cart of borrowable books has no problems', () => {
    expect(cartProblems([{ book: book() }], ME)).toEqual([]);
  });
  it('lists a taken book by title and a deleted one once', () => {
    const problems = cartProblems(
      [
        { book: book({ title: 'Matilda', reservedByOrderId: 'o1' }) },
        { book: book({ title: 'Gone', deletedAt: new Date() }) },
        { book: book({ title: 'Gone too', deletedAt: new Date() }) },
        { book: book({ title: 'Lent', status: 'Borrowed' }) },
        { book: book({ title: 'Fine' }) },
      ],
      ME,
    );
    expect(problems).toEqual([
      { code: 'someBooksUnavailable' },
      { code: 'titleNoLongerAvailable', params: { title: 'Matilda' } },
      { code: 'titleNoLongerAvailable', params: { title: 'Lent' } },
    ]);
  });
  it('isBorrowable needs Available, no reservation, not deleted and an owner', () => {
    expect(isBorrowable(book())).toBe(true);
    expect(isBorrowable(book({ reservedByOrderId: 'x' }))).toBe(false);
  });
  it('isBorrowable: held for nobody (D25) and the owner not away (D48); isBorrowableBy: the holder, never the owner', () => {
    expect(isBorrowable(book({ heldForId: 'member-2' }))).toBe(false);
    expect(isBorrowable(book({ ownerBackOn: '2026-12-10' }))).toBe(false);
    expect(isBorrowableBy(book({ heldForId: 'member-2' }), 'member-2')).toBe(true);
    expect(isBorrowableBy(book({ heldForId: 'member-2' }), ME)).toBe(false);
    expect(isBorrowableBy(book(), ME)).toBe(true);
    expect(isBorrowableBy(book({ ownerId: ME }), ME)).toBe(false);
    expect(isBorrowableBy(book({ ownerId: ME, heldForId: ME }), ME)).toBe(false);
  });
});

describe('add to cart: properties over random sequences of adds', () => {
  it('no sequence of accepted adds breaks a limit, repeats a book or holds an own book', () => {
    const bookArb = fc.record({
      id: fc.constantFrom(...Array.from({ length: 40 }, (_, i) => `book-${i}`)),
      ownerId: fc.constantFrom(ME, 'o1', 'o2', 'o3', 'o4', 'o5', 'o6', 'o7'),
      status: fc.constantFrom('Available', 'Available', 'Available', 'Borrowed', 'Unavailable'),
      reserved: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(bookArb, { maxLength: 80 }), (attempts) => {
        const cart: CartLineFacts[] = [];
        for (const a of attempts) {
          const candidate = book({
            id: a.id,
            ownerId: a.ownerId,
            status: a.status as CartBookFacts['status'],
            reservedByOrderId: a.reserved && a.id.endsWith('7') ? 'order' : null,
          });
          if (problem(candidate, cart) === null)
            cart.push({ bookId: candidate.id, ownerId: candidate.ownerId });
        }
        const owners = new Set(cart.map((l) => l.ownerId));
        expect(owners.size).toBeLessThanOrEqual(5);
        for (const owner of owners)
          expect(cart.filter((l) => l.ownerId === owner).length).toBeLessThanOrEqual(5);
        expect(new Set(cart.map((l) => l.bookId)).size).toBe(cart.length);
        expect(owners.has(ME)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});

describe('a book held for a waiting member (D25)', () => {
  it('only the holder may add it or check it out', () => {
    const held = book({ heldForId: 'member-2' });
    expect(addToCartProblem({ memberId: ME, book: held, cart: [] })).toBe('BOOK_NOT_AVAILABLE');
    expect(addToCartProblem({ memberId: 'member-2', book: held, cart: [] })).toBeNull();
    expect(cartProblems([{ book: held }], ME)).toEqual([
      { code: 'titleNoLongerAvailable', params: { title: 'Matilda' } },
    ]);
    expect(cartProblems([{ book: held }], 'member-2')).toEqual([]);
  });
});

describe('a book whose owner is away (D48)', () => {
  it('is listed but not borrowable: adding it says until when, and the cart names it with its day', () => {
    const away = book({ ownerBackOn: '2026-12-10' });
    expect(isListed(away)).toBe(true);
    expect(isBorrowable(away)).toBe(false);
    expect(addToCartProblem({ memberId: ME, book: away, cart: [] })).toBe('OWNER_AWAY');
    expect(cartProblems([{ book: away }], ME)).toEqual([
      { code: 'ownerAwayUntil', params: { title: 'Matilda', backOn: '2026-12-10' } },
    ]);
  });
  it('a book out on loan or held for someone else stays what it was', () => {
    expect(
      addToCartProblem({
        memberId: ME,
        book: book({ ownerBackOn: '2026-12-10', status: 'Borrowed' }),
        cart: [],
      }),
    ).toBe('BOOK_NOT_AVAILABLE');
    expect(
      addToCartProblem({
        memberId: ME,
        book: book({ ownerBackOn: '2026-12-10', heldForId: 'member-2' }),
        cart: [],
      }),
    ).toBe('BOOK_NOT_AVAILABLE');
  });
});
