-- The owner's payouts on Earnings and the admin's owners with a payable balance page by keyset
-- (docs/architecture.md, "Lists at scale"). An owner's payouts are read newest day first, id as
-- the tie-break, on one index range that also serves the owner's paid total.
DROP INDEX IF EXISTS "payouts_owner_idx";--> statement-breakpoint
CREATE INDEX "payouts_owner_paid_idx" ON "payouts" USING btree ("owner_id","paid_on" DESC,"id" DESC);--> statement-breakpoint
-- Every owner's completed shares, summed by one grouped scan of this index alone: only the
-- Completed orders, with the two columns a share is computed from (owner_share, or subtotal
-- for rows made before shares were stored).
CREATE INDEX "orders_completed_owner_idx" ON "orders" USING btree ("owner_id","owner_share","subtotal") WHERE "orders"."status" = 'Completed';
