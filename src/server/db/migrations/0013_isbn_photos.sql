-- D30: an optional ISBN, stored as ISBN-13. The partial index answers the form's prefill and
-- the catalog's search by ISBN.
ALTER TABLE "books" ADD COLUMN "isbn" varchar(13);--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_isbn_13_digits" CHECK ("isbn" IS NULL OR "isbn" ~ '^97[89][0-9]{10}$');--> statement-breakpoint
CREATE INDEX "books_isbn_idx" ON "books" USING btree ("isbn") WHERE "isbn" IS NOT NULL;--> statement-breakpoint
-- Up to 4 photos per book (D18), in the owner's order: cover_key is the first (what listings and
-- order items read), these are the rest.
ALTER TABLE "books" ADD COLUMN "extra_photo_keys" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_at_most_4_photos" CHECK (cardinality("extra_photo_keys") <= 3);--> statement-breakpoint
-- A cover the demo drew (title and author set in type) rather than a photo: the owner's first
-- photo replaces it.
ALTER TABLE "books" ADD COLUMN "cover_drawn" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "books_extra_photo_keys_idx" ON "books" USING gin ("extra_photo_keys");--> statement-breakpoint
-- The catalog's search matches the ISBN too (catalog-delta.ts): its changes are logged with it.
CREATE OR REPLACE FUNCTION catalog_book_state(b books) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'listed', b.listed,
    'owner', b.owner_id,
    'deleted', b.deleted_at IS NOT NULL,
    'status', b.status,
    'reserved', b.reserved_by_order_id IS NOT NULL,
    'category', b.category,
    'condition', b.condition,
    'language', b.language,
    'price', b.weekly_price::text,
    'monthly', b.monthly_price::text,
    'title', b.title,
    'author', b.author,
    'isbn', b.isbn,
    'cover', b.cover_key,
    'created', (extract(epoch from b.created_at) * 1000000)::bigint::text
  )
$$;--> statement-breakpoint
DROP TRIGGER "books_catalog_change_update" ON "books";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "books_catalog_change_update"
  AFTER UPDATE ON "books"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN ((OLD.owner_id, OLD.title, OLD.author, OLD.isbn, OLD.category, OLD.language, OLD.condition,
    OLD.status, OLD.weekly_price, OLD.monthly_price, OLD.cover_key, OLD.reserved_by_order_id,
    OLD.deleted_at, OLD.created_at)
    IS DISTINCT FROM (NEW.owner_id, NEW.title, NEW.author, NEW.isbn, NEW.category, NEW.language,
    NEW.condition, NEW.status, NEW.weekly_price, NEW.monthly_price, NEW.cover_key,
    NEW.reserved_by_order_id, NEW.deleted_at, NEW.created_at))
  EXECUTE FUNCTION bump_catalog_version();
