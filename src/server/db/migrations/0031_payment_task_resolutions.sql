-- D44: an admin resolves each task of late or wrong money once: refunded through the provider,
-- refunded by hand (the bank's reference recorded), the order revived, or dismissed with a note.
-- A refund through the provider is marked started before the provider is called (outside any
-- transaction), so nobody revives or dismisses money that is on its way back. Money with an
-- unknown reference has no payment row: its task keeps the gateway's fee (D43), which the
-- month's figures count with the payments' fees.
-- The admin's Payment tasks tab lists open and resolved tasks newest first, each by its own
-- index; the Finance tab sums a month's paid orders and gateway fees (D43) on the two indexes
-- by moment paid.
ALTER TABLE "payment_tasks" DROP CONSTRAINT "payment_tasks_resolution";--> statement-breakpoint
ALTER TABLE "payment_tasks" ADD CONSTRAINT "payment_tasks_resolution" CHECK ("resolution" is null or "resolution" in ('refunded', 'refund_recorded', 'revived', 'dismissed'));--> statement-breakpoint
ALTER TABLE "payment_tasks" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "payment_tasks" ADD COLUMN "resolved_by_name" text;--> statement-breakpoint
ALTER TABLE "payment_tasks" ADD COLUMN "refund_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_tasks" ADD COLUMN "fee" numeric(12, 2);--> statement-breakpoint
DROP INDEX "payment_tasks_open_idx";--> statement-breakpoint
CREATE INDEX "payment_tasks_open_idx" ON "payment_tasks" USING btree ("created_at" desc, "id" desc) WHERE "resolved_at" is null;--> statement-breakpoint
CREATE INDEX "payment_tasks_resolved_idx" ON "payment_tasks" USING btree ("created_at" desc, "id" desc) WHERE "resolved_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_payment_confirmed_idx" ON "orders" USING btree ("payment_confirmed_at") WHERE "payment_confirmed_at" is not null;--> statement-breakpoint
CREATE INDEX "payments_paid_idx" ON "payments" USING btree ("paid_at") WHERE "paid_at" is not null;
