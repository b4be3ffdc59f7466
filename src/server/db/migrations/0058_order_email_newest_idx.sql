-- The admin's order search by a whole address read every order under it to sort them for the
-- newest page, or walked every order newest first: a member with 100,000 orders took 2 s
-- (docs/performance.md, "Every row again at 10k, 100k and 1M"). Keyed by address and then
-- newest first, the index still serves an address's start (its first column) and reads one
-- address's newest page in order, stopping there.
DROP INDEX IF EXISTS "orders_user_email_idx";--> statement-breakpoint
CREATE INDEX "orders_user_email_idx" ON "orders" USING btree (lower("user_email") text_pattern_ops,"created_at" DESC,"id" DESC);--> statement-breakpoint
-- The planner's figures for lower(user_email) went with the old index.
ANALYZE "orders";
