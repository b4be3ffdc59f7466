CREATE TABLE "catalog_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalog_version_single_row" CHECK ("catalog_version"."id" = 1)
);
--> statement-breakpoint
DROP INDEX "books_listed_price_idx";--> statement-breakpoint
DROP INDEX "books_listed_category_created_idx";--> statement-breakpoint
DROP INDEX "books_listed_created_idx";--> statement-breakpoint
DROP INDEX "books_listed_title_idx";--> statement-breakpoint
CREATE INDEX "books_listed_price_low_idx" ON "books" USING btree ("weekly_price","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"category","condition","language") WHERE listed;--> statement-breakpoint
CREATE INDEX "books_listed_price_high_idx" ON "books" USING btree ("weekly_price" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"category","condition","language") WHERE listed;--> statement-breakpoint
CREATE INDEX "books_listed_created_idx" ON "books" USING btree ("created_at","id","category","condition","language","weekly_price") WHERE listed;--> statement-breakpoint
CREATE INDEX "books_listed_title_idx" ON "books" USING btree (lower("title"),"id","category","condition","language","weekly_price") WHERE listed;--> statement-breakpoint
INSERT INTO "catalog_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Hand-written (drizzle-kit has no triggers): every transaction that changes books moves the
-- catalog version once, at commit. Deferred, so the single version row is locked only while
-- the writer commits (no lock held across a checkout, no deadlock with row locks taken
-- earlier), and once per transaction thanks to a transaction-local flag.
CREATE OR REPLACE FUNCTION bump_catalog_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('rakbuku.catalog_bumped', true), '') <> 'on' THEN
    PERFORM set_config('rakbuku.catalog_bumped', 'on', true);
    UPDATE catalog_version SET version = version + 1 WHERE id = 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "books_bump_catalog_version"
  AFTER INSERT OR UPDATE OR DELETE ON "books"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();
