-- Three counts that still read rows in proportion to the data (docs/performance.md, "Skewed growth").
--
-- 1. The dashboard's overdue card counted every Delivered loan past its due time: 89,000 rows at
-- 1M orders, since old overdue loans stay Delivered. A loan's due time does not move with the
-- clock, so the Delivered loans are now kept counted by the UTC day of their due time, as
-- 'loans-due:YYYY-MM-DD' admin counters (the append-only deltas of migration 0017). The read sums
-- the days before today's and counts today's loans already past due on orders_due_idx: one day's
-- loans at most. The counters' names sort as their days do. Needs you now (D50) counted its two
-- big kinds of orders up to 10,001 each: they are kept too, as 'queue:shipping_cost' (Draft
-- delivery orders) and 'queue:payment_claim' (claimed, waiting for payment), with the same
-- conditions as its queries (modules/admin/queue-service.ts).
--
-- The counters an order counts in besides 'orders' and 'orders:<status>'.
CREATE FUNCTION "order_kept_counters"(o orders) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
	SELECT array_remove(ARRAY[
		CASE WHEN o."status" = 'Delivered' AND o."due_at" IS NOT NULL
			THEN 'loans-due:' || to_char(o."due_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD') END,
		CASE WHEN o."status" = 'Draft' AND o."delivery_method" = 'delivery' THEN 'queue:shipping_cost' END,
		CASE WHEN o."status" = 'Waiting for Payment' AND o."payment_claimed_at" IS NOT NULL
			THEN 'queue:payment_claim' END
	], NULL)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "admin_count_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO admin_counter_deltas (name, delta)
			SELECT k, sum(d) FROM (
				SELECT 'orders' AS k, 1 AS d FROM new_rows
				UNION ALL SELECT 'orders:' || status, 1 FROM new_rows
				UNION ALL SELECT k, 1 FROM new_rows o, unnest(order_kept_counters(o)) k
			) c GROUP BY k;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO admin_counter_deltas (name, delta)
			SELECT k, sum(d) FROM (
				SELECT 'orders' AS k, -1 AS d FROM old_rows
				UNION ALL SELECT 'orders:' || status, -1 FROM old_rows
				UNION ALL SELECT k, -1 FROM old_rows o, unnest(order_kept_counters(o)) k
			) c GROUP BY k;
	ELSE
		INSERT INTO admin_counter_deltas (name, delta)
			SELECT k, sum(d) FROM (
				SELECT 'orders:' || status AS k, 1 AS d FROM new_rows
				UNION ALL SELECT 'orders:' || status, -1 FROM old_rows
				UNION ALL SELECT k, 1 FROM new_rows o, unnest(order_kept_counters(o)) k
				UNION ALL SELECT k, -1 FROM old_rows o, unnest(order_kept_counters(o)) k
			) c GROUP BY k HAVING sum(d) <> 0;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
INSERT INTO "admin_counters" ("name", "n")
	SELECT k, count(*) FROM "orders" o, unnest(order_kept_counters(o)) k GROUP BY k;--> statement-breakpoint
-- 2. Messages and the admins' Inbox counted their conversations on each page: a member in 10,000
-- conversations, or the Inbox, read up to the count's cap of 10,001 rows. The conversations are
-- now kept counted per member in member_counts (a conversation counts once for each of its two
-- members, as partOf in the conversations module reads them), written in member order as
-- migration 0048's counts are, and in all as the 'threads' admin counter.
ALTER TABLE "member_counts" ADD COLUMN "threads" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE FUNCTION "thread_members"(t threads) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
	SELECT array_remove(ARRAY[t."member_id", nullif(t."owner_id", t."member_id")], NULL)
$$;--> statement-breakpoint
CREATE FUNCTION "count_threads"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "member_counts" ("user_id", "threads")
			SELECT m, count(*) FROM new_rows t, unnest(thread_members(t)) m
			GROUP BY 1 ORDER BY 1
			ON CONFLICT ("user_id") DO UPDATE SET "threads" = "member_counts"."threads" + excluded."threads";
		INSERT INTO admin_counter_deltas (name, delta) SELECT 'threads', count(*) FROM new_rows HAVING count(*) > 0;
	ELSE
		INSERT INTO "member_counts" ("user_id", "threads")
			SELECT m, -count(*) FROM old_rows t, unnest(thread_members(t)) m
			GROUP BY 1 ORDER BY 1
			ON CONFLICT ("user_id") DO UPDATE SET "threads" = "member_counts"."threads" + excluded."threads";
		INSERT INTO admin_counter_deltas (name, delta) SELECT 'threads', -count(*) FROM old_rows HAVING count(*) > 0;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "threads_count_insert" AFTER INSERT ON "threads" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "count_threads"();--> statement-breakpoint
-- A conversation changes members only when an account is deleted (its side is set to null). Each
-- message moves its conversation's last_message_at, so the update trigger is a row trigger on the
-- members' columns that runs only when one of them changed, not a statement trigger on every post.
CREATE FUNCTION "count_thread_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "member_counts" ("user_id", "threads")
		SELECT d.m, sum(d.n) FROM (
			SELECT m, 1 AS n FROM unnest(thread_members(NEW)) m
			UNION ALL
			SELECT m, -1 FROM unnest(thread_members(OLD)) m
		) d
		GROUP BY 1 HAVING sum(d.n) <> 0 ORDER BY 1
		ON CONFLICT ("user_id") DO UPDATE SET "threads" = "member_counts"."threads" + excluded."threads";
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "threads_count_move" AFTER UPDATE OF "member_id", "owner_id" ON "threads" FOR EACH ROW
	WHEN (OLD."member_id" IS DISTINCT FROM NEW."member_id" OR OLD."owner_id" IS DISTINCT FROM NEW."owner_id")
	EXECUTE FUNCTION "count_thread_move"();--> statement-breakpoint
CREATE TRIGGER "threads_count_delete" AFTER DELETE ON "threads" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "count_threads"();--> statement-breakpoint
INSERT INTO "member_counts" ("user_id", "threads")
	SELECT m, count(*) FROM "threads" t, unnest(thread_members(t)) m GROUP BY 1
	ON CONFLICT ("user_id") DO UPDATE SET "threads" = excluded."threads";--> statement-breakpoint
INSERT INTO "admin_counters" ("name", "n") SELECT 'threads', count(*) FROM "threads";
