-- Payments that confirm themselves (D42-D44): what a provider was asked to collect for an order,
-- every notice a provider sent (kept once per provider and webhook id), and the admin tasks for
-- money that came late, twice or wrong.
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"channel" text DEFAULT '' NOT NULL,
	"provider_ref" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"fee" numeric(12, 2),
	"status" text DEFAULT 'pending' NOT NULL,
	"qr_string" text,
	"account_number" text,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"received_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_status" CHECK ("status" in ('pending', 'paid', 'expired', 'refunded')),
	CONSTRAINT "payments_method" CHECK ("method" in ('qris', 'va', 'transfer'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_uq" ON "payments" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_open_uq" ON "payments" USING btree ("order_id","method","channel","expires_at") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE TABLE "payment_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"webhook_id" text NOT NULL,
	"body" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"outcome" text
);--> statement-breakpoint
CREATE UNIQUE INDEX "payment_notices_webhook_uq" ON "payment_notices" USING btree ("provider","webhook_id");--> statement-breakpoint
CREATE TABLE "payment_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid REFERENCES "orders"("id") ON DELETE set null,
	"payment_id" uuid REFERENCES "payments"("id") ON DELETE set null,
	"notice_id" uuid NOT NULL REFERENCES "payment_notices"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"provider_payment_ref" text NOT NULL,
	"resolution" text,
	"refund_ref" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_tasks_kind" CHECK ("kind" in ('late', 'amount_mismatch', 'second_payment', 'unknown_reference')),
	CONSTRAINT "payment_tasks_resolution" CHECK ("resolution" is null or "resolution" in ('refunded', 'refund_recorded', 'revived'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "payment_tasks_notice_uq" ON "payment_tasks" USING btree ("notice_id");--> statement-breakpoint
CREATE INDEX "payment_tasks_open_idx" ON "payment_tasks" USING btree ("created_at") WHERE "resolved_at" is null;
