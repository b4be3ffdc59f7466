-- The owner's Earnings page summed every order and every payout of the owner for its totals, and
-- counted up to 10,001 of each for its two lists: at 1M the heavy owner's page read 120,000
-- payouts by a sequential scan (docs/performance.md, "Skewed growth"). owner_balances already
-- kept earned and paid (migration 0022); it now also keeps the pending shares (paid open orders,
-- D34), the orders the Earnings list shows (not Cancelled) and the payouts, so the page reads one
-- row for its totals and counts and each list reads one page of its index.
--
-- The orders' row trigger becomes statement triggers: a checkout inserts several owners' orders
-- in one statement, and the rows are written in owner order, so two writers never take two
-- owners' rows the other way round (as member_counts, migration 0048). Payouts keep their row
-- trigger (one payout per owner in a statement), which now counts them too.
--
-- The admin's Payouts tab counted the owners owed by reading every balance (the count of up to
-- 10,001 chose a sequential scan of owner_balances) and the payouts made by reading up to 10,001
-- of them. The 'owners owed' counter is now kept in admin_counters by a statement trigger on
-- owner_balances itself, so every writer of a balance (the triggers, the recount after a fee
-- change) moves it, and the 'payouts' counter by one on payouts.
ALTER TABLE "owner_balances" ADD COLUMN "pending" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "owner_balances" ADD COLUMN "earning_orders" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "owner_balances" ADD COLUMN "payouts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
DROP TRIGGER "orders_owner_balance" ON "orders";--> statement-breakpoint
DROP FUNCTION "orders_owner_balance"();--> statement-breakpoint
-- An order's part in its owner's balance: its share earned (Completed) or pending (paid, still
-- open: not Draft, Waiting for Payment, Completed or Cancelled), and whether Earnings lists it.
CREATE TYPE "owner_balance_part" AS (owner_id text, earned numeric, pending numeric, earning_orders integer);--> statement-breakpoint
CREATE FUNCTION "order_balance_part"(o orders, sign integer) RETURNS SETOF "owner_balance_part" LANGUAGE sql STABLE AS $$
	SELECT o."owner_id",
		CASE WHEN o."status" = 'Completed' THEN sign * "owner_share_of"(o."owner_share", o."subtotal") ELSE 0 END,
		CASE WHEN o."status" NOT IN ('Draft', 'Waiting for Payment', 'Completed', 'Cancelled')
			THEN sign * "owner_share_of"(o."owner_share", o."subtotal") ELSE 0 END,
		CASE WHEN o."status" <> 'Cancelled' THEN sign ELSE 0 END
	WHERE o."owner_id" IS NOT NULL
$$;--> statement-breakpoint
CREATE FUNCTION "orders_owner_balance"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	parts "owner_balance_part"[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		parts := ARRAY(SELECT b FROM new_rows o, "order_balance_part"(o, 1) b);
	ELSIF TG_OP = 'UPDATE' THEN
		parts := ARRAY(SELECT b FROM new_rows o, "order_balance_part"(o, 1) b
			UNION ALL SELECT b FROM old_rows o, "order_balance_part"(o, -1) b);
	ELSE
		parts := ARRAY(SELECT b FROM old_rows o, "order_balance_part"(o, -1) b);
	END IF;
	INSERT INTO "owner_balances" ("owner_id", "earned", "pending", "earning_orders")
		SELECT p.owner_id, sum(p.earned), sum(p.pending), sum(p.earning_orders) FROM unnest(parts) p
		GROUP BY 1 HAVING sum(p.earned) <> 0 OR sum(p.pending) <> 0 OR sum(p.earning_orders) <> 0 ORDER BY 1
		ON CONFLICT ("owner_id") DO UPDATE SET
			"earned" = "owner_balances"."earned" + excluded."earned",
			"pending" = "owner_balances"."pending" + excluded."pending",
			"earning_orders" = "owner_balances"."earning_orders" + excluded."earning_orders";
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_owner_balance_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "orders_owner_balance"();--> statement-breakpoint
CREATE TRIGGER "orders_owner_balance_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "orders_owner_balance"();--> statement-breakpoint
CREATE TRIGGER "orders_owner_balance_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "orders_owner_balance"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "payouts_owner_balance"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' AND OLD."owner_id" IS NOT NULL THEN
		INSERT INTO "owner_balances" ("owner_id", "paid", "payouts") VALUES (OLD."owner_id", -OLD."amount", -1)
			ON CONFLICT ("owner_id") DO UPDATE SET "paid" = "owner_balances"."paid" + excluded."paid",
				"payouts" = "owner_balances"."payouts" + excluded."payouts";
	END IF;
	IF TG_OP <> 'DELETE' AND NEW."owner_id" IS NOT NULL THEN
		INSERT INTO "owner_balances" ("owner_id", "paid", "payouts") VALUES (NEW."owner_id", NEW."amount", 1)
			ON CONFLICT ("owner_id") DO UPDATE SET "paid" = "owner_balances"."paid" + excluded."paid",
				"payouts" = "owner_balances"."payouts" + excluded."payouts";
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
DROP FUNCTION "owner_balance_add"(text, numeric, numeric);--> statement-breakpoint
-- Every owner with an order or a payout gets a row; the figures counted as the recount counts
-- them (payments/balances-service.ts), at the fee the balances were counted with.
INSERT INTO "owner_balances" ("owner_id")
	SELECT "owner_id" FROM "orders" WHERE "owner_id" IS NOT NULL AND "status" <> 'Cancelled'
	UNION SELECT "owner_id" FROM "payouts" WHERE "owner_id" IS NOT NULL
	ORDER BY 1
	ON CONFLICT ("owner_id") DO NOTHING;--> statement-breakpoint
UPDATE "owner_balances" AS b SET
	"pending" = c."pending", "earning_orders" = c."earning_orders"
	FROM (
		SELECT p.owner_id, sum(p.pending) AS pending, sum(p.earning_orders) AS earning_orders
		FROM "orders" o, "order_balance_part"(o, 1) p GROUP BY 1
	) c
	WHERE c.owner_id = b."owner_id";--> statement-breakpoint
UPDATE "owner_balances" AS b SET "payouts" = c.n
	FROM (SELECT "owner_id", count(*) AS n FROM "payouts" WHERE "owner_id" IS NOT NULL GROUP BY 1) c
	WHERE c."owner_id" = b."owner_id";--> statement-breakpoint
-- The owners owed: a balance with earned above paid (owner_balances_payable_idx's rows).
CREATE FUNCTION "owner_balances_count_owed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO admin_counter_deltas (name, delta)
			SELECT 'owners owed', count(*) FROM new_rows WHERE "earned" > "paid" HAVING count(*) <> 0;
	ELSIF TG_OP = 'UPDATE' THEN
		INSERT INTO admin_counter_deltas (name, delta)
			SELECT 'owners owed', d FROM (
				SELECT (SELECT count(*) FROM new_rows WHERE "earned" > "paid")
					- (SELECT count(*) FROM old_rows WHERE "earned" > "paid") AS d
			) c WHERE d <> 0;
	ELSE
		INSERT INTO admin_counter_deltas (name, delta)
			SELECT 'owners owed', -count(*) FROM old_rows WHERE "earned" > "paid" HAVING count(*) <> 0;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "owner_balances_count_owed_insert" AFTER INSERT ON "owner_balances" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "owner_balances_count_owed"();--> statement-breakpoint
CREATE TRIGGER "owner_balances_count_owed_update" AFTER UPDATE ON "owner_balances" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "owner_balances_count_owed"();--> statement-breakpoint
CREATE TRIGGER "owner_balances_count_owed_delete" AFTER DELETE ON "owner_balances" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "owner_balances_count_owed"();--> statement-breakpoint
INSERT INTO "admin_counters" ("name", "n")
	SELECT 'owners owed', count(*) FROM "owner_balances" WHERE "earned" > "paid";--> statement-breakpoint
CREATE FUNCTION "payouts_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO admin_counter_deltas (name, delta) SELECT 'payouts', count(*) FROM new_rows;
	ELSE
		INSERT INTO admin_counter_deltas (name, delta) SELECT 'payouts', -count(*) FROM old_rows;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "payouts_count_insert" AFTER INSERT ON "payouts" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "payouts_count"();--> statement-breakpoint
CREATE TRIGGER "payouts_count_delete" AFTER DELETE ON "payouts" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "payouts_count"();--> statement-breakpoint
INSERT INTO "admin_counters" ("name", "n") SELECT 'payouts', count(*) FROM "payouts";
