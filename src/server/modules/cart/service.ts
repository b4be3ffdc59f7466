import { isUuid } from '@domain/ids';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { WithSubquery } from 'drizzle-orm/subquery';
import { type AddToCartProblem, addToCartProblem, cartProblems } from '@domain/cart-rules';
import { cartSubtotal, groupByOwner } from '@domain/cart-grouping';
import type { CartValidation, CartView } from '@domain/cart-types';
import { type BorrowDuration, CART_QUANTITY, DEFAULT_BORROW_DURATION } from '@domain/constants';
import type { Db, DbOrTx } from '@server/db/client';
import { preparedStatement } from '@server/db/statements';
import { type Book, books, type CartItem, cartItems, user } from '@server/db/schema';
import { AppError } from '@server/lib/errors';
import { fieldText } from '@server/lib/i18n';
import { toBookSummary } from '@server/modules/books/service';

// The member's cart (spec sections 2, 4, 5). Every change that depends on what is already in
// the cart runs under a lock on the member's row, so two adds sent at once take turns and can
// never push the cart past the limits together. The lock is FOR NO KEY UPDATE (here and in the
// checkout's): it serializes the member's own cart and checkout without blocking the key-share
// locks other members' checkouts take on this row as an owner (a FOR UPDATE made two members
// who borrow from each other deadlock); deleting the member (FOR UPDATE) still waits.

export interface CartLine {
  id: string;
  bookId: string;
  borrowDuration: number;
  createdAt: Date;
  updatedAt: Date;
  book: Book;
  ownerId: string | null;
  ownerName: string | null;
  ownerLocation: string | null;
  /** For the checkout's notices to the owner, in the owner's language; never part of an answer. */
  ownerEmail: string | null;
  ownerLanguage: string | null;
}

const cartLineFields = {
  item: cartItems,
  book: books,
  ownerName: user.name,
  ownerLocation: user.location,
  ownerEmail: user.email,
  ownerLanguage: user.language,
};

function selectCartLines(db: DbOrTx) {
  return db
    .select(cartLineFields)
    .from(cartItems)
    .innerJoin(books, eq(books.id, cartItems.bookId))
    .leftJoin(user, eq(user.id, books.ownerId))
    .where(eq(cartItems.userId, sql.placeholder('memberId')));
}

interface CartLineRow {
  /** The fields a line reads, as the insert returns them too. */
  item: Pick<CartItem, 'id' | 'bookId' | 'borrowDuration' | 'createdAt' | 'updatedAt'> | null;
  book: Book | null;
  ownerName: string | null;
  ownerLocation: string | null;
  ownerEmail: string | null;
  ownerLanguage: string | null;
}

/** A cart line from its row; none from the empty side of an outer join. */
function toCartLine({
  item,
  book,
  ownerName,
  ownerLocation,
  ownerEmail,
  ownerLanguage,
}: CartLineRow): CartLine[] {
  if (!item || !book) return [];
  return [
    {
      id: item.id,
      bookId: item.bookId,
      borrowDuration: item.borrowDuration,
      createdAt: item.createdAt,
      updatedAt: item.updatedAt,
      book,
      ownerId: book.ownerId,
      ownerName,
      ownerLocation,
      ownerEmail,
      ownerLanguage,
    },
  ];
}

/**
 * A write's CTE (one row or none) beside every line of the member's cart as the statement found
 * it, newest first: a statement does not see its own CTE's writes, so these are the lines from
 * before the write. An empty cart still gives the CTE's row, with null lines.
 */
function besideCartAsItWas<S extends SelectedFields>(db: DbOrTx, write: WithSubquery, fields: S) {
  return db
    .with(write)
    .select({ ...fields, ...cartLineFields })
    .from(write)
    .leftJoin(cartItems, eq(cartItems.userId, sql.placeholder('memberId')))
    .leftJoin(books, eq(books.id, cartItems.bookId))
    .leftJoin(user, eq(user.id, books.ownerId))
    .orderBy(desc(cartItems.createdAt), desc(cartItems.id));
}

const cartLinesStatement = preparedStatement((db) =>
  selectCartLines(db).orderBy(desc(cartItems.createdAt), desc(cartItems.id)).prepare('rk_cart_lines'),
);
const lockedCartLinesStatement = preparedStatement((db) =>
  selectCartLines(db).orderBy(asc(books.id)).for('update', { of: books }).prepare('rk_cart_lines_locked'),
);

/** The member's cart lines with their books and owners, newest first (spec section 7). */
export async function loadCartLines(
  db: DbOrTx,
  memberId: string,
  options: {
    /**
     * Checkout: lock the books too (FOR UPDATE), in book id order, as every checkout takes
     * them, so two never deadlock. A line whose book another checkout held is read as that
     * checkout left it.
     */
    lockBooks?: boolean;
  } = {},
): Promise<CartLine[]> {
  const rows = options.lockBooks
    ? // Rows are locked after the sort, so in this order; the lines are put newest first below.
      (await lockedCartLinesStatement(db).execute({ memberId })).sort(
        (a, b) => b.item.createdAt.getTime() - a.item.createdAt.getTime() || (a.item.id < b.item.id ? 1 : -1),
      )
    : await cartLinesStatement(db).execute({ memberId });
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

export function toCartView(lines: CartLine[]): CartView {
  const groups = groupCartLines(lines).map((group) => ({
    ownerId: group.ownerId ?? '',
    ownerName: group.ownerName,
    ownerLocation: group.ownerLocation,
    items: group.lines.map((line, i) => ({
      id: line.id,
      book: toBookSummary(line.book),
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

const owner = alias(user, 'book_owner');
/** An id no book has (ids are random v4 uuids): a malformed book id finds nothing. */
const NO_BOOK = '00000000-0000-0000-0000-000000000000';

/** The member's lock, with the book and its owner. */
const addLockStatement = preparedStatement((db) =>
  db
    .select({
      memberId: user.id,
      book: books,
      ownerName: owner.name,
      ownerLocation: owner.location,
      ownerEmail: owner.email,
      ownerLanguage: owner.language,
    })
    .from(user)
    .leftJoin(books, eq(books.id, sql.placeholder('bookId')))
    .leftJoin(owner, eq(owner.id, books.ownerId))
    .where(eq(user.id, sql.placeholder('memberId')))
    .for('no key update', { of: user })
    .prepare('rk_cart_add_lock'),
);

/**
 * The insert beside the cart as it was: no row when the book was already in the cart. The new
 * line joins its owner's group at the group's one duration (spec section 2), read after the lock.
 */
const addItemStatement = preparedStatement((db) => {
  const sameOwnerLine = alias(cartItems, 'same_owner_line');
  const sameOwnerBook = alias(books, 'same_owner_book');
  const added = db.$with('added').as(
    db
      .insert(cartItems)
      .values({
        userId: sql.placeholder('memberId'),
        bookId: sql.placeholder('bookId'),
        quantity: CART_QUANTITY as 1,
        borrowDuration: sql`coalesce((${db
          .select({ duration: sameOwnerLine.borrowDuration })
          .from(sameOwnerLine)
          .innerJoin(sameOwnerBook, eq(sameOwnerBook.id, sameOwnerLine.bookId))
          .where(
            and(
              eq(sameOwnerLine.userId, sql.placeholder('memberId')),
              eq(sameOwnerBook.ownerId, sql.placeholder('ownerId')),
            ),
          )
          .limit(1)}), ${DEFAULT_BORROW_DURATION})`,
      })
      .onConflictDoNothing({ target: [cartItems.userId, cartItems.bookId] })
      .returning(),
  );
  return besideCartAsItWas(db, added, {
    added: {
      id: added.id,
      bookId: added.bookId,
      borrowDuration: added.borrowDuration,
      createdAt: added.createdAt,
      updatedAt: added.updatedAt,
    },
  }).prepare('rk_cart_add_item');
});

/**
 * Adds a book after every rule of spec section 5 passed, in the spec's order. Two prepared
 * statements: the member's lock with the book and its owner, then the insert with the cart as
 * it was; a rule the cart breaks rolls the insert back. The answer is built from those rows.
 */
export async function addToCart(db: Db, input: { actorId: string; bookId: string }): Promise<CartView> {
  return db.transaction(async (tx) => {
    const [locked] = await addLockStatement(tx).execute({
      memberId: input.actorId,
      bookId: isUuid(input.bookId) ? input.bookId : NO_BOOK,
    });
    const book = locked?.book ?? null;
    // The book's own rules come first in the spec's order; an empty cart breaks none of the cart's.
    throwAddProblem(addToCartProblem({ memberId: input.actorId, book, cart: [] }));
    const rows = await addItemStatement(tx).execute({
      memberId: input.actorId,
      bookId: book!.id,
      ownerId: book!.ownerId,
    });
    const lines = rows.flatMap(toCartLine);
    // No row: the insert met the book already in this member's cart.
    const cart = rows.length === 0 ? [{ bookId: book!.id, ownerId: book!.ownerId }] : lines;
    throwAddProblem(addToCartProblem({ memberId: input.actorId, book, cart }));
    const newLine = toCartLine({
      item: rows[0].added,
      book,
      ownerName: locked.ownerName,
      ownerLocation: locked.ownerLocation,
      ownerEmail: locked.ownerEmail,
      ownerLanguage: locked.ownerLanguage,
    });
    // Newest first, as loadCartLines orders them.
    return toCartView([...newLine, ...lines]);
  });
}

/** Throwing rolls the transaction back, with the insert when it was made. */
function throwAddProblem(problem: AddToCartProblem | null): void {
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

/** The delete of the member's own item beside the cart as it was: no row when nothing was deleted. */
const removeItemStatement = preparedStatement((db) => {
  const removed = db.$with('removed').as(
    db
      .delete(cartItems)
      .where(
        and(eq(cartItems.id, sql.placeholder('itemId')), eq(cartItems.userId, sql.placeholder('memberId'))),
      )
      .returning({ id: cartItems.id }),
  );
  return besideCartAsItWas(db, removed, { removedId: removed.id }).prepare('rk_cart_remove_item');
});

export async function removeCartItem(
  db: DbOrTx,
  input: { actorId: string; itemId: string },
): Promise<CartView> {
  // A malformed id is an item nobody has.
  const rows = isUuid(input.itemId)
    ? await removeItemStatement(db).execute({ itemId: input.itemId, memberId: input.actorId })
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
