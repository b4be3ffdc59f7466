-- D46 at a million books (docs/performance.md, "Growth").
--
-- The borrowed section shows the books out now soonest back first: by their loan's end (its due
-- date once delivered, else its weeks from the order). The end lives on the order, so the section
-- joined every matching book to its order and sorted them all; kept on the book, one index gives
-- the section's order and a search stops after its first matches. PostgreSQL keeps it, because
-- three writers move it: the reservation (checkout's statement and the book-state writer) and the
-- order's dates (delivery sets the due date, an extension moves it).
ALTER TABLE "books" ADD COLUMN "loan_ends_at" timestamp with time zone;--> statement-breakpoint
CREATE FUNCTION "rk_loan_end"(uuid) RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT coalesce(due_at, created_at + borrow_duration * interval '7 days') FROM orders WHERE id = $1
$$;--> statement-breakpoint
-- The book's side: a new reservation reads its order's end; a released book has none.
CREATE FUNCTION "books_loan_end"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.loan_ends_at := rk_loan_end(NEW.reserved_by_order_id);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "books_loan_end_insert" BEFORE INSERT ON "books"
  FOR EACH ROW WHEN (NEW.reserved_by_order_id IS NOT NULL) EXECUTE FUNCTION books_loan_end();--> statement-breakpoint
CREATE TRIGGER "books_loan_end_update" BEFORE UPDATE OF "reserved_by_order_id" ON "books"
  FOR EACH ROW EXECUTE FUNCTION books_loan_end();--> statement-breakpoint
-- The order's side: a new order's books (checkout inserts its orders and reserves their books in
-- one statement, whose parts do not see each other's rows; an AFTER trigger runs once the whole
-- statement is done, when they do), then delivery and extensions, only when a date moved.
CREATE FUNCTION "orders_loan_end_to_books"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE books SET loan_ends_at = rk_loan_end(NEW.id)
  WHERE reserved_by_order_id = NEW.id AND loan_ends_at IS DISTINCT FROM rk_loan_end(NEW.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_loan_end_insert" AFTER INSERT ON "orders"
  FOR EACH ROW EXECUTE FUNCTION orders_loan_end_to_books();--> statement-breakpoint
CREATE TRIGGER "orders_loan_end_update" AFTER UPDATE OF "due_at", "borrow_duration", "created_at" ON "orders"
  FOR EACH ROW WHEN (OLD.due_at IS DISTINCT FROM NEW.due_at OR OLD.borrow_duration IS DISTINCT FROM NEW.borrow_duration
    OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION orders_loan_end_to_books();--> statement-breakpoint
-- The books an order holds, for the triggers above (few books are reserved at any moment).
CREATE INDEX "books_reserved_by_order_idx" ON "books" ("reserved_by_order_id") WHERE reserved_by_order_id IS NOT NULL;--> statement-breakpoint
-- The section's order over the books out now (find/service.ts outNow, the predicate of 0028's indexes).
CREATE INDEX "books_out_loan_end_idx" ON "books" ("loan_ends_at", "created_at" DESC, "id")
  WHERE deleted_at IS NULL AND (reserved_by_order_id IS NOT NULL OR status = 'Borrowed');--> statement-breakpoint
UPDATE books b SET loan_ends_at = rk_loan_end(b.reserved_by_order_id) WHERE b.reserved_by_order_id IS NOT NULL;--> statement-breakpoint
-- "Did you mean" offers a phrase only when a book a member can find contains it. `ilike` over the
-- titles cannot tell that fast when no book does: the trigram index offers every book with the
-- phrase's letters (tens of thousands for "the garden"), each read and rejected. These keys are
-- each pair of neighbouring words of a title and of an author (lower case), so a phrase's books
-- are the intersection of its pairs' lists in one GIN index, a few books to check with `ilike`
-- (find/suggestions-service.ts findsABook; one word keeps the trigram index).
CREATE FUNCTION "rk_phrase_keys"(text, text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT ws[i] || ' ' || ws[i + 1]), '{}')
  FROM (SELECT array_remove(regexp_split_to_array(lower(c), '[^[:alnum:]]+'), '') AS ws FROM unnest(array[$1, $2]) c) cols,
  LATERAL generate_subscripts(ws, 1) i
  WHERE i < cardinality(ws)
$$;--> statement-breakpoint
CREATE INDEX "books_phrase_keys_idx" ON "books" USING gin (rk_phrase_keys("title", "author"));
