-- Lists at scale (docs/architecture.md, "Lists at scale"): an index in each list's sort order
-- ((created_at, id) newest first, so keyset pages seek instead of sorting), index-backed admin
-- searches, and the dashboard's counts kept by triggers instead of counted on every load.
DROP INDEX IF EXISTS "orders_created_idx";--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC, "id" DESC);--> statement-breakpoint
DROP INDEX IF EXISTS "orders_status_created_idx";--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status", "created_at" DESC, "id" DESC);--> statement-breakpoint
DROP INDEX IF EXISTS "orders_user_idx";--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
DROP INDEX IF EXISTS "orders_owner_idx";--> statement-breakpoint
CREATE INDEX "orders_owner_idx" ON "orders" USING btree ("owner_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "orders_user_status_idx" ON "orders" USING btree ("user_id", "status");--> statement-breakpoint
CREATE INDEX "orders_number_idx" ON "orders" USING btree ((upper(right("id"::text, 8))) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_user_email_idx" ON "orders" USING btree (lower("user_email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_user_name_trgm_idx" ON "orders" USING gin ("user_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_owner_name_trgm_idx" ON "orders" USING gin ("owner_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "books_live_created_idx" ON "books" USING btree ("created_at" DESC, "id" DESC) WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "books_live_status_created_idx" ON "books" USING btree ("status", "created_at" DESC, "id" DESC) WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "books_live_owner_created_idx" ON "books" USING btree ("owner_id", "created_at" DESC, "id" DESC) WHERE "deleted_at" IS NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "user_created_idx";--> statement-breakpoint
CREATE INDEX "user_created_idx" ON "user" USING btree ("created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "user_role_created_idx" ON "user" USING btree ("role", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "user_email_prefix_idx" ON "user" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "user_name_trgm_idx" ON "user" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_location_trgm_idx" ON "user" USING gin ("location" gin_trgm_ops);--> statement-breakpoint
DROP INDEX IF EXISTS "email_created_idx";--> statement-breakpoint
CREATE INDEX "email_created_idx" ON "email_notifications" USING btree ("created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "email_unsent_created_idx" ON "email_notifications" USING btree ("created_at" DESC, "id" DESC) WHERE "sent_at" IS NULL AND "failed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "email_failed_created_idx" ON "email_notifications" USING btree ("created_at" DESC, "id" DESC) WHERE "failed_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "email_recipient_prefix_idx" ON "email_notifications" USING btree (lower("recipient_email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "email_order_number_idx" ON "email_notifications" USING btree ((upper(right("order_id"::text, 8))) text_pattern_ops);--> statement-breakpoint
-- The dashboard's counters: 'orders', 'orders:<status>', 'books' (not deleted), 'users'. The
-- triggers append deltas (no writer waits on a shared row); the stats read folds them into
-- admin_counters and sums the two.
CREATE TABLE "admin_counters" (
	"name" text PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);--> statement-breakpoint
CREATE TABLE "admin_counter_deltas" (
	"name" text NOT NULL,
	"delta" bigint NOT NULL
);--> statement-breakpoint
INSERT INTO "admin_counters" ("name", "n")
	SELECT 'orders', count(*) FROM "orders"
	UNION ALL SELECT 'orders:' || "status", count(*) FROM "orders" GROUP BY "status"
	UNION ALL SELECT 'books', count(*) FROM "books" WHERE "deleted_at" IS NULL
	UNION ALL SELECT 'users', count(*) FROM "user";--> statement-breakpoint
CREATE FUNCTION "admin_count_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO admin_counter_deltas (name, delta)
			SELECT k, sum(d) FROM (
				SELECT 'orders' AS k, 1 AS d FROM new_rows
				UNION ALL SELECT 'orders:' || status, 1 FROM new_rows
			) c GROUP BY k;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO admin_counter_deltas (name, delta)
			SELECT k, sum(d) FROM (
				SELECT 'orders' AS k, -1 AS d FROM old_rows
				UNION ALL SELECT 'orders:' || status, -1 FROM old_rows
			) c GROUP BY k;
	ELSE
		INSERT INTO admin_counter_deltas (name, delta)
			SELECT k, sum(d) FROM (
				SELECT 'orders:' || status AS k, 1 AS d FROM new_rows
				UNION ALL SELECT 'orders:' || status, -1 FROM old_rows
			) c GROUP BY k HAVING sum(d) <> 0;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_count_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "admin_count_orders"();--> statement-breakpoint
CREATE TRIGGER "orders_count_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "admin_count_orders"();--> statement-breakpoint
CREATE TRIGGER "orders_count_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "admin_count_orders"();--> statement-breakpoint
CREATE FUNCTION "admin_count_books"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d bigint;
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT count(*) INTO d FROM new_rows WHERE deleted_at IS NULL;
	ELSIF TG_OP = 'DELETE' THEN
		SELECT -count(*) INTO d FROM old_rows WHERE deleted_at IS NULL;
	ELSE
		SELECT (SELECT count(*) FROM new_rows WHERE deleted_at IS NULL)
			- (SELECT count(*) FROM old_rows WHERE deleted_at IS NULL) INTO d;
	END IF;
	IF d <> 0 THEN
		INSERT INTO admin_counter_deltas (name, delta) VALUES ('books', d);
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "books_count_insert" AFTER INSERT ON "books" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "admin_count_books"();--> statement-breakpoint
CREATE TRIGGER "books_count_update" AFTER UPDATE ON "books" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "admin_count_books"();--> statement-breakpoint
CREATE TRIGGER "books_count_delete" AFTER DELETE ON "books" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "admin_count_books"();--> statement-breakpoint
CREATE FUNCTION "admin_count_users"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d bigint;
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT count(*) INTO d FROM new_rows;
	ELSE
		SELECT -count(*) INTO d FROM old_rows;
	END IF;
	IF d <> 0 THEN
		INSERT INTO admin_counter_deltas (name, delta) VALUES ('users', d);
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "user_count_insert" AFTER INSERT ON "user" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "admin_count_users"();--> statement-breakpoint
CREATE TRIGGER "user_count_delete" AFTER DELETE ON "user" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "admin_count_users"();
