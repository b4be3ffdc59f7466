-- The admin's users tab shows each member's books (not deleted) and open orders (as borrower or
-- owner). Counted per row of the page, an owner of 50,000 books or a borrower of 100,000 orders
-- made page 1 read all of them (docs/performance.md, "Skewed growth"). Kept here instead, per
-- member, by statement triggers on books and orders in the writing transaction (every writer
-- counted, as member_borrow_weeks is, migration 0046). Rows are written in member order, so two
-- writers never take two members' rows the other way round. An order is open until Completed or
-- Cancelled (CLOSED_ORDER_STATUSES); it counts once for its borrower and once for its owner.
CREATE TABLE "member_counts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"books" integer DEFAULT 0 NOT NULL,
	"open_orders" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE FUNCTION "member_count_books"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "member_counts" ("user_id", "books")
			SELECT "owner_id", count(*) FROM new_rows WHERE "owner_id" IS NOT NULL AND "deleted_at" IS NULL
			GROUP BY 1 ORDER BY 1
			ON CONFLICT ("user_id") DO UPDATE SET "books" = "member_counts"."books" + excluded."books";
	ELSIF TG_OP = 'UPDATE' THEN
		INSERT INTO "member_counts" ("user_id", "books")
			SELECT d."owner_id", sum(d.n) FROM (
				SELECT "owner_id", 1 AS n FROM new_rows WHERE "owner_id" IS NOT NULL AND "deleted_at" IS NULL
				UNION ALL
				SELECT "owner_id", -1 FROM old_rows WHERE "owner_id" IS NOT NULL AND "deleted_at" IS NULL
			) d
			GROUP BY 1 HAVING sum(d.n) <> 0 ORDER BY 1
			ON CONFLICT ("user_id") DO UPDATE SET "books" = "member_counts"."books" + excluded."books";
	ELSE
		INSERT INTO "member_counts" ("user_id", "books")
			SELECT "owner_id", -count(*) FROM old_rows WHERE "owner_id" IS NOT NULL AND "deleted_at" IS NULL
			GROUP BY 1 ORDER BY 1
			ON CONFLICT ("user_id") DO UPDATE SET "books" = "member_counts"."books" + excluded."books";
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
-- An order's members: its borrower, and its owner when another member.
CREATE FUNCTION "order_members"(o orders) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
	SELECT array_remove(ARRAY[o."user_id", nullif(o."owner_id", o."user_id")], NULL)
$$;--> statement-breakpoint
CREATE FUNCTION "member_count_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "member_counts" ("user_id", "open_orders")
			SELECT m, count(*) FROM new_rows o, unnest(order_members(o)) m
			WHERE o."status" NOT IN ('Completed', 'Cancelled')
			GROUP BY 1 ORDER BY 1
			ON CONFLICT ("user_id") DO UPDATE SET "open_orders" = "member_counts"."open_orders" + excluded."open_orders";
	ELSIF TG_OP = 'UPDATE' THEN
		INSERT INTO "member_counts" ("user_id", "open_orders")
			SELECT d.m, sum(d.n) FROM (
				SELECT m, 1 AS n FROM new_rows o, unnest(order_members(o)) m WHERE o."status" NOT IN ('Completed', 'Cancelled')
				UNION ALL
				SELECT m, -1 FROM old_rows o, unnest(order_members(o)) m WHERE o."status" NOT IN ('Completed', 'Cancelled')
			) d
			GROUP BY 1 HAVING sum(d.n) <> 0 ORDER BY 1
			ON CONFLICT ("user_id") DO UPDATE SET "open_orders" = "member_counts"."open_orders" + excluded."open_orders";
	ELSE
		INSERT INTO "member_counts" ("user_id", "open_orders")
			SELECT m, -count(*) FROM old_rows o, unnest(order_members(o)) m
			WHERE o."status" NOT IN ('Completed', 'Cancelled')
			GROUP BY 1 ORDER BY 1
			ON CONFLICT ("user_id") DO UPDATE SET "open_orders" = "member_counts"."open_orders" + excluded."open_orders";
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "books_member_count_insert" AFTER INSERT ON "books" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "member_count_books"();--> statement-breakpoint
CREATE TRIGGER "books_member_count_update" AFTER UPDATE ON "books" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "member_count_books"();--> statement-breakpoint
CREATE TRIGGER "books_member_count_delete" AFTER DELETE ON "books" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "member_count_books"();--> statement-breakpoint
CREATE TRIGGER "orders_member_count_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "member_count_orders"();--> statement-breakpoint
CREATE TRIGGER "orders_member_count_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "member_count_orders"();--> statement-breakpoint
CREATE TRIGGER "orders_member_count_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "member_count_orders"();--> statement-breakpoint
INSERT INTO "member_counts" ("user_id", "books", "open_orders")
	SELECT m, sum(nb), sum(nopen) FROM (
		SELECT "owner_id" AS m, count(*) AS nb, 0 AS nopen FROM "books"
			WHERE "owner_id" IS NOT NULL AND "deleted_at" IS NULL GROUP BY 1
		UNION ALL
		SELECT m, 0, 1 FROM "orders" o, unnest(order_members(o)) m
			WHERE o."status" NOT IN ('Completed', 'Cancelled')
	) c
	GROUP BY m;
