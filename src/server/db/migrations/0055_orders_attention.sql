-- My orders asks, on its first page, a member's orders that may need attention (payment due and
-- not claimed, or a loan delivered) soonest first, at most 50. By (member, status) it read every
-- such order and sorted them: all 1,100 of the heavy borrower's at 100k, 11,000 at 1M, since old
-- overdue loans stay Delivered (docs/performance.md, "Skewed growth"). Partial on those orders and
-- in the list's order, the first page stops after its 50 rows whatever the member's history. The
-- owner's list ("Orders for my books") asks the same of the owner's orders.
CREATE INDEX "orders_user_attention_idx" ON "orders" USING btree ("user_id",coalesce("due_at", "payment_due_at"),"id") WHERE ("status" = 'Waiting for Payment' AND "payment_claimed_at" IS NULL) OR "status" = 'Delivered';--> statement-breakpoint
CREATE INDEX "orders_owner_attention_idx" ON "orders" USING btree ("owner_id",coalesce("due_at", "payment_due_at"),"id") WHERE ("status" = 'Waiting for Payment' AND "payment_claimed_at" IS NULL) OR "status" = 'Delivered';
