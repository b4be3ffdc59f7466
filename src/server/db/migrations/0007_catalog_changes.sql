CREATE TABLE "catalog_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalog_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"version" bigint NOT NULL,
	"book_id" uuid,
	"kind" text NOT NULL,
	"old" jsonb,
	"new" jsonb
);
--> statement-breakpoint
CREATE INDEX "catalog_changes_version_idx" ON "catalog_changes" USING btree ("version","id");--> statement-breakpoint
-- Hand-written from here (drizzle-kit has no triggers). The catalog cache survives a
-- checkout. The deferred trigger of migration 0002 still moves catalog_version once per
-- transaction, at commit, but now also logs, under that new version, each book row the
-- transaction changed in a way a listing can see: the book's listing attributes before and
-- after (null for an insert or a hard delete). An instance that sees the version move reads the
-- changes since the version its cache holds and moves its counts, price ceilings and pages by
-- them (modules/books/catalog-cache.ts). A transaction that changes more than 200 books logs
-- one 'reset' row after the first 200 (the reader then drops everything, as it did before);
-- every 256th version prunes all but the last 1,024 versions (a reader further behind drops
-- everything too). An update that changes nothing a listing shows (updated_at, the summary)
-- neither logs nor moves the version.
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
    'cover', b.cover_key,
    'created', (extract(epoch from b.created_at) * 1000000)::bigint::text
  )
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_catalog_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v bigint := nullif(current_setting('rakbuku.catalog_version_now', true), '')::bigint;
  logged integer;
BEGIN
  IF v IS NULL THEN
    UPDATE catalog_version SET version = version + 1 WHERE id = 1 RETURNING version INTO v;
    PERFORM set_config('rakbuku.catalog_version_now', v::text, true);
    PERFORM set_config('rakbuku.catalog_logged', '0', true);
    IF v % 256 = 0 THEN
      DELETE FROM catalog_changes WHERE version <= v - 1024;
    END IF;
  END IF;
  logged := current_setting('rakbuku.catalog_logged')::integer;
  IF logged < 200 THEN
    INSERT INTO catalog_changes (version, book_id, kind, old, new) VALUES (
      v,
      CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END,
      'row',
      CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE catalog_book_state(OLD) END,
      CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE catalog_book_state(NEW) END
    );
  ELSIF logged = 200 THEN
    INSERT INTO catalog_changes (version, kind) VALUES (v, 'reset');
  END IF;
  PERFORM set_config('rakbuku.catalog_logged', (logged + 1)::text, true);
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "books_bump_catalog_version" ON "books";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "books_catalog_change_insert_delete"
  AFTER INSERT OR DELETE ON "books"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "books_catalog_change_update"
  AFTER UPDATE ON "books"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN ((OLD.owner_id, OLD.title, OLD.author, OLD.category, OLD.language, OLD.condition,
    OLD.status, OLD.weekly_price, OLD.monthly_price, OLD.cover_key, OLD.reserved_by_order_id,
    OLD.deleted_at, OLD.created_at)
    IS DISTINCT FROM (NEW.owner_id, NEW.title, NEW.author, NEW.category, NEW.language,
    NEW.condition, NEW.status, NEW.weekly_price, NEW.monthly_price, NEW.cover_key,
    NEW.reserved_by_order_id, NEW.deleted_at, NEW.created_at))
  EXECUTE FUNCTION bump_catalog_version();
