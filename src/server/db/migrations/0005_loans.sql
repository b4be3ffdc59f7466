-- Loans that run themselves (D21-D24): due dates on the order, extension charges, and one
-- table of timers fired exactly once by the outbox worker (FOR UPDATE SKIP LOCKED).
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_due_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_due_idx" ON "orders" USING btree ("due_at") WHERE "status" = 'Delivered';--> statement-breakpoint
CREATE TABLE "order_extensions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"weeks" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"previous_due_at" timestamp with time zone NOT NULL,
	"new_due_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_extensions_weeks" CHECK ("order_extensions"."weeks" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "order_extensions" ADD CONSTRAINT "order_extensions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_extensions_order_idx" ON "order_extensions" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE TABLE "timers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"key" text NOT NULL,
	"ref_at" timestamp with time zone,
	"due_at" timestamp with time zone NOT NULL,
	"fired_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timers_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE INDEX "timers_pending_idx" ON "timers" USING btree ("due_at") WHERE "fired_at" is null and "cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "timers_subject_idx" ON "timers" USING btree ("subject_id");
