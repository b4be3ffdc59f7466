-- D46: a search also lists the matching books out now (reserved or borrowed). Those are few
-- beside the shop's, so their own trigram indexes answer a search among them at any size.
CREATE INDEX "books_out_title_trgm_idx" ON "books" USING gin ("title" gin_trgm_ops) WHERE deleted_at IS NULL AND (reserved_by_order_id IS NOT NULL OR status = 'Borrowed');--> statement-breakpoint
CREATE INDEX "books_out_author_trgm_idx" ON "books" USING gin ("author" gin_trgm_ops) WHERE deleted_at IS NULL AND (reserved_by_order_id IS NOT NULL OR status = 'Borrowed');--> statement-breakpoint
-- "Did you mean": every distinct word of the books' titles and authors, lower case as written and
-- folded (accents off), so "marquez" finds "márquez". PGlite has no unaccent: the folding is
-- this function, kept in a column beside the word. The nearest spellings come from the folded
-- column's trigram index (pg_trgm's distance, read in order).
CREATE FUNCTION "rk_fold"(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(lower($1), 'áàâäãåāăąéèêëēėęěíìîïīįóòôöõøōúùûüūůýÿñńçćčđšžł', 'aaaaaaaaaeeeeeeeeiiiiiiooooooouuuuuuyynnccccdszl')
$$;--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"folded" text NOT NULL
);--> statement-breakpoint
CREATE INDEX "search_words_folded_trgm_idx" ON "search_words" USING gist ("folded" gist_trgm_ops);--> statement-breakpoint
-- Words are only added: one a book no longer has stays, and a suggestion is offered only when
-- a book still matches it (find/suggestions-service.ts). Each statement adds its words in one
-- sorted insert, so two writers adding the same new words take their locks in one order.
CREATE FUNCTION "rk_remember_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word, folded)
  SELECT w, rk_fold(w) FROM (
    SELECT DISTINCT regexp_split_to_table(lower(title || ' ' || author), '[^[:alnum:]]+') AS w FROM new_books
  ) words
  WHERE length(w) >= 3
  ORDER BY w
  ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "books_search_words_insert" AFTER INSERT ON "books"
  REFERENCING NEW TABLE AS new_books FOR EACH STATEMENT EXECUTE FUNCTION rk_remember_words();--> statement-breakpoint
-- An edit's new title or author, row by row (edits are one book at a time), and only when one changed:
-- checkout's and the state writer's updates never reach it.
CREATE FUNCTION "rk_remember_edited_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word, folded)
  SELECT w, rk_fold(w) FROM (
    SELECT DISTINCT regexp_split_to_table(lower(NEW.title || ' ' || NEW.author), '[^[:alnum:]]+') AS w
  ) words
  WHERE length(w) >= 3
  ORDER BY w
  ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "books_search_words_update" AFTER UPDATE OF "title", "author" ON "books"
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.author IS DISTINCT FROM NEW.author)
  EXECUTE FUNCTION rk_remember_edited_words();--> statement-breakpoint
INSERT INTO search_words (word, folded)
SELECT w, rk_fold(w) FROM (
  SELECT DISTINCT regexp_split_to_table(lower(title || ' ' || author), '[^[:alnum:]]+') AS w FROM books
) words
WHERE length(w) >= 3
ON CONFLICT (word) DO NOTHING;
