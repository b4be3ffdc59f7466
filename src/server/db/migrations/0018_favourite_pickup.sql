CREATE TABLE "favourite_pickup_locations" (
	"member_id" text PRIMARY KEY NOT NULL,
	"pickup_location_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "favourite_pickup_locations" ADD CONSTRAINT "favourite_pickup_locations_member_id_user_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_pickup_locations" ADD CONSTRAINT "favourite_pickup_locations_pickup_location_id_pickup_locations_id_fk" FOREIGN KEY ("pickup_location_id") REFERENCES "public"."pickup_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favourite_pickup_location_idx" ON "favourite_pickup_locations" USING btree ("pickup_location_id");
