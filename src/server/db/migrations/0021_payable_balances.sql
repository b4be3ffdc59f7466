-- The owner's payouts on Earnings page by keyset (docs/architecture.md, "Lists at scale"): read
-- newest day first, id as the tie-break, on one index range that also serves the owner's paid
-- total. (The admin's owners with a payable balance read the balances of migration 0022.)
DROP INDEX IF EXISTS "payouts_owner_idx";--> statement-breakpoint
CREATE INDEX "payouts_owner_paid_idx" ON "payouts" USING btree ("owner_id","paid_on" DESC,"id" DESC);
