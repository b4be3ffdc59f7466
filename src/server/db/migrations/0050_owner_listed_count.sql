-- The book page, the owner card and the shelf header say how many books the owner lends out now
-- (D19), counted up to COUNT_CAP + 1. For an owner of 50,000 books that read 10,001 of them on
-- every book page of theirs, through the table, as `listed` is not in an owner index
-- (docs/performance.md, "Skewed growth"). member_counts (migration 0048) keeps it too now, by the
-- same statement triggers on books: a book counts while it is listed.
ALTER TABLE "member_counts" ADD COLUMN "listed_books" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "member_count_books"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "member_counts" ("user_id", "books", "listed_books")
			SELECT "owner_id", count(*) FILTER (WHERE "deleted_at" IS NULL), count(*) FILTER (WHERE "listed")
			FROM new_rows WHERE "owner_id" IS NOT NULL
			GROUP BY 1 ORDER BY 1
			ON CONFLICT ("user_id") DO UPDATE SET "books" = "member_counts"."books" + excluded."books",
				"listed_books" = "member_counts"."listed_books" + excluded."listed_books";
	ELSIF TG_OP = 'UPDATE' THEN
		INSERT INTO "member_counts" ("user_id", "books", "listed_books")
			SELECT d."owner_id", sum(d.live), sum(d.listed) FROM (
				SELECT "owner_id", ("deleted_at" IS NULL)::int AS live, "listed"::int AS listed FROM new_rows
				WHERE "owner_id" IS NOT NULL
				UNION ALL
				SELECT "owner_id", -("deleted_at" IS NULL)::int, -"listed"::int FROM old_rows
				WHERE "owner_id" IS NOT NULL
			) d
			GROUP BY 1 HAVING sum(d.live) <> 0 OR sum(d.listed) <> 0 ORDER BY 1
			ON CONFLICT ("user_id") DO UPDATE SET "books" = "member_counts"."books" + excluded."books",
				"listed_books" = "member_counts"."listed_books" + excluded."listed_books";
	ELSE
		INSERT INTO "member_counts" ("user_id", "books", "listed_books")
			SELECT "owner_id", -count(*) FILTER (WHERE "deleted_at" IS NULL), -count(*) FILTER (WHERE "listed")
			FROM old_rows WHERE "owner_id" IS NOT NULL
			GROUP BY 1 ORDER BY 1
			ON CONFLICT ("user_id") DO UPDATE SET "books" = "member_counts"."books" + excluded."books",
				"listed_books" = "member_counts"."listed_books" + excluded."listed_books";
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
INSERT INTO "member_counts" ("user_id", "listed_books")
	SELECT "owner_id", count(*) FROM "books" WHERE "owner_id" IS NOT NULL AND "listed" GROUP BY 1
	ON CONFLICT ("user_id") DO UPDATE SET "listed_books" = excluded."listed_books";
