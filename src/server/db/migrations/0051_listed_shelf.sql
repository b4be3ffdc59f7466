-- An owner's shelf lists their books borrowable now (D46: the `listed` column), but its indexes
-- (migration 0016) held every book not deleted, with the status: whether a book is reserved or
-- held is not in them, so the shelf's page and capped count checked each book in the table, and
-- for an owner of 50,000 books PostgreSQL read the whole table instead (docs/performance.md,
-- "Skewed growth"). The same indexes, partial on `listed` like the catalog's, make the page and
-- the count one range of the owner's listed books.
DROP INDEX IF EXISTS "books_shelf_created_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "books_shelf_price_low_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "books_shelf_price_high_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "books_shelf_title_idx";--> statement-breakpoint
CREATE INDEX "books_shelf_created_idx" ON "books" USING btree ("owner_id","created_at","id","status") WHERE listed;--> statement-breakpoint
CREATE INDEX "books_shelf_price_low_idx" ON "books" USING btree ("owner_id","weekly_price","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"status") WHERE listed;--> statement-breakpoint
CREATE INDEX "books_shelf_price_high_idx" ON "books" USING btree ("owner_id","weekly_price" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"status") WHERE listed;--> statement-breakpoint
CREATE INDEX "books_shelf_title_idx" ON "books" USING btree ("owner_id",lower("title"),"id","status","title") WHERE listed;
