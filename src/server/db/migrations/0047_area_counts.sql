-- D38's area filter offers the areas with books to borrow now, each with its number of books.
-- Grouping every listed book on each read grew with the catalog, and any write to a book moved
-- the catalog version the list was kept under, so a busy catalog regrouped it all the time
-- (docs/performance.md, "Skewed growth"). The counts are kept instead, the way the dashboard's
-- counters are (migration 0017): statement triggers on books log each statement's change of
-- listed books per area as 'area:<name>' deltas in admin_counter_deltas (append-only, so two
-- writers never wait on each other's counts), and a read folds the deltas into admin_counters.
-- A book counts while it is listed and has an area; an owner moving moves their books' area,
-- which is an update of those books like any other (migration 0015).
CREATE FUNCTION "admin_count_areas"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO admin_counter_deltas (name, delta)
			SELECT 'area:' || area, count(*) FROM new_rows WHERE listed AND area IS NOT NULL GROUP BY area;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO admin_counter_deltas (name, delta)
			SELECT 'area:' || area, -count(*) FROM old_rows WHERE listed AND area IS NOT NULL GROUP BY area;
	ELSE
		INSERT INTO admin_counter_deltas (name, delta)
			SELECT k, sum(d) FROM (
				SELECT 'area:' || area AS k, 1 AS d FROM new_rows WHERE listed AND area IS NOT NULL
				UNION ALL SELECT 'area:' || area, -1 FROM old_rows WHERE listed AND area IS NOT NULL
			) c GROUP BY k HAVING sum(d) <> 0;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "books_area_count_insert" AFTER INSERT ON "books" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "admin_count_areas"();--> statement-breakpoint
CREATE TRIGGER "books_area_count_update" AFTER UPDATE ON "books" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "admin_count_areas"();--> statement-breakpoint
CREATE TRIGGER "books_area_count_delete" AFTER DELETE ON "books" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "admin_count_areas"();--> statement-breakpoint
INSERT INTO "admin_counters" ("name", "n")
	SELECT 'area:' || "area", count(*) FROM "books" WHERE "listed" AND "area" IS NOT NULL GROUP BY "area"
	ON CONFLICT ("name") DO UPDATE SET "n" = excluded."n";
