import { and, desc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { isBorrowable } from '@domain/cart-rules';
import { MAX_WANTED } from '@domain/constants';
import { type MyWanted, type WantedBook, type WantedRequest, wantedOf } from '@domain/wanted-types';
import type { Config } from '@server/config';
import type { Db, DbOrTx, Tx } from '@server/db/client';
import { books, orderItems, orders, user, wantedBookNotices, wantedBooks } from '@server/db/schema';
import { emailWords, languageOf } from '@server/lib/i18n';
import { AppError, fieldProblem } from '@server/lib/errors';
import { listen } from '@server/lib/lifecycle-events';
import { renderNotice } from '@server/outbox/layout';
import { bookWithOwnerBackOn } from '@server/modules/books/availability-service';
import { enqueueEmails } from '@server/outbox/outbox';

// Wanted books (D47): a member's list of titles and ISBNs, and the notice when a matching book
// can be borrowed: once per wanted entry and book, whether it was just listed, came back to the
// shop or left a hold nobody took. A wanted entry ends when its member borrows a matching book.

type WantedRow = typeof wantedBooks.$inferSelect;

const toWanted = (row: WantedRow): WantedBook => ({
  id: row.id,
  title: row.title,
  author: row.author,
  isbn: row.isbn,
  createdAt: row.createdAt.toISOString(),
});

/** The folded form the generated keys hold (migration 0034), for a value compared to them. */
const folded = (text: SQL | string) => sql`nullif(btrim(rk_fold(${text})), '')`;

/** A wanted entry matches a book: the same ISBN, or the same title and (when given) author. */
function matchesBook(book: { isbn: SQL | string | null; title: SQL | string; author: SQL | string }): SQL {
  const sameTitle = and(
    sql`${wantedBooks.titleKey} = ${folded(book.title)}`,
    or(isNull(wantedBooks.authorKey), sql`${wantedBooks.authorKey} = ${folded(book.author)}`),
  )!;
  return book.isbn === null ? sameTitle : or(sql`${wantedBooks.isbn} = ${book.isbn}`, sameTitle)!;
}

export async function listWanted(db: DbOrTx, actorId: string): Promise<MyWanted> {
  const rows = await db
    .select()
    .from(wantedBooks)
    .where(eq(wantedBooks.userId, actorId))
    .orderBy(desc(wantedBooks.createdAt), desc(wantedBooks.id));
  return { items: rows.map(toWanted), max: MAX_WANTED };
}

/** Adds a wanted book; the member's row lock makes the limit hold for adds at once. */
export async function addWanted(
  db: Db,
  input: { actorId: string; wanted: WantedRequest },
): Promise<WantedBook> {
  const { title, author, isbn, isbnGiven } = await wantedOf(input.wanted);
  if (isbnGiven && isbn === null)
    throw new AppError('VALIDATION_FAILED', { fields: { isbn: fieldProblem('isbnInvalid') } });
  return db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, input.actorId)).for('update');
    const mine = await tx.select().from(wantedBooks).where(eq(wantedBooks.userId, input.actorId));
    if (mine.length >= MAX_WANTED) throw new AppError('WANTED_LIMIT', { params: { max: MAX_WANTED } });
    const [same] = await tx
      .select({ id: wantedBooks.id })
      .from(wantedBooks)
      .where(
        and(
          eq(wantedBooks.userId, input.actorId),
          isbn
            ? sql`${wantedBooks.isbn} is not distinct from ${isbn}`
            : and(
                isNull(wantedBooks.isbn),
                sql`${wantedBooks.titleKey} = ${folded(title ?? '')}`,
                sql`${wantedBooks.authorKey} is not distinct from ${folded(author ?? '')}`,
              ),
        ),
      );
    if (same) throw new AppError('WANTED_ALREADY');
    const [row] = await tx
      .insert(wantedBooks)
      .values({ userId: input.actorId, title, author, isbn })
      .returning();
    return toWanted(row);
  });
}

export async function removeWanted(db: DbOrTx, input: { actorId: string; id: string }): Promise<MyWanted> {
  const removed = await db
    .delete(wantedBooks)
    .where(and(eq(wantedBooks.id, input.id), eq(wantedBooks.userId, input.actorId)))
    .returning({ id: wantedBooks.id });
  if (removed.length === 0) throw new AppError('WANTED_NOT_FOUND');
  return listWanted(db, input.actorId);
}

/**
 * Tells the members who want one of these books, when it can be borrowed by anyone now (not
 * held for a waiter: that hold's end comes back here), once per wanted entry and book.
 */
async function tellWanters(
  tx: Tx,
  config: Pick<Config, 'appUrl'>,
  bookIds: readonly string[],
): Promise<void> {
  const rows = await tx
    .select(bookWithOwnerBackOn())
    .from(books)
    .where(inArray(books.id, [...bookIds]));
  // D48: a book whose owner is away is not borrowable yet; their return announces it again.
  const ready = rows.map((r) => ({ ...r.book, ownerBackOn: r.ownerBackOn }));
  for (const book of ready.filter(isBorrowable)) {
    const wanters = await tx
      .select({ wanted: wantedBooks, email: user.email, name: user.name, language: user.language })
      .from(wantedBooks)
      .innerJoin(user, eq(user.id, wantedBooks.userId))
      .where(and(ne(wantedBooks.userId, book.ownerId ?? ''), matchesBook(book)));
    if (wanters.length === 0) continue;
    const told = await tx
      .insert(wantedBookNotices)
      .values(wanters.map((w) => ({ wantedId: w.wanted.id, bookId: book.id })))
      .onConflictDoNothing()
      .returning({ wantedId: wantedBookNotices.wantedId });
    const now = new Set(told.map((t) => t.wantedId));
    await enqueueEmails(
      tx,
      wanters
        .filter((w) => now.has(w.wanted.id))
        .map((w) => {
          const lang = languageOf(w.language);
          const t = emailWords(lang);
          return {
            to: w.email,
            recipientType: 'user' as const,
            emailType: 'wanted_available',
            ...renderNotice(lang, {
              subject: t('wanted.available.subject', { title: book.title }),
              title: t('wanted.available.title'),
              paragraphs: [
                t('wanted.available.body', { name: w.name, title: book.title, author: book.author }),
                t('wanted.available.next', { wanted: w.wanted.title ?? w.wanted.isbn }),
              ],
              button: { label: t('wanted.available.button'), url: `${config.appUrl}/books/${book.id}` },
            }),
          };
        }),
    );
  }
}

/**
 * A loan ends its borrower's wanted entries its books match (D47): when the order is paid and so
 * the member borrows them, not at checkout (an order never paid borrows nothing). One statement.
 */
async function endWantedOnLoan(tx: Tx, orderId: string): Promise<void> {
  await tx.execute(sql`
    delete from ${wantedBooks} as w
    using ${orders} as o
    join ${orderItems} as oi on oi.order_id = o.id
    join ${books} as b on b.id = oi.book_id
    where o.id = ${orderId} and w.user_id = o.user_id
      and (w.isbn = b.isbn
        or (w.title_key = nullif(btrim(rk_fold(b.title)), '')
          and (w.author_key is null or w.author_key = nullif(btrim(rk_fold(b.author)), ''))))`);
}

/**
 * The wanted books' lifecycle listener (src/server/wiring.ts): books that became borrowable
 * (listed, back in the shop, a hold nobody took) tell their wanters; a paid order ends its
 * borrower's matching entries.
 */
export const wantedListener = listen(['books-borrowable', 'order-status-changed'], async (tx, event, ctx) => {
  if (event.type === 'books-borrowable') await tellWanters(tx, ctx.config, event.bookIds);
  else if (event.to === 'Processed') await endWantedOnLoan(tx, event.orderId);
});
