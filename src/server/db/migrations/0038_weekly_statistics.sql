-- The admin's Statistics tab reads the last 12 weeks of each figure by an indexed range on the
-- moment the figure happened, so its cost follows the weeks' activity, never the whole history
-- (docs/performance.md). Orders placed and paid, payments paid and payment tasks already have
-- their index by moment; these are the rest: orders completed and handed over, books listed, and
-- payouts by the day paid.
CREATE INDEX "orders_completed_idx" ON "orders" USING btree ("completed_at") WHERE "completed_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_delivered_idx" ON "orders" USING btree ("delivered_at") WHERE "delivered_at" is not null;--> statement-breakpoint
CREATE INDEX "books_created_idx" ON "books" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payouts_paid_on_idx" ON "payouts" USING btree ("paid_on");
