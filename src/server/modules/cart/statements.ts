import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { WithSubquery } from 'drizzle-orm/subquery';
import { CART_QUANTITY, DEFAULT_BORROW_DURATION } from '@domain/constants';
import type { DbOrTx } from '@server/db/client';
import { preparedStatement } from '@server/db/statements';
import { type Book, books, type CartItem, cartItems, user } from '@server/db/schema';
import { ownerBackOnAt } from '@server/modules/books/availability-service';
import { routePrice } from '@server/modules/delivery-prices/service';

// The cart's SQL, built once and named (db/statements.ts); cart/service.ts reads as the rules
// that run them. Every statement takes the member as `memberId` and the clock's instant as `now`
// (ISO text: whether each book's owner is away then).

export interface CartLine {
  id: string;
  bookId: string;
  borrowDuration: number;
  createdAt: Date;
  updatedAt: Date;
  /** The book, with the day its owner is back while they are away. */
  book: Book & { ownerBackOn: string | null };
  ownerId: string | null;
  ownerName: string | null;
  ownerLocation: string | null;
  /** For the checkout's notices to the owner, in the owner's language; never part of an answer. */
  ownerEmail: string | null;
  ownerLanguage: string | null;
  /** Checkout's locked lines only: the delivery price of the owner's route to the member (D49). */
  deliveryPrice?: string | null;
}

const ownerBackOn = ownerBackOnAt(sql.placeholder('now'));

const cartLineFields = {
  item: cartItems,
  book: books,
  ownerBackOn,
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
  ownerBackOn: string | null;
  ownerName: string | null;
  ownerLocation: string | null;
  ownerEmail: string | null;
  ownerLanguage: string | null;
  deliveryPrice?: string | null;
}

/** A cart line from its row; none from the empty side of an outer join. */
export function toCartLine({
  item,
  book,
  ownerBackOn,
  ownerName,
  ownerLocation,
  ownerEmail,
  ownerLanguage,
  deliveryPrice,
}: CartLineRow): CartLine[] {
  if (!item || !book) return [];
  return [
    {
      id: item.id,
      bookId: item.bookId,
      borrowDuration: item.borrowDuration,
      createdAt: item.createdAt,
      updatedAt: item.updatedAt,
      book: { ...book, ownerBackOn },
      ownerId: book.ownerId,
      ownerName,
      ownerLocation,
      ownerEmail,
      ownerLanguage,
      ...(deliveryPrice === undefined ? {} : { deliveryPrice }),
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

/** The member's cart lines with their books and owners, newest first. */
export const cartLinesStatement = preparedStatement((db) =>
  selectCartLines(db).orderBy(desc(cartItems.createdAt), desc(cartItems.id)).prepare('rk_cart_lines'),
);

/**
 * The same lines with their books locked (FOR UPDATE) in book id order, as every checkout takes
 * them, so two never deadlock. A line whose book another checkout held is read as that
 * checkout left it. Each line carries its owner's delivery price to the member (D49), read after
 * the member's lock, so checkout prices its orders with no round trip of its own.
 */
export const lockedCartLinesStatement = preparedStatement((db) =>
  db
    .select({ ...cartLineFields, deliveryPrice: routePrice(sql.placeholder('memberId'), user.location) })
    .from(cartItems)
    .innerJoin(books, eq(books.id, cartItems.bookId))
    .leftJoin(user, eq(user.id, books.ownerId))
    .where(eq(cartItems.userId, sql.placeholder('memberId')))
    .orderBy(asc(books.id))
    .for('update', { of: books })
    .prepare('rk_cart_lines_locked'),
);

const owner = alias(user, 'book_owner');

/**
 * The member's lock (FOR NO KEY UPDATE, see cart/service.ts), with the book `bookId` and its
 * owner; no row when the member is gone, a null book when no book has that id.
 */
export const addLockStatement = preparedStatement((db) =>
  db
    .select({
      memberId: user.id,
      book: books,
      ownerBackOn,
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
 * The insert of the book `bookId` beside the cart as it was: no row when the book was already
 * in the cart, or when no book has that id or the member is gone (the insert reads both, so it
 * never breaks a foreign key). It names nothing the lock statement read, so the two are sent
 * together (cart/service.ts). The new line joins its owner's group at the group's one duration
 * (spec section 2), read after the lock.
 */
export const addItemStatement = preparedStatement((db) => {
  const sameOwnerLine = alias(cartItems, 'same_owner_line');
  const sameOwnerBook = alias(books, 'same_owner_book');
  const added = db.$with('added').as(
    db
      .insert(cartItems)
      .select(
        // Every column, in the table's order (drizzle's insert from a select); the defaults as
        // the table's own.
        db
          .select({
            id: sql<string>`gen_random_uuid()`.as('id'),
            userId: user.id,
            bookId: books.id,
            quantity: sql<number>`${sql.raw(String(CART_QUANTITY))}`.as('quantity'),
            borrowDuration: sql<number>`coalesce((${db
              .select({ duration: sameOwnerLine.borrowDuration })
              .from(sameOwnerLine)
              .innerJoin(sameOwnerBook, eq(sameOwnerBook.id, sameOwnerLine.bookId))
              .where(
                and(
                  eq(sameOwnerLine.userId, sql.placeholder('memberId')),
                  eq(sameOwnerBook.ownerId, books.ownerId),
                ),
              )
              .limit(1)}), ${sql.raw(String(DEFAULT_BORROW_DURATION))})`.as('borrow_duration'),
            createdAt: sql<Date>`now()`.as('created_at'),
            updatedAt: sql<Date>`now()`.as('updated_at'),
          })
          .from(books)
          .innerJoin(user, eq(user.id, sql.placeholder('memberId')))
          .where(eq(books.id, sql.placeholder('bookId'))),
      )
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

/** The delete of the member's own item `itemId` beside the cart as it was: no row when nothing was deleted. */
export const removeItemStatement = preparedStatement((db) => {
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
