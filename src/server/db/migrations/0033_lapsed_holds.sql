-- A hold that lapsed unanswered (D25) leaves a line on the member's "My waitlist" for a while,
-- so it never vanishes silently: which book, and when the hold ended.
CREATE TABLE "waitlist_lapsed_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"book_id" uuid NOT NULL REFERENCES "books"("id") ON DELETE cascade,
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE cascade,
	"lapsed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "waitlist_lapsed_holds_user_idx" ON "waitlist_lapsed_holds" USING btree ("user_id","lapsed_at");
