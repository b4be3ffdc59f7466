-- The admin payouts, reviews and inbox pages and a member's Messages page by keyset cursor
-- (docs/architecture.md, "Lists at scale"): each index in the list's order, id as the tie-break,
-- so a page is one index range at any depth.
DROP INDEX IF EXISTS "reviews_created_idx";--> statement-breakpoint
CREATE INDEX "reviews_created_idx" ON "reviews" USING btree ("created_at" DESC,"id" DESC);--> statement-breakpoint
DROP INDEX IF EXISTS "threads_last_message_idx";--> statement-breakpoint
CREATE INDEX "threads_last_message_idx" ON "threads" USING btree ("last_message_at" DESC,"id" DESC);--> statement-breakpoint
DROP INDEX IF EXISTS "threads_member_idx";--> statement-breakpoint
CREATE INDEX "threads_member_idx" ON "threads" USING btree ("member_id","last_message_at" DESC,"id" DESC);--> statement-breakpoint
DROP INDEX IF EXISTS "threads_owner_idx";--> statement-breakpoint
CREATE INDEX "threads_owner_idx" ON "threads" USING btree ("owner_id","last_message_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "payouts_created_idx" ON "payouts" USING btree ("created_at" DESC,"id" DESC);
