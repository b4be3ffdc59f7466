import { MAX_BOOKS_PER_OWNER, MAX_OWNERS_IN_CART } from './constants';
import type { FieldProblem } from './error-codes';

// The cart rules (spec sections 5 and 9, D6) as pure functions. The server calls them inside the
// transaction that holds the locks; the web mirrors them to label the add button.

/** What the rules need to know about a book. */
export interface CartBookFacts {
  id: string;
  title: string;
  ownerId: string | null;
  status: 'Available' | 'Borrowed' | 'Unavailable';
  reservedByOrderId: string | null;
  deletedAt: Date | string | null;
  /** D25: the member a waitlist hold keeps this book for, if any. */
  heldForId: string | null;
  /** D48: the day its owner is back while they are away now; null when they are not away. */
  ownerBackOn: string | null;
}

/** One line already in the member's cart. */
export interface CartLineFacts {
  bookId: string;
  ownerId: string | null;
}

type AddToCartProblemCode =
  | 'BOOK_NOT_FOUND'
  | 'BOOK_NOT_AVAILABLE'
  | 'OWNER_AWAY'
  | 'OWN_BOOK'
  | 'ALREADY_IN_CART'
  | 'MAX_BOOKS_PER_OWNER'
  | 'MAX_OWNERS';

/** The refusal of an add to cart: its error code (domain/error-codes.ts). */
export type AddToCartProblem = AddToCartProblemCode;

/**
 * In no order and not gone (D6): Available, in no open order, not deleted and with an owner. A
 * reserved book keeps the status Available, so the status alone is not enough. Such a book stays
 * in the catalog while its owner is away (D48), and is the holder's alone while held (D25).
 */
export function isListed(book: Omit<CartBookFacts, 'id' | 'title' | 'heldForId' | 'ownerBackOn'>): boolean {
  return (
    book.status === 'Available' &&
    book.reservedByOrderId === null &&
    book.deletedAt === null &&
    book.ownerId !== null
  );
}

/**
 * The one rule of "borrowable now" (D6, D25, D48): listed, its owner not away and held for
 * nobody. The server's writer of a book's state announces exactly these books (books-borrowable),
 * the waitlist offers them, wanted books tells about them. SQL keeps the same rule, all but the
 * owner's away days (a fact of another table, read at a moment), as the generated `listed` column
 * (db/schema.ts); availability-rules.test.ts pins the two.
 */
export function isBorrowable(book: Omit<CartBookFacts, 'id' | 'title'>): boolean {
  return isListed(book) && book.ownerBackOn === null && book.heldForId === null;
}

/** Borrowable by anyone now, or held for this member (D25): free to them, whoever owns it. */
function isFreeFor(book: Omit<CartBookFacts, 'id' | 'title'>, memberId: string): boolean {
  return isBorrowable({ ...book, heldForId: book.heldForId === memberId ? null : book.heldForId });
}

/** Borrowable now by this member: free to them (D25) and not their own book. */
export function isBorrowableBy(book: Omit<CartBookFacts, 'id' | 'title'>, memberId: string): boolean {
  return isFreeFor(book, memberId) && book.ownerId !== memberId;
}

/** The first add-to-cart rule a book breaks, checked in the spec's order; null when it may be added. */
export function addToCartProblem(input: {
  memberId: string;
  book: CartBookFacts | null;
  cart: readonly CartLineFacts[];
}): AddToCartProblem | null {
  const { memberId, book, cart } = input;
  if (!book) return 'BOOK_NOT_FOUND';
  // D48: a book that only waits for its owner says so (and until when).
  if (isListed(book) && book.ownerBackOn !== null && (book.heldForId ?? memberId) === memberId)
    return 'OWNER_AWAY';
  if (!isFreeFor(book, memberId)) return 'BOOK_NOT_AVAILABLE';
  if (!isBorrowableBy(book, memberId)) return 'OWN_BOOK';
  if (cart.some((line) => line.bookId === book.id)) return 'ALREADY_IN_CART';
  const fromThisOwner = cart.filter((line) => line.ownerId === book.ownerId).length;
  if (fromThisOwner >= MAX_BOOKS_PER_OWNER) return 'MAX_BOOKS_PER_OWNER';
  const owners = new Set(cart.map((line) => line.ownerId));
  if (!owners.has(book.ownerId) && owners.size >= MAX_OWNERS_IN_CART) {
    return 'MAX_OWNERS';
  }
  return null;
}

/**
 * Re-validation before checkout (spec section 5): each problem as the spec words it. A book that
 * is gone (deleted, D7) is 'no longer available' as a group; one that is taken or withdrawn is
 * named by title.
 */
export function cartProblems(items: readonly { book: CartBookFacts }[], memberId: string): FieldProblem[] {
  if (items.length === 0) return [{ code: 'yourCartIsEmpty' }];
  const problems: FieldProblem[] = [];
  if (items.some(({ book }) => book.deletedAt !== null || book.ownerId === null)) {
    problems.push({ code: 'someBooksUnavailable' });
  }
  for (const { book } of items) {
    if (book.deletedAt !== null || book.ownerId === null) continue;
    if (isListed(book) && book.ownerBackOn !== null && book.ownerId !== memberId)
      problems.push({ code: 'ownerAwayUntil', params: { title: book.title, backOn: book.ownerBackOn } });
    else if (!isBorrowableBy(book, memberId))
      problems.push({ code: 'titleNoLongerAvailable', params: { title: book.title } });
  }
  return problems;
}
