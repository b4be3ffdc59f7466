-- D17 at any depth: pages by cursor start their index range at a row's place in the sort. The
-- title sorts compare lower(title); an index on an expression answers from the index alone
-- only when the columns the expression reads are in it too, so the title index now ends with
-- the title itself: a page by cursor (and the capped count and a numbered page's skip) no
-- longer visits the table for every row it passes.
DROP INDEX "books_listed_title_idx";--> statement-breakpoint
CREATE INDEX "books_listed_title_idx" ON "books" USING btree (lower("title"),"id","category","condition","language","weekly_price","title") WHERE listed;
