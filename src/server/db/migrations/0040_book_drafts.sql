-- Shelf import: an owner's CSV becomes drafts, their own and never public, each published
-- through the upload path once it has a condition, a weekly price and a photo.
-- import_key is fixed when the draft is made (the ISBN-13, else the folded title and author),
-- so a second upload of the same file adds nothing, whatever the owner typed since.
CREATE TABLE "book_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL REFERENCES "user"("id") ON DELETE cascade,
	"import_key" text NOT NULL,
	"isbn" varchar(13),
	"title" varchar(100) DEFAULT '' NOT NULL,
	"author" varchar(100) DEFAULT '' NOT NULL,
	"language" "language" DEFAULT 'English' NOT NULL,
	"category" "category" DEFAULT 'Adult' NOT NULL,
	"condition" "book_condition",
	"weekly_price" numeric(12, 2),
	"photo_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "book_drafts_weekly_price_positive" CHECK ("weekly_price" IS NULL OR "weekly_price" > 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "book_drafts_owner_key_idx" ON "book_drafts" USING btree ("owner_id","import_key");
