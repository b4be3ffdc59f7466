-- D39's estimate asks, for each member ahead in a waitlist, the weeks they usually borrow for:
-- the duration most of their orders (other than cancelled ones) took. Read from their orders, a
-- queue of 1,001 members with 98 orders each read 98,000 orders per look at the book
-- (docs/performance.md, "The heaviest members"). Kept here instead, per member and duration, by
-- statement triggers on orders in the writing transaction (every writer counted, like the
-- dashboard's counters): a member has at most one row per duration, so the estimate reads a
-- few rows per member ahead however long their history. Rows are written in (member, weeks)
-- order, so two writers never take two members' rows the other way round.
CREATE TABLE "member_borrow_weeks" (
	"user_id" text NOT NULL,
	"weeks" integer NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "member_borrow_weeks_user_id_weeks_pk" PRIMARY KEY("user_id","weeks")
);--> statement-breakpoint
CREATE FUNCTION "member_borrow_weeks_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "member_borrow_weeks" ("user_id", "weeks", "orders")
			SELECT "user_id", "borrow_duration", count(*) FROM new_rows
			WHERE "user_id" IS NOT NULL AND "status" <> 'Cancelled'
			GROUP BY 1, 2 ORDER BY 1, 2
			ON CONFLICT ("user_id", "weeks") DO UPDATE SET "orders" = "member_borrow_weeks"."orders" + excluded."orders";
	ELSIF TG_OP = 'UPDATE' THEN
		INSERT INTO "member_borrow_weeks" ("user_id", "weeks", "orders")
			SELECT d."user_id", d."weeks", sum(d.n) FROM (
				SELECT "user_id", "borrow_duration" AS "weeks", 1 AS n FROM new_rows
					WHERE "user_id" IS NOT NULL AND "status" <> 'Cancelled'
				UNION ALL
				SELECT "user_id", "borrow_duration", -1 FROM old_rows
					WHERE "user_id" IS NOT NULL AND "status" <> 'Cancelled'
			) d
			GROUP BY 1, 2 HAVING sum(d.n) <> 0 ORDER BY 1, 2
			ON CONFLICT ("user_id", "weeks") DO UPDATE SET "orders" = "member_borrow_weeks"."orders" + excluded."orders";
	ELSE
		INSERT INTO "member_borrow_weeks" ("user_id", "weeks", "orders")
			SELECT "user_id", "borrow_duration", -count(*) FROM old_rows
			WHERE "user_id" IS NOT NULL AND "status" <> 'Cancelled'
			GROUP BY 1, 2 ORDER BY 1, 2
			ON CONFLICT ("user_id", "weeks") DO UPDATE SET "orders" = "member_borrow_weeks"."orders" + excluded."orders";
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_borrow_weeks_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "member_borrow_weeks_keep"();--> statement-breakpoint
CREATE TRIGGER "orders_borrow_weeks_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "member_borrow_weeks_keep"();--> statement-breakpoint
CREATE TRIGGER "orders_borrow_weeks_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "member_borrow_weeks_keep"();--> statement-breakpoint
INSERT INTO "member_borrow_weeks" ("user_id", "weeks", "orders")
	SELECT "user_id", "borrow_duration", count(*) FROM "orders"
	WHERE "user_id" IS NOT NULL AND "status" <> 'Cancelled'
	GROUP BY 1, 2;
