-- Each owner's completed shares and payouts, kept by triggers (D34), so the admin's list of owners
-- with a payable balance is one index range at any size (docs/architecture.md, "Lists at scale")
-- instead of a grouped scan of every completed order.
--
-- A share is the order's stored owner_share; an order made before shares were stored counts
-- subtotal minus the service fee rounded to the rupiah, at the fee the server runs with: the
-- server writes that fee into ledger_settings when it starts and, when it differs from the one
-- stored, counts every balance again (payments/balances-service.ts).
CREATE TABLE "ledger_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"service_fee_percent" numeric(6, 3),
	CONSTRAINT "ledger_settings_single_row" CHECK ("ledger_settings"."id" = 1)
);--> statement-breakpoint
INSERT INTO "ledger_settings" ("id", "service_fee_percent") VALUES (1, NULL);--> statement-breakpoint
CREATE TABLE "owner_balances" (
	"owner_id" text PRIMARY KEY NOT NULL,
	"earned" numeric(14, 2) DEFAULT 0 NOT NULL,
	"paid" numeric(14, 2) DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE INDEX "owner_balances_payable_idx" ON "owner_balances" USING btree (("earned" - "paid") DESC, "owner_id" DESC) WHERE "earned" > "paid";--> statement-breakpoint
CREATE FUNCTION "owner_share_of"(share numeric, subtotal numeric) RETURNS numeric LANGUAGE sql STABLE AS $$
	SELECT coalesce(share, subtotal - round(subtotal * (SELECT "service_fee_percent" FROM "ledger_settings" WHERE "id" = 1) / 100), 0)
$$;--> statement-breakpoint
CREATE FUNCTION "owner_balance_add"(owner text, earned_delta numeric, paid_delta numeric) RETURNS void LANGUAGE sql AS $$
	INSERT INTO "owner_balances" ("owner_id", "earned", "paid") VALUES (owner, earned_delta, paid_delta)
	ON CONFLICT ("owner_id") DO UPDATE SET
		"earned" = "owner_balances"."earned" + excluded."earned",
		"paid" = "owner_balances"."paid" + excluded."paid"
$$;--> statement-breakpoint
CREATE FUNCTION "orders_owner_balance"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' AND OLD."status" IS NOT DISTINCT FROM NEW."status"
		AND OLD."owner_id" IS NOT DISTINCT FROM NEW."owner_id"
		AND OLD."owner_share" IS NOT DISTINCT FROM NEW."owner_share"
		AND OLD."subtotal" IS NOT DISTINCT FROM NEW."subtotal" THEN
		RETURN NULL;
	END IF;
	IF TG_OP <> 'INSERT' AND OLD."status" = 'Completed' AND OLD."owner_id" IS NOT NULL THEN
		PERFORM "owner_balance_add"(OLD."owner_id", -"owner_share_of"(OLD."owner_share", OLD."subtotal"), 0);
	END IF;
	IF TG_OP <> 'DELETE' AND NEW."status" = 'Completed' AND NEW."owner_id" IS NOT NULL THEN
		PERFORM "owner_balance_add"(NEW."owner_id", "owner_share_of"(NEW."owner_share", NEW."subtotal"), 0);
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_owner_balance" AFTER INSERT OR UPDATE OR DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION "orders_owner_balance"();--> statement-breakpoint
CREATE FUNCTION "payouts_owner_balance"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' AND OLD."owner_id" IS NOT NULL THEN
		PERFORM "owner_balance_add"(OLD."owner_id", 0, -OLD."amount");
	END IF;
	IF TG_OP <> 'DELETE' AND NEW."owner_id" IS NOT NULL THEN
		PERFORM "owner_balance_add"(NEW."owner_id", 0, NEW."amount");
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "payouts_owner_balance" AFTER INSERT OR UPDATE OR DELETE ON "payouts" FOR EACH ROW EXECUTE FUNCTION "payouts_owner_balance"();
