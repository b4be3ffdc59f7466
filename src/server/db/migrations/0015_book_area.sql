-- D38: a book's area is its owner's location (the profile field). The books table keeps a copy
-- of it, so the catalog filters and orders by area without a join, the area filter has an index
-- of its own, and the catalog's change log records a book's area with the rest of its listing
-- attributes (modules/books/catalog-delta.ts). PostgreSQL keeps the copy true: a book takes its
-- owner's location when it is written (nobody can set another), and an owner who changes their
-- location moves all their books with them, each move logged like any other change to a book
-- so every instance's catalog cache follows.
ALTER TABLE "books" ADD COLUMN "area" text;--> statement-breakpoint
UPDATE "books" AS b SET "area" = u."location" FROM "user" AS u WHERE u."id" = b."owner_id";--> statement-breakpoint
CREATE OR REPLACE FUNCTION books_area_of_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.area := (SELECT u.location FROM "user" AS u WHERE u.id = NEW.owner_id);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "books_area_of_owner"
  BEFORE INSERT OR UPDATE OF "owner_id", "area" ON "books"
  FOR EACH ROW EXECUTE FUNCTION books_area_of_owner();--> statement-breakpoint
CREATE OR REPLACE FUNCTION owner_location_to_books() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "books" SET "area" = NEW.location
    WHERE "owner_id" = NEW.id AND "area" IS DISTINCT FROM NEW.location;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "user_location_to_books"
  AFTER UPDATE OF "location" ON "user"
  FOR EACH ROW
  WHEN (OLD.location IS DISTINCT FROM NEW.location)
  EXECUTE FUNCTION owner_location_to_books();--> statement-breakpoint
-- The catalog filtered by area (newest first, the default sort): an area's books in order.
CREATE INDEX "books_listed_area_created_idx" ON "books" USING btree ("area","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE listed;--> statement-breakpoint
-- A change records the area, which the catalog filters by and cards show.
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
    'sale', b.sale_price::text,
    'title', b.title,
    'author', b.author,
    'isbn', b.isbn,
    'area', b.area,
    'cover', b.cover_key,
    'created', (extract(epoch from b.created_at) * 1000000)::bigint::text
  )
$$;--> statement-breakpoint
DROP TRIGGER "books_catalog_change_update" ON "books";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "books_catalog_change_update"
  AFTER UPDATE ON "books"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN ((OLD.owner_id, OLD.title, OLD.author, OLD.isbn, OLD.area, OLD.category, OLD.language, OLD.condition,
    OLD.status, OLD.weekly_price, OLD.monthly_price, OLD.sale_price, OLD.cover_key, OLD.reserved_by_order_id,
    OLD.deleted_at, OLD.created_at)
    IS DISTINCT FROM (NEW.owner_id, NEW.title, NEW.author, NEW.isbn, NEW.area, NEW.category, NEW.language,
    NEW.condition, NEW.status, NEW.weekly_price, NEW.monthly_price, NEW.sale_price, NEW.cover_key,
    NEW.reserved_by_order_id, NEW.deleted_at, NEW.created_at))
  EXECUTE FUNCTION bump_catalog_version();
