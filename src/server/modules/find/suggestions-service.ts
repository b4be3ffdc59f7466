import { and, ilike, or, type SQL, sql } from 'drizzle-orm';
import { MIN_SEARCH_LENGTH } from '@domain/constants';
import { MAX_SUGGESTIONS, type Suggestions } from '@domain/find-types';
import type { DbOrTx } from '@server/db/client';
import { books, searchWords } from '@server/db/schema';
import { listed } from '@server/modules/books/availability-service';

// "Did you mean": the nearest spellings of a search's words among the words of the books'
// titles and authors (search_words, migration 0028), compared without case or accents (the
// folded column), by pg_trgm's similarity. A suggestion is offered only when a book a member
// can find (in the shop, or out now in the borrowed section) matches it.

/** How alike two spellings must be (pg_trgm similarity, 0 to 1) to be offered. */
const MIN_SIMILARITY = 0.25;
/** The candidates read per word, nearest first. */
const CANDIDATES = 4;

const wordsOf = (q: string) =>
  q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** A word's nearest spellings, best first, read in the trigram index's distance order. */
async function nearest(db: DbOrTx, word: string): Promise<{ word: string; exact: boolean }[]> {
  const folded = sql`rk_fold(${word})`;
  const rows = await db
    .select({ word: searchWords.word, similarity: sql<number>`similarity(${searchWords.folded}, ${folded})` })
    .from(searchWords)
    .orderBy(sql`${searchWords.folded} <-> ${folded}`)
    .limit(CANDIDATES);
  return rows
    .filter((r) => r.similarity >= MIN_SIMILARITY)
    .map((r) => ({ word: r.word, exact: r.word === word }));
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * Whether the search would show a book: in the shop, or out now (D46), checked with `ilike` as
 * the search does. For one word the trigram index already reads about that word's books (and a
 * common word is found among the first books read). Several words are where trigrams fail: "the
 * garden" has the letters of every title with both words, tens of thousands of books to read and
 * reject when none has them together. Their books come from the pairs of neighbouring words
 * instead (rk_phrase_keys, migration 0041): the intersection of a few lists in
 * books_phrase_keys_idx. A book with the phrase only inside longer words ("bathe gardens" for
 * "the garden") is not counted: suggestions are the books' own words, whole.
 */
async function findsABook(db: DbOrTx, phrase: string): Promise<boolean> {
  const pattern = `%${escapeLike(phrase)}%`;
  // The phrase's keys are computed once while planning (the function is immutable), so the
  // index sees a constant.
  const hasTheWords = phrase.includes(' ')
    ? sql`rk_phrase_keys(${books.title}, ${books.author}) @> rk_phrase_keys(${phrase}::text, '')`
    : undefined;
  const findable = or(
    listed(),
    sql`${books.deletedAt} is null and (${books.reservedByOrderId} is not null or ${books.status} = 'Borrowed') and ${books.status} <> 'Unavailable'`,
  ) as SQL;
  const [row] = await db
    .select({ one: sql`1` })
    .from(books)
    .where(and(hasTheWords, or(ilike(books.title, pattern), ilike(books.author, pattern)), findable))
    .limit(1);
  return row !== undefined;
}

/**
 * The search again with its misspelled words replaced: first every word by its nearest
 * spelling, then the first misspelled word by its next nearest ones. A word spelled as a book
 * spells it stays; a word with nothing near it stays too.
 */
export async function suggestSpellings(db: DbOrTx, q: string): Promise<Suggestions> {
  const words = wordsOf(q);
  if (q.length < MIN_SEARCH_LENGTH || words.length === 0) return { items: [] };
  const choices: string[][] = [];
  for (const word of words.slice(0, 6)) {
    const near = word.length < MIN_SEARCH_LENGTH ? [] : await nearest(db, word);
    choices.push(near.some((n) => n.exact) || near.length === 0 ? [word] : near.map((n) => n.word));
  }
  const best = choices.map((c) => c[0]);
  const firstMisspelled = choices.findIndex((c, i) => c[0] !== words[i]);
  if (firstMisspelled < 0) return { items: [] };
  const phrases = [
    best,
    ...choices[firstMisspelled].slice(1).map((alt) => best.with(firstMisspelled, alt)),
  ].map((p) => p.join(' '));
  const items: string[] = [];
  for (const phrase of new Set(phrases)) {
    if (items.length < MAX_SUGGESTIONS && (await findsABook(db, phrase))) items.push(phrase);
  }
  return { items };
}
