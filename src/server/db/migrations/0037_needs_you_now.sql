-- The admin's "Needs you now" queue (D50): each kind is read soonest first by its own partial
-- index, so the queue stays a few index reads at a million orders (open payment tasks read
-- payment_tasks_open_idx backwards).
CREATE INDEX "orders_unpriced_delivery_idx" ON "orders" USING btree ("created_at","id") WHERE status = 'Draft' and delivery_method = 'delivery';--> statement-breakpoint
CREATE INDEX "orders_claims_waiting_idx" ON "orders" USING btree ("payment_claimed_at","id") WHERE status = 'Waiting for Payment' and payment_claimed_at is not null;--> statement-breakpoint
CREATE INDEX "orders_delivered_due_id_idx" ON "orders" USING btree ("due_at","id") WHERE status = 'Delivered';--> statement-breakpoint
CREATE INDEX "email_failed_at_idx" ON "email_notifications" USING btree ("failed_at","id") WHERE failed_at is not null and sent_at is null and channel = 'email';--> statement-breakpoint
-- The late-priced figure: the week's pricings (Draft to Waiting for Payment) by when they happened.
CREATE INDEX "order_events_priced_idx" ON "order_events" USING btree ("created_at") WHERE from_status = 'Draft' and to_status = 'Waiting for Payment';
