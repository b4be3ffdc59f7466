-- D47: a member marks a title (with its author, or not) or an ISBN as wanted; when a matching
-- book is listed or becomes available they are told once per book. Titles and authors match
-- folded (rk_fold: lower case, accents off) and trimmed, as the search's words do.
CREATE TABLE "wanted_books" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE cascade,
	"isbn" text,
	"title" text,
	"author" text,
	"title_key" text GENERATED ALWAYS AS (nullif(btrim(rk_fold("title")), '')) STORED,
	"author_key" text GENERATED ALWAYS AS (nullif(btrim(rk_fold("author")), '')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wanted_books_isbn_or_title" CHECK ("isbn" IS NOT NULL OR "title" IS NOT NULL)
);--> statement-breakpoint
CREATE INDEX "wanted_books_user_idx" ON "wanted_books" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "wanted_books_isbn_idx" ON "wanted_books" USING btree ("isbn") WHERE "isbn" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "wanted_books_title_idx" ON "wanted_books" USING btree ("title_key") WHERE "title_key" IS NOT NULL;--> statement-breakpoint
-- One notice per wanted entry and book, whatever the number of times the book comes back.
CREATE TABLE "wanted_book_notices" (
	"wanted_id" uuid NOT NULL REFERENCES "wanted_books"("id") ON DELETE cascade,
	"book_id" uuid NOT NULL REFERENCES "books"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("wanted_id", "book_id")
);
