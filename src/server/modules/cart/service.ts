import { isUuid } from '@domain/ids';
import { and, eq, sql } from 'drizzle-orm';
import { type AddToCartProblem, addToCartProblem, cartProblems } from '@domain/cart-rules';
import { cartSubtotal, groupByOwner } from '@domain/cart-grouping';
import type { CartValidation, CartView } from '@domain/cart-types';
import { type BorrowDuration, CART_QUANTITY } from '@domain/constants';
import type { Db, DbOrTx } from '@server/db/client';
import { books, cartItems } from '@server/db/schema';
import { AppError } from '@server/lib/errors';
import { fieldText } from '@server/lib/i18n';
import { toBookSummary } from '@server/modules/books/service';
import { now } from '@server/lib/clock';
import {
  addItemStatement,
  addLockStatement,
  type CartLine,
  cartLinesStatement,
  lockedCartLinesStatement,
  removeItemStatement,
  toCartLine,
} from './statements';

export type { CartLine };

// The member's cart (spec sections 2, 4, 5). Every change that depends on what is already in
// the cart runs under a lock on the member's row, so two adds sent at once take turns and can
// never push the cart past the limits together. The lock is FOR NO KEY UPDATE (here and in the
// checkout's): it serializes the member's own cart and checkout without blocking the key-share
// locks other members' checkouts take on this row as an owner (a FOR UPDATE made two members
// who borrow from each other deadlock); deleting the member (FOR UPDATE) still waits.

/** The member's cart lines with their books and owners, newest first (spec section 7). */
export async function loadCartLines(
  db: DbOrTx,
  memberId: string,
  options: {
    /**
     * Checkout: lock the books too (FOR UPDATE), in book id order, as every checkout takes
     * them, so two never deadlock (cart/statements.ts).
     */
    lockBooks?: boolean;
  } = {},
): Promise<CartLine[]> {
  const rows = options.lockBooks
    ? // Rows are locked after the sort, so in this order; the lines are put newest first below.
      (await lockedCartLinesStatement(db).execute({ memberId, now: now().toISOString() })).sort(
        (a, b) => b.item.createdAt.getTime() - a.item.createdAt.getTime() || (a.item.id < b.item.id ? 1 : -1),
      )
    : await cartLinesStatement(db).execute({ memberId, now: now().toISOString() });
  return rows.flatMap(toCartLine);
}

/** Lines grouped by owner and priced through the one pricing function (D3). */
export function groupCartLines<L extends CartLine>(lines: readonly L[]) {
  return groupByOwner(
    lines.map((line) => ({
      ...line,
      price: { weeklyPrice: line.book.weeklyPrice, monthlyPrice: line.book.monthlyPrice },
    })),
  );
}

function toCartView(lines: CartLine[]): CartView {
  const groups = groupCartLines(lines).map((group) => ({
    ownerId: group.ownerId ?? '',
    ownerName: group.ownerName,
    ownerLocation: group.ownerLocation,
    items: group.lines.map((line, i) => ({
      id: line.id,
      book: toBookSummary(line.book, line.book.ownerBackOn),
      quantity: CART_QUANTITY as 1,
      borrowDuration: group.borrowDuration,
      itemTotal: group.lineTotals[i],
      createdAt: line.createdAt.toISOString(),
      updatedAt: line.updatedAt.toISOString(),
    })),
    totalBooks: group.lines.length,
    borrowDuration: group.borrowDuration,
    totalAmount: group.totalAmount,
  }));
  return { groups, count: lines.length, subtotal: cartSubtotal(groups) };
}

export async function getCart(db: DbOrTx, input: { actorId: string }): Promise<CartView> {
  return toCartView(await loadCartLines(db, input.actorId));
}

export async function countCart(db: DbOrTx, input: { actorId: string }): Promise<number> {
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(cartItems)
    .where(eq(cartItems.userId, input.actorId));
  return count;
}

/** An id no book has (ids are random v4 uuids): a malformed book id finds nothing. */
const NO_BOOK = '00000000-0000-0000-0000-000000000000';

/**
 * Adds a book after every rule of spec section 5 passed, in the spec's order: lock, check the
 * book, write, check the cart as it was, answer. Two prepared statements (cart/statements.ts),
 * sent together so they cost one round trip with the transaction's `begin` (db/client.ts): the
 * member's lock with the book and its owner, then the insert beside the cart as it was, which
 * PostgreSQL runs after the lock is held. A rule the book or the cart breaks rolls the insert
 * back. The answer is built from those rows.
 */
export async function addToCart(db: Db, input: { actorId: string; bookId: string }): Promise<CartView> {
  const memberId = input.actorId;
  return db.transaction(async (tx) => {
    const at = now().toISOString();
    const bookId = isUuid(input.bookId) ? input.bookId : NO_BOOK;
    const lockAnswer = addLockStatement(tx).execute({ memberId, now: at, bookId });
    const insertAnswer = addItemStatement(tx).execute({ memberId, bookId, now: at });
    // Read below once the book passed; otherwise the transaction rolls back whatever it did.
    insertAnswer.catch(() => {});
    const [locked] = await lockAnswer;
    // No row: the member is gone; a null book: no book has that id. Either way, nothing was added.
    if (!locked?.book) throw new AppError('BOOK_NOT_FOUND');
    const book = { ...locked.book, ownerBackOn: locked.ownerBackOn };
    // The book's own rules come first in the spec's order; an empty cart breaks none of the cart's.
    throwAddProblem(addToCartProblem({ memberId, book, cart: [] }), book);

    const rows = await insertAnswer;
    const cartAsItWas = rows.flatMap(toCartLine);
    // No row: the insert met the book already in this member's cart.
    const [inserted] = rows;
    throwAddProblem(
      addToCartProblem({
        memberId,
        book,
        cart: inserted ? cartAsItWas : [{ bookId: book.id, ownerId: book.ownerId }],
      }),
      book,
    );

    const newLine = toCartLine({ ...locked, item: inserted?.added ?? null });
    // Newest first, as loadCartLines orders them.
    return toCartView([...newLine, ...cartAsItWas]);
  });
}

/** Throwing rolls the transaction back, with the insert when it was made. */
function throwAddProblem(problem: AddToCartProblem | null, book: { ownerBackOn: string | null }): void {
  if (problem === 'OWNER_AWAY') throw new AppError(problem, { params: { backOn: book.ownerBackOn ?? '' } });
  if (problem) throw new AppError(problem);
}

async function ownItem(db: DbOrTx, memberId: string, itemId: string) {
  const [item] = isUuid(itemId)
    ? await db
        .select({ id: cartItems.id })
        .from(cartItems)
        .where(and(eq(cartItems.id, itemId), eq(cartItems.userId, memberId)))
    : [];
  if (!item) throw new AppError('CART_ITEM_NOT_FOUND');
  return item;
}

/** Quantity is always 1 (spec section 4): 0 or less removes the item, anything else only touches it. */
export async function updateCartItemQuantity(
  db: DbOrTx,
  input: { actorId: string; itemId: string; quantity: number },
): Promise<CartView> {
  const item = await ownItem(db, input.actorId, input.itemId);
  if (input.quantity <= 0) await db.delete(cartItems).where(eq(cartItems.id, item.id));
  else await db.update(cartItems).set({ updatedAt: new Date() }).where(eq(cartItems.id, item.id));
  return getCart(db, input);
}

export async function removeCartItem(
  db: DbOrTx,
  input: { actorId: string; itemId: string },
): Promise<CartView> {
  // A malformed id is an item nobody has.
  const rows = isUuid(input.itemId)
    ? await removeItemStatement(db).execute({
        itemId: input.itemId,
        memberId: input.actorId,
        now: now().toISOString(),
      })
    : [];
  if (rows.length === 0) throw new AppError('CART_ITEM_NOT_FOUND');
  return toCartView(rows.filter((row) => row.item?.id !== row.removedId).flatMap(toCartLine));
}

function ownerBooks(ownerId: string) {
  return sql`${cartItems.bookId} in (select ${books.id} from ${books} where ${books.ownerId} = ${ownerId})`;
}

export async function removeOwnerItems(
  db: DbOrTx,
  input: { actorId: string; ownerId: string },
): Promise<CartView> {
  await db.delete(cartItems).where(and(eq(cartItems.userId, input.actorId), ownerBooks(input.ownerId)));
  return getCart(db, input);
}

export async function clearCart(db: DbOrTx, input: { actorId: string }): Promise<CartView> {
  await db.delete(cartItems).where(eq(cartItems.userId, input.actorId));
  return getCart(db, input);
}

/** One duration for all of an owner's books in the cart (spec section 2). */
export async function setOwnerDuration(
  db: DbOrTx,
  input: { actorId: string; ownerId: string; borrowDuration: BorrowDuration },
): Promise<CartView> {
  await db
    .update(cartItems)
    .set({ borrowDuration: input.borrowDuration, updatedAt: new Date() })
    .where(and(eq(cartItems.userId, input.actorId), ownerBooks(input.ownerId)));
  return getCart(db, input);
}

/** Re-validation before leaving the cart and before placing orders (spec section 5). */
export async function validateCart(db: DbOrTx, input: { actorId: string }): Promise<CartValidation> {
  const lines = await loadCartLines(db, input.actorId);
  const problems = cartProblems(lines, input.actorId);
  return {
    ok: problems.length === 0,
    problems: problems.map((problem) => fieldText('en', problem)),
    problemCodes: problems,
  };
}
