-- D17 at any depth: pages by cursor start their index range at a row's place in the sort. The
-- title sorts compare lower(title); an index on an expression answers from the index alone
-- only when the columns the expression reads are in it too, so the title index now ends with
-- the title itself: a page by cursor (and the capped count and a numbered page's skip) no
-- longer visits the table for every row it passes.
DROP INDEX "books_listed_title_idx";--> statement-breakpoint
CREATE INDEX "books_listed_title_idx" ON "books" USING btree (lower("title"),"id","category","condition","language","weekly_price","title") WHERE listed;
--> statement-breakpoint
-- An owner's shelf (its books not deleted, those held by open orders included) in each of its
-- sorts: a page, a page by cursor and the capped count read one owner's range of one index,
-- the status checked in the index, however many books the owner and the catalog hold.
CREATE INDEX "books_shelf_created_idx" ON "books" USING btree ("owner_id","created_at","id","status") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "books_shelf_price_low_idx" ON "books" USING btree ("owner_id","weekly_price","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"status") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "books_shelf_price_high_idx" ON "books" USING btree ("owner_id","weekly_price" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"status") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "books_shelf_title_idx" ON "books" USING btree ("owner_id",lower("title"),"id","status","title") WHERE deleted_at is null;
--> statement-breakpoint
-- A filtered listing's capped count (a category page, Adult and Good, ...): the matching books
-- are one range of this index, so the count reads at most its cap of entries instead of every
-- entry of a sort index until enough of them match.
CREATE INDEX "books_listed_filters_idx" ON "books" USING btree ("category","condition","language","weekly_price") WHERE listed;
