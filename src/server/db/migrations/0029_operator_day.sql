-- D49: delivery prices per pair of areas (the owner's, the borrower's), a row without an owner
-- area being the default into that borrower area. One price per route.
CREATE TABLE "delivery_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_area" text,
	"borrower_area" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_prices_route_uq" ON "delivery_prices" USING btree ("borrower_area", (coalesce("owner_area", '')));
