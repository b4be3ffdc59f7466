import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { AUTHOR_MAX, TITLE_MAX } from '@domain/constants';
import type {
  BookDraft,
  DraftChange,
  DraftMissing,
  ImportResult,
  ImportRowProblem,
  MyDrafts,
} from '@domain/draft-types';
import { normalizeIsbn } from '@domain/isbn';
import type { Db, DbOrTx } from '@server/db/client';
import { bookDrafts, books } from '@server/db/schema';
import { AppError } from '@server/lib/errors';
import type { Storage } from '@server/lib/storage';
import { coverUrls, deleteCover, storeCover } from '@server/modules/covers/service';
import { checkBookFields } from './book-submission';
import { isbnPrefills } from './read-service';
import { readShelfCsv, type ShelfRow } from './shelf-csv';
import { type BookWriteDeps, createOwnedBook } from './write-service';

// Shelf import: an owner's CSV becomes drafts, theirs alone and never listed. Each draft is
// published through the upload path (the form's checks, createOwnedBook) once it has a title,
// author, condition, weekly price and photo; publishing it removes it.

type DraftRow = typeof bookDrafts.$inferSelect;

/** What a draft still lacks before it can be published, in the form's order. */
function missingOf(draft: DraftRow): DraftMissing[] {
  const present: Record<DraftMissing, boolean> = {
    title: draft.title !== '',
    author: draft.author !== '',
    condition: draft.condition !== null,
    weeklyPrice: draft.weeklyPrice !== null,
    photo: draft.photoKey !== null,
  };
  return (Object.keys(present) as DraftMissing[]).filter((field) => !present[field]);
}

const toDraft = (draft: DraftRow): BookDraft => ({
  id: draft.id,
  isbn: draft.isbn,
  title: draft.title,
  author: draft.author,
  language: draft.language,
  category: draft.category,
  condition: draft.condition,
  weeklyPrice: draft.weeklyPrice,
  photo: draft.photoKey ? coverUrls(draft.photoKey) : null,
  missing: missingOf(draft),
  createdAt: draft.createdAt.toISOString(),
});

// ---------------------------------------------------------------- import

/** A row's text as a draft would hold it, or the problem it is reported with. */
type GoodRow = { line: number; title: string; author: string; isbn: string | null };
type CheckedRow = GoodRow | { line: number; problem: ImportRowProblem };

async function checkRow(row: ShelfRow): Promise<CheckedRow> {
  const isbn = row.isbn === '' ? null : await normalizeIsbn(row.isbn);
  if (row.isbn !== '' && isbn === null) return { line: row.line, problem: 'isbnInvalid' };
  if (row.title === '' && isbn === null) return { line: row.line, problem: 'noTitleOrIsbn' };
  if (row.title.length > TITLE_MAX) return { line: row.line, problem: 'titleTooLong' };
  if (row.author.length > AUTHOR_MAX) return { line: row.line, problem: 'authorTooLong' };
  return { line: row.line, title: row.title, author: row.author, isbn };
}

/** Folded as the search and wanted books fold words (rk_fold, migration 0028). */
const fold = (text: SQL | string) => sql`btrim(rk_fold(${text}))`;

/**
 * Per candidate, in order: its import key (the ISBN-13, else the folded title and author) and
 * whether the owner lists that book already (same ISBN, or same folded title and author).
 */
async function matchCandidates(
  db: DbOrTx,
  ownerId: string,
  candidates: { isbn: string | null; title: string; author: string }[],
): Promise<{ key: string; onShelf: boolean }[]> {
  if (candidates.length === 0) return [];
  const values = sql.join(
    candidates.map((c, i) => sql`(${i}::int, ${c.isbn}::text, ${c.title}::text, ${c.author}::text)`),
    sql`, `,
  );
  return db
    .select({
      key: sql<string>`coalesce(v.isbn, 't:' || ${fold(sql`v.title`)} || '|' || ${fold(sql`v.author`)})`,
      onShelf: sql<boolean>`exists (
        select 1 from ${books} b
        where b.owner_id = ${ownerId} and b.deleted_at is null
          and (b.isbn = v.isbn
            or (${fold(sql`b.title`)} = ${fold(sql`v.title`)}
              and (v.author = '' or ${fold(sql`b.author`)} = ${fold(sql`v.author`)}))))`,
    })
    .from(sql`(values ${values}) as v(i, isbn, title, author)`)
    .orderBy(sql`v.i`);
}

/**
 * Reads the file and makes a draft of each good row the owner has neither listed nor drafted:
 * prefilled from a listing with the same ISBN (D30), else the file's title and author.
 */
export async function importShelf(
  db: Db,
  input: { actorId: string; file: Uint8Array },
): Promise<ImportResult> {
  const rows = await Promise.all(readShelfCsv(input.file).map(checkRow));
  const badRows = rows.flatMap((row) => ('problem' in row ? [{ line: row.line, problem: row.problem }] : []));
  const good = rows.filter((row): row is GoodRow => !('problem' in row));
  const known = await isbnPrefills(db, [...new Set(good.flatMap((row) => (row.isbn ? [row.isbn] : [])))]);
  const candidates = good.map((row) => {
    const listing = row.isbn ? known.get(row.isbn) : undefined;
    // A skipped row is named as the file names it.
    const named = row.title || (row.isbn ?? '');
    return listing
      ? {
          ...row,
          named,
          title: listing.title,
          author: listing.author,
          language: listing.language,
          category: listing.category,
        }
      : { ...row, named, language: undefined, category: undefined };
  });

  return db.transaction(async (tx) => {
    const matches = await matchCandidates(tx, input.actorId, candidates);
    const fresh = new Map<string, (typeof candidates)[number]>();
    matches.forEach(({ key, onShelf }, i) => {
      if (!onShelf && !fresh.has(key)) fresh.set(key, candidates[i]);
    });
    const inserted =
      fresh.size === 0
        ? []
        : await tx
            .insert(bookDrafts)
            .values(
              [...fresh].map(([importKey, c]) => ({
                ownerId: input.actorId,
                importKey,
                isbn: c.isbn,
                title: c.title,
                author: c.author,
                language: c.language,
                category: c.category,
              })),
            )
            .onConflictDoNothing({ target: [bookDrafts.ownerId, bookDrafts.importKey] })
            .returning({ importKey: bookDrafts.importKey });
    const made = new Set(inserted.map((row) => row.importKey));
    // The first row with a key made the draft; a later one with the same key is already drafted.
    const skipped = matches.flatMap(({ key, onShelf }, i) => {
      const row = candidates[i];
      if (!onShelf && made.has(key) && fresh.get(key) === row) return [];
      return [
        { line: row.line, title: row.named, reason: onShelf ? 'alreadyOnShelf' : 'alreadyDrafted' },
      ] as const;
    });
    return { drafted: made.size, skipped: [...skipped], badRows };
  });
}

// ---------------------------------------------------------------- the owner's drafts

export async function listDrafts(db: DbOrTx, actorId: string): Promise<MyDrafts> {
  const rows = await db
    .select()
    .from(bookDrafts)
    .where(eq(bookDrafts.ownerId, actorId))
    .orderBy(asc(bookDrafts.createdAt), asc(bookDrafts.title), asc(bookDrafts.id));
  return { items: rows.map(toDraft) };
}

/** The actor's draft; another member's is not found, as one that does not exist (never public). */
async function loadOwnDraft(db: DbOrTx, actorId: string, id: string, { lock = false } = {}) {
  const query = db
    .select()
    .from(bookDrafts)
    .where(and(eq(bookDrafts.id, id), eq(bookDrafts.ownerId, actorId)));
  const [draft] = lock ? await query.for('update') : await query;
  if (!draft) throw new AppError('DRAFT_NOT_FOUND');
  return draft;
}

/** The fields sent change (checked by the form's rules in draftChangeSchema). */
export async function changeDraft(
  db: DbOrTx,
  input: { actorId: string; id: string; change: DraftChange },
): Promise<BookDraft> {
  await loadOwnDraft(db, input.actorId, input.id);
  const { title, author, condition, weeklyPrice } = input.change;
  const set = Object.fromEntries(
    Object.entries({ title, author, condition, weeklyPrice }).filter(([, value]) => value !== undefined),
  );
  if (Object.keys(set).length === 0) return toDraft(await loadOwnDraft(db, input.actorId, input.id));
  const [row] = await db
    .update(bookDrafts)
    .set(set)
    .where(and(eq(bookDrafts.id, input.id), eq(bookDrafts.ownerId, input.actorId)))
    .returning();
  if (!row) throw new AppError('DRAFT_NOT_FOUND');
  return toDraft(row);
}

/** The draft's photo, re-encoded like every cover (D18); it replaces the one before. */
export async function setDraftPhoto(
  deps: { db: Db; storage: Storage },
  input: { actorId: string; id: string; photo: Buffer },
): Promise<BookDraft> {
  await loadOwnDraft(deps.db, input.actorId, input.id);
  const key = await storeCover(deps.storage, input.photo);
  let before: string | null = null;
  try {
    const row = await deps.db.transaction(async (tx) => {
      const draft = await loadOwnDraft(tx, input.actorId, input.id, { lock: true });
      before = draft.photoKey;
      const [updated] = await tx
        .update(bookDrafts)
        .set({ photoKey: key })
        .where(eq(bookDrafts.id, draft.id))
        .returning();
      return updated;
    });
    if (before) await deleteCover(deps.storage, before).catch(() => {});
    return toDraft(row);
  } catch (err) {
    await deleteCover(deps.storage, key).catch(() => {});
    throw err;
  }
}

export async function deleteDraft(
  deps: { db: DbOrTx; storage: Storage },
  input: { actorId: string; id: string },
): Promise<void> {
  const [gone] = await deps.db
    .delete(bookDrafts)
    .where(and(eq(bookDrafts.id, input.id), eq(bookDrafts.ownerId, input.actorId)))
    .returning({ photoKey: bookDrafts.photoKey });
  if (!gone) throw new AppError('DRAFT_NOT_FOUND');
  if (gone.photoKey) await deleteCover(deps.storage, gone.photoKey).catch(() => {});
}

// ---------------------------------------------------------------- publish

/**
 * Lists the chosen drafts, each through the upload path: the form's checks (checkBookFields)
 * and createOwnedBook, which removes the draft in the book's own transaction. Nothing is listed
 * when one of them is not the actor's or still lacks a field.
 */
export async function publishDrafts(
  deps: BookWriteDeps & { db: Db },
  input: { actorId: string; ids: string[] },
): Promise<{ published: { draftId: string; bookId: string }[] }> {
  const ids = [...new Set(input.ids)];
  const drafts = await deps.db
    .select()
    .from(bookDrafts)
    .where(and(inArray(bookDrafts.id, ids), eq(bookDrafts.ownerId, input.actorId)))
    .orderBy(asc(bookDrafts.createdAt), asc(bookDrafts.title), asc(bookDrafts.id));
  if (drafts.length !== ids.length) throw new AppError('DRAFT_NOT_FOUND');
  const incomplete = drafts.filter((draft) => missingOf(draft).length > 0);
  if (incomplete.length > 0)
    throw new AppError('DRAFTS_INCOMPLETE', { params: { count: incomplete.length } });

  const published: { draftId: string; bookId: string }[] = [];
  for (const draft of drafts) {
    const values = await checkBookFields({
      title: draft.title,
      author: draft.author,
      isbn: draft.isbn ?? '',
      language: draft.language,
      condition: draft.condition,
      category: draft.category,
      weeklyPrice: draft.weeklyPrice,
    });
    const book = await createOwnedBook(deps, {
      actorId: input.actorId,
      values,
      photos: [],
      order: null,
      storedKeys: [draft.photoKey as string],
      alsoInTransaction: async (tx) => {
        // Deleted or published by another request meanwhile: this listing does not happen.
        const [gone] = await tx
          .delete(bookDrafts)
          .where(and(eq(bookDrafts.id, draft.id), eq(bookDrafts.ownerId, input.actorId)))
          .returning({ photoKey: bookDrafts.photoKey });
        if (!gone) throw new AppError('DRAFT_NOT_FOUND');
        // Its photo was replaced meanwhile (and the one read here removed).
        if (gone.photoKey !== draft.photoKey) throw new AppError('CONCURRENT_CHANGE');
      },
    });
    published.push({ draftId: draft.id, bookId: book.id });
  }
  return { published };
}
