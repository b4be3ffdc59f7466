-- The catalog filtered by area and by condition, language or category (D38 with D17's filters)
-- read its capped count from the table: no index held the area with the filters, so PostgreSQL
-- read every listed book, and its pages checked each candidate's filters in the table
-- (docs/performance.md, "Skewed growth"). The area's newest-first index now ends with the filter
-- columns like the other sort indexes (a page's ids from the index alone), and the area leads a
-- filters index like books_listed_filters_idx, so the count reads one range of matching entries.
DROP INDEX IF EXISTS "books_listed_area_created_idx";--> statement-breakpoint
CREATE INDEX "books_listed_area_created_idx" ON "books" USING btree ("area","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"category","condition","language","weekly_price") WHERE listed;--> statement-breakpoint
CREATE INDEX "books_listed_area_filters_idx" ON "books" USING btree ("area","condition","language","category","weekly_price") WHERE listed;
